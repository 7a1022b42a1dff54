import { atom } from "jotai";
import { atomWithMutation } from "jotai-tanstack-query";
import { queryOfParam } from "../../lib/query-of-param";
import { catalogueAtom } from "../../i18n/lang";
import { client, newIdempotencyKey, unwrap } from "../../lib/api";
import type { BookingValues } from "../../entities/customer/validation";

export const seasonIdAtom = atom<string | null>(null);

export const seasonQueryAtom = queryOfParam(seasonIdAtom, (id) => ["season", id], (id) => unwrap(client.api.seasons[":id"].$get({ param: { id } })), { retry: false });

/** A pending holder and its carrier booking: the checkout pays that booking like any other. */
export const buySeasonAtom = atomWithMutation((get) => ({
  mutationFn: ({ id, ...values }: BookingValues & { id: string }) =>
    unwrap(client.api.seasons[":id"].holders.$post({ param: { id }, header: { "idempotency-key": newIdempotencyKey() }, json: { ...values, lang: get(catalogueAtom).lang } })),
}));
