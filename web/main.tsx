import { createStore } from "jotai";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { attachQueryLayer, injectedHomeDataAtom, queryLayerFor } from "./app/query-layer";
import { preloadOtherRoutes } from "./app/router";
import { readInjectedHomeData } from "./features/home/home-data";
import { rememberLongDates } from "./lib/format-basic";
import type { Catalogue } from "./i18n/catalogue";
import { catalogueAtom, loadCatalogue, setPageLang, startLang } from "./i18n/lang";
import "./styles.css";

// Loaded by boot.ts: on the home after its first paint, on every other page at once.
const root = document.getElementById("root")!;
const homeData = readInjectedHomeData();
if (homeData?.longDates) rememberLongDates(homeData.longDates.locale, homeData.longDates.texts);
// The Worker shows the prerendered home (filled with this request's data) only on `/`; every other
// page gets the same index.html with that shell hidden, and renders from scratch.
const serverRendered = !root.hidden && root.firstElementChild !== null;
const lang = startLang(serverRendered);
// Said before anything renders or fetches: the API answers in the page's language (web/lib/api.ts).
setPageLang(lang);
const store = createStore();
store.set(injectedHomeDataAtom, homeData);
queryLayerFor(store, homeData);
// Every page but the home renders through react-router, a chunk of its own: fetched beside the rest.
if (location.pathname !== "/") preloadOtherRoutes();
// A page rendered from scratch reads through the query layer at once: load it beside the page's code.
if (!serverRendered) void attachQueryLayer(store, homeData).catch(() => undefined);
// The page's catalogue is a chunk of its own, which the page preloads beside the app (vite.config.ts):
// set before the first render, so hydration reads the language the Worker rendered.
loadCatalogue(lang)
  .catch(() => loadCatalogue("it"))
  .then(start);

function start(t: Catalogue) {
  store.set(catalogueAtom, { lang, t });
  const app = (
    <StrictMode>
      <App store={store} />
    </StrictMode>
  );
  if (serverRendered) {
    // As a transition, so hydration yields to the browser every few milliseconds instead of running
    // as one long task.
    startTransition(() => {
      hydrateRoot(root, app);
    });
    // React listens from here on. The button a visitor pressed while the app was still loading
    // (boot.ts) is pressed again once React has hydrated it: a click on a part React cannot hydrate
    // at once (an event's page waits for its route's chunks) would otherwise be dropped.
    root.dataset.app = "on";
    const early = document.querySelector<HTMLElement>("[data-early-click]");
    early?.removeAttribute("data-early-click");
    if (early) pressWhenHydrated(early, performance.now() + 10_000);
  } else {
    root.replaceChildren();
    root.hidden = false;
    createRoot(root).render(app);
  }
}

/** React marks each element it has hydrated with its props (`__reactProps$…`, React 17 to 19); `deadline` gives up. */
function pressWhenHydrated(button: HTMLElement, deadline: number) {
  if (Object.keys(button).some((key) => key.startsWith("__reactProps$"))) {
    if (button.isConnected) button.click();
    return;
  }
  if (performance.now() < deadline) requestAnimationFrame(() => pressWhenHydrated(button, deadline));
}

