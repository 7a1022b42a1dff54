import type { InfiniteData } from "@tanstack/query-core";
import { useAtomValue, type Atom } from "jotai";
import { atomWithInfiniteQuery, type AtomWithInfiniteQueryResult } from "jotai-tanstack-query";
import { useMemo } from "react";
import { useAppSearchParams } from "../../../lib/search-params";

/** Rows a page asks for (the list says how many match and loads more on request). */
export const PAGE_SIZE = 50;

type Search = Record<string, string>;

/**
 * A list's filters as the URL carries them (?tab=…&param=…), so a view can be shared: `params` names each
 * filter's URL parameter, in the URL's order; `parse` checks or completes what was read. Empty filters stay out.
 */
export function useUrlSearch<S extends Search>(tab: string, params: Record<keyof S, string>, parse: (read: Search) => S = (read) => read as S) {
  const [query, setQuery] = useAppSearchParams();
  const read: Search = {};
  for (const [key, name] of Object.entries(params)) read[key] = query.get(name) ?? "";
  const search = parse(read);
  const setSearch = (next: Partial<S>) => {
    const merged: Search = { ...search, ...next };
    const url: Record<string, string> = { tab: query.get("tab") ?? tab };
    for (const [key, name] of Object.entries(params)) if (merged[key].trim()) url[name] = merged[key].trim();
    setQuery(url);
  };
  return [search, setSearch] as const;
}

/**
 * One search's pages from a list the server sends by cursor (?limit=…&cursor=…, each filter that is not empty):
 * one atom per search, so make it with useMemo (usePages does).
 */
export function pagedSearchAtom<S extends Search, P extends { nextCursor?: string | null }>(
  queryKey: readonly unknown[],
  search: S,
  fetchPage: (query: Record<string, string>) => Promise<P>,
  enabled = true,
) {
  return atomWithInfiniteQuery(() => ({
    queryKey,
    queryFn: ({ pageParam }: { pageParam: string }) => {
      const query: Record<string, string> = { limit: String(PAGE_SIZE) };
      for (const [key, value] of Object.entries(search)) if (value.trim()) query[key] = value.trim();
      if (pageParam) query.cursor = pageParam;
      return fetchPage(query);
    },
    initialPageParam: "",
    getNextPageParam: (last: P) => last.nextCursor ?? undefined,
    enabled,
  }));
}

/** The pages of the search the URL carries (one atom per search, keyed by its content: `search` is a new object each render), its rows so far and its first page. */
export function usePages<S extends Search, P, R>(pagesAtom: (search: S) => Atom<AtomWithInfiniteQueryResult<InfiniteData<P>, Error>>, search: S, rowsOf: (page: P) => R[]) {
  const key = JSON.stringify(search);
  const pages = useAtomValue(useMemo(() => pagesAtom(search), [key]));
  return { pages, rows: pages.data?.pages.flatMap(rowsOf), first: pages.data?.pages[0] };
}
