import { createStore, Provider } from "jotai";
import { en, it as italian } from "./whole";
import { lazy, Suspense } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { waitFor } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { catalogueAtom, setRenderedLanguage, useT } from "./lang";

function Title() {
  return <h1>{useT().home.hero.title}</h1>;
}

let container: HTMLElement | null = null;
afterEach(() => container?.remove());
// As in a browser: React's own scheduling, not act()'s, which renders a transition at once.
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

it("a language switched while a part still waits to hydrate: the part hydrates in the server's language first, then switches, without a mismatch", async () => {
  const store = createStore();
  store.set(catalogueAtom, { lang: "it", t: italian });
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  // A part whose code arrives late, as the home's footer and reviews do (when near).
  const Late = lazy(() => arrived.then(() => ({ default: Title })));
  const tree = (part: React.ReactNode) => (
    <Provider store={store}>
      <Suspense fallback={null}>{part}</Suspense>
    </Provider>
  );
  container = document.createElement("div");
  container.innerHTML = renderToString(tree(<Title />));
  document.body.appendChild(container);
  setRenderedLanguage({ lang: "it", t: italian });
  const errors: unknown[] = [];
  hydrateRoot(container, tree(<Late />), { onRecoverableError: (error) => errors.push(error) });
  await settle();
  expect(container.textContent).toBe(italian.home.hero.title);

  // The switch, before the part's code has arrived.
  store.set(catalogueAtom, { lang: "en", t: en });
  await settle();
  release();
  // The part hydrates, then React re-renders it in the new language (or, on a mismatch, regenerates it).
  await waitFor(() => expect(container!.textContent).toBe(en.home.hero.title), { timeout: 5000 });
  await settle();
  // Fails if the part read the new language straight from the store while hydrating: React's #418.
  expect(errors.map((e) => String((e as Error).message).slice(0, 200))).toEqual([]);
});
