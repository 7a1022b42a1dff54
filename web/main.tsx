import { createStore } from "jotai";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { attachQueryLayer, injectedHomeDataAtom, queryLayerFor } from "./app/query-layer";
import { loadEventPageRoute, preloadOtherRoutes } from "./app/router";
import { EVENT_PAGE_PREFIX } from "../shared/event-path";
import { readInjectedHomeData } from "./features/home/home-data";
import { rememberLongDates } from "./lib/format-basic";
import type { Catalogue } from "./i18n/catalogue";
import { catalogueAtom, loadCatalogue, loadHomeCatalogue, setPageLang, setRenderedLanguage, startLang } from "./i18n/lang";
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
// set before the first render, so hydration reads the language the Worker rendered. An event's page
// the Worker rendered waits for its route's code too: hydrated without suspending, a tap on it is
// never dropped (decision 049).
// The home and an event's page the Worker rendered need the home's texts only; the pages after
// them (and their dialogs) wait for the rest (afterQueryLayer).
const loadFor = serverRendered ? loadHomeCatalogue : loadCatalogue;
const catalogue = loadFor(lang).catch(() => loadFor("it"));
const eventPage = serverRendered && location.pathname.startsWith(EVENT_PAGE_PREFIX) ? loadEventPageRoute().catch(() => undefined) : null;
void Promise.all([catalogue, eventPage]).then(([t]) => start(t));

function start(t: Catalogue) {
  // One object for both: React compares the hydration snapshot with the store's after hydrating, and
  // two equal objects would re-render every part that reads the language, synchronously. A part still
  // waiting for its code (the footer, the reviews, the partners) would then lose its server HTML to
  // its empty fallback: the page shrank under the fan's finger (issue #44).
  const language = { lang, t };
  store.set(catalogueAtom, language);
  if (serverRendered) setRenderedLanguage(language);
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
    // React listens on the root from here on: a tap on a part not hydrated yet makes React hydrate
    // that part at once and run its handler (selective hydration). A tap made before (boot.ts kept its
    // button) is given to React now, the same way (decision 049).
    root.dataset.app = "on";
    const early = document.querySelector<HTMLElement>("[data-early-click]");
    early?.removeAttribute("data-early-click");
    if (early?.isConnected) early.click();
  } else {
    root.replaceChildren();
    root.hidden = false;
    createRoot(root).render(app);
  }
}
