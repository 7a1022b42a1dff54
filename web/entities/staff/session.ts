import type { QueryClient } from "@tanstack/query-core";
import { useAtomValue } from "jotai";
import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import { client, unwrap } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

// The staff's session, shared by the admin area and the gate: who is signed in, signing in and out.

/**
 * After any admin write every cached read is marked stale (admin lists and the public home's
 * events, stats, partners and settings alike), so no screen keeps showing the old data. Only
 * the queries on screen refetch now; the others refetch when next shown.
 */
export function invalidateData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
}

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

export const logoutAtom = atomWithMutation((get) => ({
  mutationFn: () => unwrap(client.api.admin.logout.$post()),
  onSettled: () => {
    const qc = get(queryClientAtom);
    qc.setQueryData(queryKeys.session, { authenticated: false });
    qc.removeQueries({ queryKey: queryKeys.admin.all });
  },
}));
