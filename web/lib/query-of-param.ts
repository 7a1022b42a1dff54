import { useAtomValue, useSetAtom, type Atom, type WritableAtom } from "jotai";
import { useEffect } from "react";
import { useParams } from "react-router";
import { atomWithQuery } from "jotai-tanstack-query";

/**
 * A page's read of the one resource its address names (a pass's secret, a booking's id, a waiting-list
 * token): idle until the page sets `param`, then one cache entry per value.
 */
export function queryOfParam<T>(
  param: Atom<string | null>,
  queryKey: (value: string | null) => readonly unknown[],
  read: (value: string) => Promise<T>,
  options: { retry?: false; refetchInterval?: number } = {},
) {
  return atomWithQuery((get) => {
    const value = get(param);
    return { queryKey: queryKey(value), queryFn: () => read(value!), enabled: value !== null, ...options };
  });
}

/**
 * A page of the one resource its address names: the route's `:name` parameter handed to `param`, and
 * the `queryOfParam` read that follows it. Returns the read and the parameter.
 */
export function useRouteQuery<T>(name: string, param: WritableAtom<string | null, [string], void>, query: Atom<T>): [T, string] {
  const value = useParams()[name] ?? "";
  const set = useSetAtom(param);
  useEffect(() => set(value), [value, set]);
  return [useAtomValue(query), value];
}
