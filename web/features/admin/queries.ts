import type { Translations } from "../../../shared/translations";
import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import { invalidateData } from "../../entities/staff/session";
import { client, unwrap } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

/** The dashboard's counters with today's takings (owners and managers). */
export const adminStatsQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.admin.stats,
  queryFn: () => unwrap(client.api.admin.stats.$get()),
}));

/** The deployment's configuration problems (the dashboard's red banners), by code. */
export const configurationQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.admin.configuration,
  queryFn: () => unwrap(client.api.admin.configuration.$get()),
}));

export const changePasswordAtom = atomWithMutation(() => ({
  mutationFn: (input: { currentPassword: string; newPassword: string }) => unwrap(client.api.admin.password.$put({ json: input })),
}));

type CategoryInput = { name: string; nameTranslations: Translations; color: string };

export const createCategoryAtom = atomWithMutation((get) => ({
  mutationFn: (input: CategoryInput) => unwrap(client.api.categories.$post({ json: input })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));

export const updateCategoryAtom = atomWithMutation((get) => ({
  mutationFn: ({ id, ...input }: CategoryInput & { id: number }) => unwrap(client.api.categories[":id"].$put({ param: { id: String(id) }, json: input })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));

export const deleteCategoryAtom = atomWithMutation((get) => ({
  mutationFn: (id: number) => unwrap(client.api.categories[":id"].$delete({ param: { id: String(id) } })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));

export const createPartnerAtom = atomWithMutation((get) => ({
  mutationFn: (input: { name: string; nameTranslations: Translations; imageUrl: string; sortOrder: number }) => unwrap(client.api.partners.$post({ json: { ...input, isActive: true } })),
  onSettled: () => invalidateData(get(queryClientAtom)),
}));

export const deletePartnerAtom = atomWithMutation((get) => ({
  mutationFn: (id: number) => unwrap(client.api.partners[":id"].$delete({ param: { id: String(id) } })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));

export const saveCarouselSettingsAtom = atomWithMutation((get) => ({
  mutationFn: (input: { scrollSpeed: number; frameRate: number; isEnabled: boolean }) => unwrap(client.api["carousel-settings"].$put({ json: input })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));

export const saveLiveConfigAtom = atomWithMutation((get) => ({
  mutationFn: (input: { isEnabled: boolean; frequency: number; targetEventId: number | null; isRandomEvents: boolean }) =>
    unwrap(client.api["live-notifications"].config.$put({ json: input })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));
