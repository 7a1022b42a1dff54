import type { InferResponseType } from "hono/client";
import { atom } from "jotai";
import { atomWithMutation, queryClientAtom } from "jotai-tanstack-query";
import { queryOfParam } from "../../../lib/query-of-param";
import { client, newIdempotencyKey, unwrap } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import { type Lang } from "../../../../shared/lang";

export type WaitlistEntry = InferResponseType<(typeof client.api.waitlist)[":token"]["$get"], 200>;

export const waitlistTokenAtom = atom<string | null>(null);

// The position moves and an offer may arrive while the page is open.
export const waitlistQueryAtom = queryOfParam(waitlistTokenAtom, queryKeys.waitlist, (token) => unwrap(client.api.waitlist[":token"].$get({ param: { token } })), {
  retry: false,
  refetchInterval: 30_000,
});

type JoinRequest = { eventId: number; rateId: number; email: string; licensePlate: string; lang: Lang };

export const joinWaitlistAtom = atomWithMutation((get) => ({
  mutationFn: (json: JoinRequest) => unwrap(client.api.waitlist.$post({ header: { "idempotency-key": newIdempotencyKey() }, json })),
  onSettled: () => get(queryClientAtom).invalidateQueries({ queryKey: queryKeys.events }),
}));

export const takeOfferAtom = atomWithMutation((get) => ({
  mutationFn: ({ token, ...json }: { token: string; customerName: string; carModel: string }) =>
    unwrap(client.api.waitlist[":token"].take.$post({ param: { token }, json })),
  onSettled: () => get(queryClientAtom).invalidateQueries({ queryKey: queryKeys.waitlist() }),
}));

export const leaveWaitlistAtom = atomWithMutation((get) => ({
  mutationFn: (token: string) => unwrap(client.api.waitlist[":token"].leave.$post({ param: { token } })),
  onSettled: () => get(queryClientAtom).invalidateQueries({ queryKey: queryKeys.waitlist() }),
}));
