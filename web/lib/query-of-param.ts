import { useSetAtom, type Atom, type WritableAtom } from "jotai";
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

/** The route's `:name` parameter, handed to the atom a `queryOfParam` read follows; returns it. */
export function useRouteParam(name: string, target: WritableAtom<string | null, [string], void>): string {
  const value = useParams()[name] ?? "";
  const set = useSetAtom(target);
  useEffect(() => set(value), [value, set]);
  return value;
}
