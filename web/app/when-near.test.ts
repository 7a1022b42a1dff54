import { afterEach, expect, it } from "vitest";
import { whenNear } from "./when-near";

afterEach(() => document.body.replaceChildren());

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return done;
};

it("resolves at once when the part is not in the page (a page rendered from scratch)", async () => {
  // Fails if a client-rendered home waited for an element that will never be observed: no reviews, no footer.
  expect(await settled(whenNear("absent"))).toBe(true);
});

it("waits while the part is far, and resolves on the visitor's first press or key", async () => {
  const far = document.createElement("footer");
  far.id = "contatti";
  document.body.appendChild(far);
  const near = whenNear("contatti");
  if (typeof IntersectionObserver !== "undefined") expect(await settled(near)).toBe(false);
  // Fails if a language switch could find the footer still waiting: its text would stay in the old language.
  window.dispatchEvent(new Event("keydown"));
  expect(await settled(near)).toBe(true);
});

it("resolves when the part leaves the page before it came near: React dropped its server HTML to render it anew", async () => {
  const frame = document.createElement("div");
  const far = document.createElement("footer");
  far.id = "contatti";
  frame.appendChild(far);
  document.body.appendChild(frame);
  const near = whenNear("contatti");
  expect(await settled(near)).toBe(false);
  // Fails if the footer, dropped by a first-act language switch before it hydrated, waited for ever
  // on an element no longer in the page: the home had no footer at all (issue #48).
  frame.removeChild(far);
  expect(await settled(near)).toBe(true);
});
