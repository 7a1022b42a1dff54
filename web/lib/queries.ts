import { atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap } from "./api";

// Public reads shared by the home page and the admin screens: one cache entry per key, which the
// admin's writes invalidate.
export const eventsQueryAtom = atomWithQuery(() => ({
  queryKey: ["events"],
  queryFn: () => unwrap(client.api.events.$get()),
}));

export const statsQueryAtom = atomWithQuery(() => ({
  queryKey: ["stats"],
  queryFn: () => unwrap(client.api.stats.$get()),
}));

export const categoriesQueryAtom = atomWithQuery(() => ({
  queryKey: ["categories"],
  queryFn: () => unwrap(client.api.categories.$get()),
}));

export const partnersQueryAtom = atomWithQuery(() => ({
  queryKey: ["partners"],
  queryFn: () => unwrap(client.api.partners.$get()),
}));

export const carouselSettingsQueryAtom = atomWithQuery(() => ({
  queryKey: ["carousel-settings"],
  queryFn: () => unwrap(client.api["carousel-settings"].$get()),
}));
