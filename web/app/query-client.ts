import { hashKey, QueryClient } from "@tanstack/query-core";
import { createStore } from "jotai";
import { startTransition } from "react";
import { queryClientAtom } from "jotai-tanstack-query";
import type { HomeData } from "../../worker/api";
import { homeQueries, seedHomeQueries } from "../features/home/home-data";
import { catalogueAtom, type Language } from "../i18n/lang";
import * as queryAtoms from "../lib/queries";
import { markQueryLayerReady, queryAtomsAtom } from "./query-ready";

/** Spec §9: no refetch interval, no refetch on focus, data never goes stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
      mutations: { retry: false },
    },
  });
}

/** Gives a store its query client (seeded with the home's injected data, if any) and the query atoms (on the home, once one of its queries changes). */
export function attachQueries(store: ReturnType<typeof createStore>, queryClient: QueryClient, homeData: HomeData | null = null) {
  store.set(queryClientAtom, queryClient);
  if (homeData) {
    seedHomeQueries(queryClient, homeData);
    moveHomeReadsOnFirstChange(store, queryClient, homeData);
  } else {
    store.set(queryAtomsAtom, queryAtoms);
  }
  markQueryLayerReady();
}

/**
 * The home's reads stay on the injected data, which is what the cache was just seeded with, until
 * one of those queries changes (a booking's refetch, an invalidation): only then do they move onto
 * the query atoms. Moving them at once, right after hydration, cost a 15–30 ms task of query
 * observers and re-renders that showed nothing new.
 */
function moveHomeReadsOnFirstChange(store: ReturnType<typeof createStore>, queryClient: QueryClient, homeData: HomeData) {
  const homeKeys = new Set(homeQueries(homeData).map(([key]) => hashKey(key)));
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || !homeKeys.has(event.query.queryHash)) return;
    stop();
    // As a transition: React re-renders the home onto the cache in short slices.
    startTransition(() => store.set(queryAtomsAtom, queryAtoms));
  });
}

/** A store with the query layer already attached: the Worker's islands, the build's prerender and tests. */
export function createAppStore(queryClient: QueryClient, language: Language) {
  const store = createStore();
  store.set(catalogueAtom, language);
  attachQueries(store, queryClient);
  return store;
}
