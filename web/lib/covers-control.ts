type Box = { left: number; top: number; right: number; bottom: number };

// Controls, and what a page marks as never to be covered (the pass's caption "show this at the gate", a
// card's date, spots and price, a rate's row: decision 057).
const CONTROLS = 'a[href], button, input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"]), [data-keep-clear]';

/** Whether two boxes share any area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Whether a floating element, where it is now, lies over any visible control of the page but its own. */
export function coversControl(floating: HTMLElement): boolean {
  const box = laidOutBox(floating);
  for (const control of document.querySelectorAll<HTMLElement>(CONTROLS)) {
    if (floating.contains(control) || control.contains(floating)) continue;
    // Not yet rendered (off screen, `render-when-near-*`): measuring it would lay that part of the
    // page out, and off screen it cannot be under the floating element anyway.
    if (control.checkVisibility?.({ contentVisibilityAuto: true }) === false) continue;
    const r = control.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (overlaps(box, r)) return true;
  }
  return false;
}

/**
 * Where the element is laid out, without a translation now moving it: the live popup slides in from
 * 12 px lower, and measured mid-slide it "fitted" over a control it then covered (issue #48).
 */
function laidOutBox(element: HTMLElement): Box {
  const box = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  let [x, y] = [0, 0];
  if (style.translate && style.translate !== "none") {
    const [tx = "0", ty = "0"] = style.translate.split(" ");
    [x, y] = [parseFloat(tx) || 0, parseFloat(ty) || 0];
  }
  if (style.transform && style.transform !== "none") {
    const matrix = new DOMMatrixReadOnly(style.transform);
    [x, y] = [x + matrix.m41, y + matrix.m42];
  }
  return { left: box.left - x, right: box.right - x, top: box.top - y, bottom: box.bottom - y };
}
