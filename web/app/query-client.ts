import { QueryClient } from "@tanstack/query-core";
import { queryClientAtom } from "jotai-tanstack-query";
import { createStore } from "jotai";
import type { Catalogue, Lang } from "../i18n/catalogue";
import { catalogueAtom } from "../i18n/lang";

/** Spec §9: no refetch interval, no refetch on focus, data never goes stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export function createAppStore(queryClient = createQueryClient(), language?: { lang: Lang; t: Catalogue }) {
  const store = createStore();
  store.set(queryClientAtom, queryClient);
  if (language) store.set(catalogueAtom, language);
  return store;
}
