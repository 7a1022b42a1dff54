import type { InferResponseType } from "hono/client";
import { atom } from "jotai";
import { atomWithMutation, queryClientAtom } from "jotai-tanstack-query";
import { queryOfParam } from "../../lib/query-of-param";
import { client, unwrap } from "../../lib/api";

type PassAnswer = InferResponseType<(typeof client.api.passes)[":secret"]["$get"], 200>;
/** A booking's pass; a season holder's secret answers `{ kind: "season" }` instead. */
export type Pass = Exclude<PassAnswer, { kind: "season" }>;

export const passSecretAtom = atom<string | null>(null);

// The gate changes it ("entrato alle…"): a pass left open on a phone follows along.
export const passQueryAtom = queryOfParam(passSecretAtom, (secret) => ["pass", secret], (secret) => unwrap(client.api.passes[":secret"].$get({ param: { secret } })), {
  retry: false,
  refetchInterval: 30_000,
});

/**
 * A part of the pass page read by the pass's secret (its cancellation terms, its documents): kept under
 * the pass's key, so every change made from the pass (which invalidates ["pass"]) reads it again.
 */
export const passPartQuery = <T>(part: string, read: (secret: string) => Promise<T>) =>
  queryOfParam(passSecretAtom, (secret) => ["pass", secret, part], read, { retry: false });

export const cancellationQueryAtom = passPartQuery("cancellation", (secret) => unwrap(client.api.passes[":secret"].cancellation.$get({ param: { secret } })));

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

export const isSeasonAnswer = (answer: PassAnswer | undefined): answer is Extract<PassAnswer, { kind: "season" }> =>
  answer !== undefined && "kind" in answer && answer.kind === "season";

/** The secret, once the pass endpoint has said it is a season holder's: a booking's never reaches the season endpoint. */
const seasonSecretAtom = atom((get) => {
  const answer = get(passQueryAtom).data;
  return isSeasonAnswer(answer) ? get(passSecretAtom) : null;
});

/** A season holder's pass: the same /p/<secret> link, answered by the season's own endpoint. */
export const seasonPassQueryAtom = queryOfParam(
  seasonSecretAtom,
  (secret) => ["pass", secret, "season"],
  (secret) => unwrap(client.api["season-passes"][":secret"].$get({ param: { secret } })),
  { retry: false, refetchInterval: 30_000 },
);

export const releaseMatchAtom = atomWithMutation((get) => ({
  mutationFn: ({ secret, eventId }: { secret: string; eventId: number }) =>
    unwrap(client.api["season-passes"][":secret"].release.$post({ param: { secret }, json: { eventId } })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: ["pass"] }),
}));
