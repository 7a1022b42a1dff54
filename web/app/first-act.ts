export const FIRST_ACTS = ["pointerdown", "keydown"] as const;
/** boot-moment.ts's ACTED_MARK: the boot script saw the visitor's first press or key (before the app listened, or after). */
export const ACTED_MARK = "data-acted";

/**
 * Calls `act` once, when the visitor first presses, taps or types anywhere on the page (at once, in a
 * microtask, when the boot script saw that happen before the app ran). Returns its removal.
 */
export function onFirstAct(act: () => void): () => void {
  if (typeof document !== "undefined" && document.getElementById("root")?.hasAttribute(ACTED_MARK)) {
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) act();
    });
    return () => {
      cancelled = true;
    };
  }
  const stop = () => FIRST_ACTS.forEach((type) => window.removeEventListener(type, first, true));
  const first = () => {
    stop();
    act();
  };
  FIRST_ACTS.forEach((type) => window.addEventListener(type, first, { capture: true, passive: true }));
  return stop;
}
