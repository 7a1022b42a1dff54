const FIRST_ACTS = ["pointerdown", "keydown"] as const;

/** Calls `act` once, when the visitor first presses, taps or types anywhere on the page. Returns its removal. */
export function onFirstAct(act: () => void): () => void {
  const stop = () => FIRST_ACTS.forEach((type) => window.removeEventListener(type, first, true));
  const first = () => {
    stop();
    act();
  };
  FIRST_ACTS.forEach((type) => window.addEventListener(type, first, { capture: true, passive: true }));
  return stop;
}
