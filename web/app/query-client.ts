import { QueryClient } from "@tanstack/query-core";
import { createStore } from "jotai";
import { startTransition } from "react";
import { queryClientAtom } from "jotai-tanstack-query";
import type { HomeData } from "../../worker/services/home";
import { seedHomeQueries } from "../features/home/home-data";
import type { Catalogue, Lang } from "../i18n/catalogue";
import { catalogueAtom } from "../i18n/lang";
import * as queryAtoms from "../lib/queries";
import { markQueryLayerReady, queryAtomsAtom } from "./query-layer";

/** Spec §9: no refetch interval, no refetch on focus, data never goes stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
      mutations: { retry: false },
    },
  });
}

/** Gives a store its query client (seeded with the home's injected data, if any) and the query atoms. */
export function attachQueries(store: ReturnType<typeof createStore>, queryClient: QueryClient, homeData: HomeData | null = null) {
  if (homeData) seedHomeQueries(queryClient, homeData);
  store.set(queryClientAtom, queryClient);
  // Every home read re-renders onto the query atoms (the same data): as a transition, React does
  // that in short slices instead of one task a tap would wait behind.
  startTransition(() => store.set(queryAtomsAtom, queryAtoms));
  markQueryLayerReady();
}

/** A store with the query layer already attached: the Worker's islands, the build's prerender and tests. */
export function createAppStore(queryClient = createQueryClient(), language?: { lang: Lang; t: Catalogue }) {
  const store = createStore();
  if (language) store.set(catalogueAtom, language);
  attachQueries(store, queryClient);
  return store;
}
