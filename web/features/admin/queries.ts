import type { Translations } from "../../../shared/translations";
import type { QueryClient } from "@tanstack/query-core";
import { useAtomValue } from "jotai";
import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import { client, unwrap } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

/**
 * After any admin write every cached read is marked stale (admin lists and the public home's
 * events, stats, partners and settings alike), so no screen keeps showing the old data. Only
 * the queries on screen refetch now; the others refetch when next shown.
 */
export function invalidateData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
}

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

export const sessionQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.session,
  queryFn: () => unwrap(client.api.admin.session.$get()),
}));

/** The signed-in staff member ({id, email, name, role}); only inside the admin area's logged-in screens. */
export function useStaff() {
  const session = useAtomValue(sessionQueryAtom);
  const staff = session.data && "staff" in session.data ? session.data.staff : undefined;
  if (!staff) throw new Error("useStaff outside a staff session");
  return staff;
}

export const loginAtom = atomWithMutation((get) => ({
  mutationFn: (credentials: { email: string; password: string }) => unwrap(client.api.admin.login.$post({ json: credentials })),
  onSuccess: async (answer) => {
    const qc = get(queryClientAtom);
    qc.setQueryData(queryKeys.session, answer);
    // Reads that failed with 401 before the login are fetched again.
    await invalidateData(qc);
  },
}));

export const changePasswordAtom = atomWithMutation(() => ({
  mutationFn: (input: { currentPassword: string; newPassword: string }) => unwrap(client.api.admin.password.$put({ json: input })),
}));

export const logoutAtom = atomWithMutation((get) => ({
  mutationFn: () => unwrap(client.api.admin.logout.$post()),
  onSettled: () => {
    const qc = get(queryClientAtom);
    qc.setQueryData(queryKeys.session, { authenticated: false });
    qc.removeQueries({ queryKey: queryKeys.admin.all });
  },
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
