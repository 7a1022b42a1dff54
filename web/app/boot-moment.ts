// When the boot script (web/boot.ts) runs the app on a server-rendered page. Kept apart from it so
// it can be tested; only boot.ts imports it, so it travels in the boot script's own chunk.

/** shared/event-path.ts's EVENT_PAGE_PREFIX, written out: an import shared with the app would become a chunk the boot script imports (a test holds the two together). */
export const EVENT_PAGES = "/eventi/";

/** The pass banner's storage key (web/entities/pass/remembered.ts writes it; a test holds the two together). */
const PASS_BANNER_STORAGE_KEY = "parcheggi-eventi:pass-banner";

/**
 * Whether the page has something to do before the visitor moves: a page other than the home or an
 * event's (a gate's service worker built before decision 057 answered its pages with the home's HTML),
 * the card provider's return (`?payment=success`, or any other parameter the app reads) or a pass
 * banner this device keeps. Otherwise the app waits for the visitor's first move (decision 043).
 */
export function appWantedAtOnce(path: string, search: string, storage: Pick<Storage, "getItem"> | null): boolean {
  if (path !== "/" && !path.startsWith(EVENT_PAGES)) return true;
  const params = [...new URLSearchParams(search).keys()].filter((key) => key !== "lang");
  if (params.length > 0) return true;
  try {
    return storage?.getItem(PASS_BANNER_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}

/**
 * The visitor's first move: a touch, a press, a key, the mouse over the page, a scroll, a focus.
 * The app is there by the time a finger lands on a card, and a look at the page costs no script.
 */
export const FIRST_MOVES = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel", "scroll"] as const;

/**
 * The mark the boot script leaves on #root once the visitor has pressed or typed: the app's first-act
 * waits (web/app/first-act.ts) registered after that act start at once instead of waiting for a
 * second act. Written out there too (a test holds the two together).
 */
export const ACTED_MARK = "data-acted";
export const FIRST_ACTS = ["pointerdown", "keydown"] as const;
