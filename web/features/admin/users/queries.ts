import type { InferRequestType } from "hono/client";
import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import { client, unwrap } from "../../../lib/api";

export type StaffRole = InferRequestType<typeof client.api.admin.users.$post>["json"]["role"];
export const STAFF_ROLES: StaffRole[] = ["owner", "manager", "gate"];

const USERS_KEY = ["admin", "users"] as const;

export const usersQueryAtom = atomWithQuery(() => ({
  queryKey: USERS_KEY,
  queryFn: () => unwrap(client.api.admin.users.$get()),
}));

export const createUserAtom = atomWithMutation((get) => ({
  mutationFn: (input: { email: string; name: string; role: StaffRole; password: string }) => unwrap(client.api.admin.users.$post({ json: input })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: USERS_KEY }),
}));

export const updateUserAtom = atomWithMutation((get) => ({
  mutationFn: ({ id, ...change }: { id: number; role?: StaffRole; disabled?: boolean; password?: string }) =>
    unwrap(client.api.admin.users[":id"].$patch({ param: { id: String(id) }, json: change })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: USERS_KEY }),
}));
