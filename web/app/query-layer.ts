import { atom, type createStore } from "jotai";
import type { HomeData } from "../../worker/api";
import { queryLayerReady } from "./query-ready";

type Store = ReturnType<typeof createStore>;

// The home arrives rendered with its data, so its first render needs no query cache: TanStack Query
// and the query atoms (~13 KB gzip) load after it (docs/decisions/021). Until then the home reads
// the data the Worker put into the page.

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

/** A lazy screen or dialog that reads or writes server state: its code, once the query layer is there. */
export function afterQueryLayer<T>(load: () => Promise<T>): Promise<T> {
  const layer = target ? attachQueryLayer(target.store, target.homeData) : queryLayerReady;
  return Promise.all([load(), layer]).then(([module]) => module);
}
