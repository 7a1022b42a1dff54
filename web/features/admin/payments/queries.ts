import { atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap, type OkBody } from "../../../lib/api";
import { todayInRome } from "../../../lib/format";
import { queryKeys } from "../../../lib/query-keys";
import { pagedSearchAtom } from "../components/paged-search";

export type PaymentsRange = { from: string; to: string };

/** From the first of this month to today, Rome days. */
export function defaultPaymentsRange(): PaymentsRange {
  const today = todayInRome();
  return { from: `${today.slice(0, 8)}01`, to: today };
}

export function isValidRange(r: PaymentsRange): boolean {
  return /^\d{4}-\d\d-\d\d$/.test(r.from) && /^\d{4}-\d\d-\d\d$/.test(r.to) && r.from <= r.to;
}

/** The Pagamenti tab's filters as its URL carries them (?tab=pagamenti&from=…&to=…&q=…&event=…). */
export type PaymentSearch = PaymentsRange & { q: string; eventId: string };

export type PaymentsPage = OkBody<Awaited<ReturnType<typeof client.api.admin.payments.page.$get>>>;
export type Payment = PaymentsPage["payments"][number];

/** One search's pages, newest payment first. */
export const paymentPagesQueryAtom = (search: PaymentSearch) =>
  pagedSearchAtom(queryKeys.admin.payments(search), search, (query) => unwrap(client.api.admin.payments.page.$get({ query })), isValidRange(search));

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
