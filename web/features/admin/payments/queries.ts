import { atomWithInfiniteQuery, atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap, type OkBody } from "../../../lib/api";
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

/** The Pagamenti tab's filters as its URL carries them (?tab=pagamenti&from=…&to=…&q=…&event=…). */
export type PaymentSearch = PaymentsRange & { q: string; eventId: string };

export type PaymentsPage = OkBody<Awaited<ReturnType<typeof client.api.admin.payments.page.$get>>>;
export type Payment = PaymentsPage["payments"][number];

export const PAYMENTS_PAGE_SIZE = 50;

/** One search's pages, newest payment first (one atom per search: make it with useMemo). */
export const paymentPagesQueryAtom = (search: PaymentSearch) =>
  atomWithInfiniteQuery(() => ({
    queryKey: queryKeys.admin.payments(search),
    queryFn: ({ pageParam }: { pageParam: string }) => {
      const query: Record<string, string> = { limit: String(PAYMENTS_PAGE_SIZE) };
      for (const [key, value] of Object.entries(search)) if (value.trim()) query[key] = value.trim();
      if (pageParam) query.cursor = pageParam;
      return unwrap(client.api.admin.payments.page.$get({ query }));
    },
    initialPageParam: "",
    getNextPageParam: (last: PaymentsPage) => last.nextCursor ?? undefined,
    enabled: isValidRange(search),
  }));

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
