import { atom } from "jotai";
import { atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap } from "../../../lib/api";
import { todayInRome } from "../../../lib/format";
import { queryKeys } from "../../../lib/query-keys";

export type TakingsFilter = { from: string; to: string; by: "day" | "week" | "month" };

/** The owner's year so far, by month. */
function defaultTakingsFilter(): TakingsFilter {
  const today = todayInRome();
  return { from: `${today.slice(0, 4)}-01-01`, to: today, by: "month" };
}

export const takingsFilterAtom = atom<TakingsFilter>(defaultTakingsFilter());
export const chartEventAtom = atom<number | null>(null);

const validRange = (f: TakingsFilter) => /^\d{4}-\d\d-\d\d$/.test(f.from) && /^\d{4}-\d\d-\d\d$/.test(f.to) && f.from <= f.to;

export const takingsQueryAtom = atomWithQuery((get) => {
  const filter = get(takingsFilterAtom);
  return {
    queryKey: queryKeys.admin.charts("takings", filter),
    queryFn: () => unwrap(client.api.admin.charts.takings.$get({ query: filter })),
    enabled: validRange(filter),
  };
});

export const sourcesQueryAtom = atomWithQuery((get) => {
  const { from, to } = get(takingsFilterAtom);
  return {
    queryKey: queryKeys.admin.charts("sources", { from, to }),
    queryFn: () => unwrap(client.api.admin.charts.sources.$get({ query: { from, to } })),
    enabled: validRange({ from, to, by: "day" }),
  };
});

/** A chart of the chosen event (nothing asked until one is chosen). */
const eventChartAtom = <T>(chart: string, fetchChart: (query: { eventId: string }) => Promise<T>) =>
  atomWithQuery((get) => {
    const eventId = get(chartEventAtom);
    return { queryKey: queryKeys.admin.charts(chart, eventId), queryFn: () => fetchChart({ eventId: String(eventId) }), enabled: eventId !== null };
  });

export const sellOutQueryAtom = eventChartAtom("sell-out", (query) => unwrap(client.api.admin.charts["sell-out"].$get({ query })));

export const matchDayQueryAtom = eventChartAtom("match-day", (query) => unwrap(client.api.admin.charts["match-day"].$get({ query })));

export const csvUrl = (chart: "takings" | "sources" | "sell-out" | "match-day", query: Record<string, string>) => `/api/admin/charts/${chart}.csv?${new URLSearchParams(query)}`;
export { validRange };
