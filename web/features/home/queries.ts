import { atom } from "jotai";
import { atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap } from "../../lib/api";

// Keys shared with the admin screens, which invalidate them after their changes.
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

/** The category chip the visitor picked; null = all. */
export const selectedCategoryAtom = atom<number | null>(null);
