import { atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap } from "./api";
import { queryKeys } from "./query-keys";

// Public reads shared by the home page and the admin screens: one cache entry per key, which the
// admin's writes invalidate.
export const eventsQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.events,
  queryFn: () => unwrap(client.api.events.$get()),
}));

export const statsQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.stats,
  queryFn: () => unwrap(client.api.stats.$get()),
}));

export const categoriesQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.categories,
  queryFn: () => unwrap(client.api.categories.$get()),
}));

export const partnersQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.partners,
  queryFn: () => unwrap(client.api.partners.$get()),
}));

export const carouselSettingsQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.carouselSettings,
  queryFn: () => unwrap(client.api["carousel-settings"].$get()),
}));
