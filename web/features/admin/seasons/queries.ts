import { atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap } from "../../../lib/api";

export const adminSeasonsQueryAtom = atomWithQuery(() => ({
  queryKey: ["admin", "seasons"],
  queryFn: async () => {
    const seasons = await unwrap(client.api.admin.seasons.$get());
    const holders = await Promise.all(seasons.map((s) => unwrap(client.api.admin.seasons[":id"].holders.$get({ param: { id: String(s.id) } }))));
    return seasons.map((s, i) => ({ ...s, holderList: holders[i] }));
  },
}));

export const adminVouchersQueryAtom = atomWithQuery(() => ({
  queryKey: ["admin", "vouchers"],
  queryFn: () => unwrap(client.api.admin.vouchers.$get()),
}));
