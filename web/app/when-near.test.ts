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
