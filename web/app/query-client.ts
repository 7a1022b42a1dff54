import { QueryClient } from "@tanstack/query-core";
import { queryClientAtom } from "jotai-tanstack-query";
import { createStore } from "jotai";

/** Spec §9: no refetch interval, no refetch on focus, data never goes stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export function createAppStore(queryClient = createQueryClient()) {
  const store = createStore();
  store.set(queryClientAtom, queryClient);
  return store;
}
