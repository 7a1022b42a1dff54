import { atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap } from "./api";
import { queryKeys } from "./query-keys";

// Public reads shared by the home page and the admin screens: one cache entry per key, which the
// admin's writes invalidate.
const publicRead = <T>(queryKey: readonly unknown[], read: () => Promise<T>) => atomWithQuery(() => ({ queryKey, queryFn: read }));

export const eventsQueryAtom = publicRead(queryKeys.events, () => unwrap(client.api.events.$get()));
export const statsQueryAtom = publicRead(queryKeys.stats, () => unwrap(client.api.stats.$get()));
export const categoriesQueryAtom = publicRead(queryKeys.categories, () => unwrap(client.api.categories.$get()));
export const partnersQueryAtom = publicRead(queryKeys.partners, () => unwrap(client.api.partners.$get()));
export const carouselSettingsQueryAtom = publicRead(queryKeys.carouselSettings, () => unwrap(client.api["carousel-settings"].$get()));
