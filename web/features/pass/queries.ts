import type { InferResponseType } from "hono/client";
import { atom } from "jotai";
import { atomWithQuery } from "jotai-tanstack-query";
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
