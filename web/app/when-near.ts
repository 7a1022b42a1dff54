import { onFirstAct } from "./first-act";

/**
 * Resolves once the server-rendered element `id` comes near the viewport, or the visitor first
 * presses, taps or types (a language switch must find every part hydrated). At once when the
 * element is not in the page (a page rendered from scratch) and where nothing scrolls (the server,
 * the build's prerender). For a static part's code: its HTML is already there, so nobody sees when
 * it hydrates, and a visitor who never scrolls to it never downloads it (decision 035).
 * At once, too, when that element leaves the page: React dropped the server's HTML of a part that
 * changed before it hydrated (a first-act language switch), and the part, rendered anew, needs its
 * code now; watching the removed element, it waited for ever (no footer at all, issue #48).
 */
export function whenNear(id: string, margin = "200px"): Promise<void> {
  if (typeof document === "undefined" || typeof IntersectionObserver === "undefined") return Promise.resolve();
  const element = document.getElementById(id);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      removal.disconnect();
      stopWaiting();
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), { rootMargin: margin });
    observer.observe(element);
    // React removes a dropped part's nodes from their parent one by one: its children list says so.
    const removal = new MutationObserver(() => !element.isConnected && done());
    if (element.parentNode) removal.observe(element.parentNode, { childList: true });
    const stopWaiting = onFirstAct(done);
  });
}
