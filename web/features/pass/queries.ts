import type { InferResponseType } from "hono/client";
import { atom } from "jotai";
import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import { client, unwrap } from "../../lib/api";

export type Pass = InferResponseType<(typeof client.api.passes)[":secret"]["$get"], 200>;

export const passSecretAtom = atom<string | null>(null);

export const passQueryAtom = atomWithQuery((get) => {
  const secret = get(passSecretAtom);
  return {
    queryKey: ["pass", secret],
    queryFn: () => unwrap(client.api.passes[":secret"].$get({ param: { secret: secret! } })),
    enabled: secret !== null,
    retry: false,
    // The gate changes it ("entrato alle…"): a pass left open on a phone follows along.
    refetchInterval: 30_000,
  };
});

export const cancellationQueryAtom = atomWithQuery((get) => {
  const secret = get(passSecretAtom);
  return {
    queryKey: ["pass", secret, "cancellation"],
    queryFn: () => unwrap(client.api.passes[":secret"].cancellation.$get({ param: { secret: secret! } })),
    enabled: secret !== null,
    retry: false,
  };
});

export const cancelPassAtom = atomWithMutation((get) => ({
  mutationFn: (secret: string) => unwrap(client.api.passes[":secret"].cancel.$post({ param: { secret } })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: ["pass"] }),
}));

export const changePlateAtom = atomWithMutation((get) => ({
  mutationFn: ({ secret, licensePlate }: { secret: string; licensePlate: string }) =>
    unwrap(client.api.passes[":secret"].plate.$put({ param: { secret }, json: { licensePlate } })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: ["pass"] }),
}));

export type SeasonPass = InferResponseType<(typeof client.api)["season-passes"][":secret"]["$get"], 200>;

/** A season holder's pass: the same /p/<secret> link, answered by the season's own endpoint. */
export const seasonPassQueryAtom = atomWithQuery((get) => {
  const secret = get(passSecretAtom);
  return {
    queryKey: ["pass", secret, "season"],
    queryFn: () => unwrap(client.api["season-passes"][":secret"].$get({ param: { secret: secret! } })),
    enabled: secret !== null,
    retry: false,
    refetchInterval: 30_000,
  };
});

export const releaseMatchAtom = atomWithMutation((get) => ({
  mutationFn: ({ secret, eventId }: { secret: string; eventId: number }) =>
    unwrap(client.api["season-passes"][":secret"].release.$post({ param: { secret }, json: { eventId } })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: ["pass"] }),
}));
