import { atom } from "jotai";
import { atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap } from "../../../lib/api";
import { todayInRome } from "../../../lib/format";
import { queryKeys } from "../../../lib/query-keys";

export type PaymentsRange = { from: string; to: string };

/** From the first of this month to today, Rome days. */
export function defaultPaymentsRange(): PaymentsRange {
  const today = todayInRome();
  return { from: `${today.slice(0, 8)}01`, to: today };
}

export function isValidRange(r: PaymentsRange): boolean {
  return /^\d{4}-\d\d-\d\d$/.test(r.from) && /^\d{4}-\d\d-\d\d$/.test(r.to) && r.from <= r.to;
}

export const paymentsRangeAtom = atom<PaymentsRange>(defaultPaymentsRange());

export const paymentsQueryAtom = atomWithQuery((get) => {
  const range = get(paymentsRangeAtom);
  return {
    queryKey: queryKeys.admin.payments(range),
    queryFn: () => unwrap(client.api.admin.payments.$get({ query: range })),
    enabled: isValidRange(range),
  };
});

export const paymentsSummaryQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.admin.paymentsSummary,
  queryFn: () => unwrap(client.api.admin.payments.summary.$get()),
}));

/** "+12%" / "-5%" / "0%". */
export function formatChange(pct: number): string {
  const rounded = Math.round(pct);
  return `${rounded > 0 ? "+" : ""}${rounded}%`;
}

export function csvUrl(range: PaymentsRange): string {
  return `/api/admin/payments.csv?${new URLSearchParams(range)}`;
}
