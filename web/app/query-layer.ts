import { atom, type createStore } from "jotai";
import type { HomeData } from "../../worker/api";
import { queryLayerReady } from "./query-ready";
import { onFirstAct } from "./first-act";
import { catalogueAtom, loadCatalogue } from "../i18n/lang";

type Store = ReturnType<typeof createStore>;

// The home arrives rendered with its data, so it needs no query cache until a visitor acts: TanStack
// Query, the query atoms and the typed client (~13 KB gzip) load on the first touch or key press, or
// when a dialog or screen needs them (docs/decisions/021, 035). Until then the home reads the data
// the Worker put into the page, and the live popups read with a plain fetch.

/** The home's data as the Worker injected it into this page (null on other pages and in `npm run dev`). */
export const injectedHomeDataAtom = atom<HomeData | null>(null);

let attaching: Promise<void> | null = null;
let target: { store: Store; homeData: HomeData | null } | null = null;
/**
 * Loads the query layer and attaches it to the app's store, its cache seeded with the injected data.
 * Once; if its chunk failed to load (a dropped connection), the next call tries again.
 */
export function attachQueryLayer(store: Store, homeData: HomeData | null): Promise<void> {
  target = { store, homeData };
  attaching ??= import("./query-client")
    .then(({ attachQueries, createQueryClient }) => attachQueries(store, createQueryClient(), homeData))
    .catch((err: unknown) => {
      attaching = null;
      throw err;
    });
  return attaching;
}

/** Says which store the query layer attaches to when a screen, a dialog or a first touch asks for it. */
export function queryLayerFor(store: Store, homeData: HomeData | null) {
  target = { store, homeData };
}

/**
 * On the home: the query layer (and `alsoOnFirstAct`) once the visitor first presses, taps or types
 * (a dialog it opens asks for the layer too, and gets it sooner). Elsewhere: at once. Returns the
 * listeners' removal.
 */
export function attachQueryLayerWhenNeeded(store: Store, homeData: HomeData | null, alsoOnFirstAct: () => void = () => undefined): () => void {
  const attach = () => void attachQueryLayer(store, homeData).catch(() => undefined);
  if (!homeData) {
    attach();
    return () => undefined;
  }
  return onFirstAct(() => {
    attach();
    alsoOnFirstAct();
  });
}

/** A lazy screen or dialog that reads or writes server state: its code, once the query layer is there. */
export function afterQueryLayer<T>(load: () => Promise<T>): Promise<T> {
  const layer = target ? attachQueryLayer(target.store, target.homeData) : queryLayerReady;
  return Promise.all([load(), layer, laterTexts()]).then(([module]) => module);
}

/** The page's language's later texts (the home loaded only its own), for the screen or dialog about to render. */
function laterTexts(): Promise<unknown> {
  if (!target) return Promise.resolve();
  try {
    return loadCatalogue(target.store.get(catalogueAtom).lang);
  } catch {
    return Promise.resolve(); // no catalogue yet: main.tsx loads the whole one before such a render
  }
}
