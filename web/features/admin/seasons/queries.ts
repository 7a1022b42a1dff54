import type { InferRequestType, InferResponseType } from "hono/client";
import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import { client, unwrap } from "../../../lib/api";

const seasonsKey = ["admin", "seasons"] as const;
const vouchersKey = ["admin", "vouchers"] as const;

export type AdminSeason = InferResponseType<typeof client.api.admin.seasons.$get, 200>[number];
export type AdminHolder = InferResponseType<(typeof client.api.admin.seasons)[":id"]["holders"]["$get"], 200>[number];
export type AdminVoucher = InferResponseType<typeof client.api.admin.vouchers.$get, 200>[number];
export type SeasonBody = InferRequestType<typeof client.api.admin.seasons.$post>["json"];
export type VoucherBody = InferRequestType<typeof client.api.admin.vouchers.$post>["json"];
type HolderBody = InferRequestType<(typeof client.api.admin.seasons)[":id"]["holders"]["$post"]>["json"];

export const adminSeasonsQueryAtom = atomWithQuery(() => ({
  queryKey: seasonsKey,
  queryFn: async () => {
    const seasons = await unwrap(client.api.admin.seasons.$get());
    const holders = await Promise.all(seasons.map((s) => unwrap(client.api.admin.seasons[":id"].holders.$get({ param: { id: String(s.id) } }))));
    return seasons.map((s, i) => ({ ...s, holderList: holders[i] }));
  },
}));

export const adminVouchersQueryAtom = atomWithQuery(() => ({
  queryKey: vouchersKey,
  queryFn: () => unwrap(client.api.admin.vouchers.$get()),
}));

export const voucherUsesQueryAtom = (id: number) =>
  atomWithQuery(() => ({
    queryKey: [...vouchersKey, "uses", id],
    queryFn: () => unwrap(client.api.admin.vouchers[":id"].uses.$get({ param: { id: String(id) } })),
  }));

/** Seasons, holders and their matches change capacity: every admin read (events, stats, waiting lists) is refreshed. */
const refreshAll = (get: Parameters<Parameters<typeof atomWithMutation>[0]>[0]) => get(queryClientAtom).invalidateQueries({ queryKey: ["admin"] });

export const saveSeasonAtom = atomWithMutation((get) => ({
  mutationFn: ({ id, body }: { id: number | null; body: SeasonBody }) =>
    id == null ? unwrap(client.api.admin.seasons.$post({ json: body })) : unwrap(client.api.admin.seasons[":id"].$put({ param: { id: String(id) }, json: body })),
  onSuccess: () => refreshAll(get),
}));

export const assignHolderAtom = atomWithMutation((get) => ({
  mutationFn: ({ seasonId, body }: { seasonId: number; body: HolderBody }) => unwrap(client.api.admin.seasons[":id"].holders.$post({ param: { id: String(seasonId) }, json: body })),
  onSuccess: () => refreshAll(get),
}));

export const releaseHolderMatchAtom = atomWithMutation((get) => ({
  mutationFn: ({ holderId, eventId }: { holderId: string; eventId: number }) =>
    unwrap(client.api.admin["season-holders"][":holderId"].release.$post({ param: { holderId }, json: { eventId } })),
  onSuccess: () => refreshAll(get),
}));

export const refundHolderAtom = atomWithMutation((get) => ({
  mutationFn: (holderId: string) => unwrap(client.api.admin["season-holders"][":holderId"].refund.$post({ param: { holderId } })),
  onSuccess: () => refreshAll(get),
}));

export const saveVoucherAtom = atomWithMutation((get) => ({
  mutationFn: ({ id, body }: { id: number | null; body: VoucherBody }) =>
    id == null ? unwrap(client.api.admin.vouchers.$post({ json: body })) : unwrap(client.api.admin.vouchers[":id"].$put({ param: { id: String(id) }, json: body })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: vouchersKey }),
}));

export const disableVoucherAtom = atomWithMutation((get) => ({
  mutationFn: (id: number) => unwrap(client.api.admin.vouchers[":id"].disable.$post({ param: { id: String(id) } })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: vouchersKey }),
}));
