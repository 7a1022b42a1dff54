import { useAtom, useAtomValue } from "jotai";
import { useMemo, type ReactNode } from "react";
import { buttonClass } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { Field, inputClass } from "../../../components/field";
import { itAdmin } from "../../../i18n/it-admin";
import { formatTime } from "../../../lib/format";
import { formatEuro } from "../../../../shared/lifecycle/money";
import { DownloadIcon } from "../components/admin-icons";
import { Choices } from "../components/filter-select";
import { DateRangeFields } from "../components/list-filters";
import { Loaded } from "../components/list-state";
import { adminEventsQueryAtom } from "../events/queries";
import { LineChart, type Series } from "./line-chart";
import { chartEventAtom, csvUrl, matchDayQueryAtom, sellOutQueryAtom, sourcesQueryAtom, takingsFilterAtom, takingsQueryAtom, validRange, type TakingsFilter } from "./queries";

const t = itAdmin.charts;
const euros = (decimal: string) => Number(decimal);

function CsvLink({ href }: { href: string }) {
  return (
    <a href={href} download className={buttonClass("secondary")}>
      <DownloadIcon className="size-4" />
      {t.csv}
    </a>
  );
}

/** A chart's figures once loaded, or the line that says there are none. */
function Figures<T>({ query, none, isEmpty, children }: { query: { isPending: boolean; isError: boolean; data: T | undefined }; none: string; isEmpty: (data: T) => boolean; children: (data: T) => ReactNode }) {
  return <Loaded query={query}>{(d) => (isEmpty(d) ? <p className="text-slate-600">{none}</p> : children(d))}</Loaded>;
}

/** The figures of a chart as a table, folded under it (and read by screen readers). */
function FiguresTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">{t.showTable}</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              {head.map((h) => (
                <th key={h} scope="col" className="px-2 py-1 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} className="border-b border-slate-100">
                {r.map((c, j) => (
                  <td key={j} className="px-2 py-1 text-slate-800">
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function TakingsCard() {
  const [filter, setFilter] = useAtom(takingsFilterAtom);
  const takings = useAtomValue(takingsQueryAtom);
  const set = (patch: Partial<TakingsFilter>) => setFilter((f) => ({ ...f, ...patch }));
  const data = takings.data;
  const series = useMemo<Series[]>(
    () =>
      data
        ? [
            { label: t.gross, color: "#2563eb", values: data.rows.map((r) => euros(r.gross)), bars: true },
            { label: t.refunded, color: "#dc2626", values: data.rows.map((r) => euros(r.refunded)) },
            { label: t.net, color: "#059669", values: data.rows.map((r) => euros(r.net)) },
          ]
        : [],
    [data],
  );
  const x = useMemo(() => data?.rows.map((_, i) => i) ?? [], [data]);
  const label = (v: number) => data?.rows[v]?.period ?? "";
  return (
    <Card>
      <CardHeader
        title={t.takingsTitle}
        description={data ? t.takingsTotals(formatEuro(data.totals.gross, "it"), formatEuro(data.totals.refunded, "it"), formatEuro(data.totals.net, "it"), data.totals.count) : undefined}
        actions={
          <div className="flex flex-wrap items-end gap-3">
            <DateRangeFields id="charts" labels={t} from={filter.from} to={filter.to} onChange={set} />
            <Field label={t.by} htmlFor="charts-by">
              <select id="charts-by" className={inputClass} value={filter.by} onChange={(e) => set({ by: e.target.value as TakingsFilter["by"] })}>
                <Choices options={(["day", "week", "month"] as const).map((by) => ({ value: by, label: t.period[by] }))} />
              </select>
            </Field>
            {validRange(filter) ? <CsvLink href={csvUrl("takings", filter)} /> : null}
          </div>
        }
      />
      <div className="p-5">
        {!validRange(filter) ? (
          <p role="alert" className="text-red-800">
            {t.invalidRange}
          </p>
        ) : (
          <Figures query={takings} none={t.noTakings} isEmpty={(d) => d.rows.length === 0}>
            {(d) => (
              <>
                <LineChart categories label={t.takingsChart} x={x} xLabel={t.period[d.by]} xValues={label} series={series} />
                <FiguresTable
                  caption={t.takingsTitle}
                  head={[t.period[d.by], t.payments, t.gross, t.refunded, t.net]}
                  rows={d.rows.map((r) => [r.period, r.count, formatEuro(r.gross, "it"), formatEuro(r.refunded, "it"), formatEuro(r.net, "it")])}
                />
              </>
            )}
          </Figures>
        )}
      </div>
    </Card>
  );
}

/** Where the buyers of the takings' days came from (decision 059): a bar per source, its figures beside it. */
function SourcesCard() {
  const filter = useAtomValue(takingsFilterAtom);
  const sources = useAtomValue(sourcesQueryAtom);
  const range = { from: filter.from, to: filter.to };
  const day = (iso: string) => iso.split("-").reverse().join("/");
  return (
    <Card>
      <CardHeader
        title={t.sourcesTitle}
        description={validRange(filter) ? t.sourcesDescription(day(filter.from), day(filter.to)) : undefined}
        actions={validRange(filter) ? <CsvLink href={csvUrl("sources", range)} /> : null}
      />
      <div className="p-5">
        {!validRange(filter) ? (
          <p className="text-slate-600">{t.invalidRange}</p>
        ) : (
          <Figures query={sources} none={t.noSources} isEmpty={(d) => d.totals.count === 0}>
            {(d) => (
              <>
                <ul aria-label={t.sourcesChart} className="space-y-2">
                  {d.rows.map((r) => {
                    const share = r.count / d.totals.count;
                    return (
                      <li key={r.source} className="grid grid-cols-[minmax(0,9rem)_1fr] items-center gap-3 text-sm sm:grid-cols-[12rem_1fr]">
                        <span className="truncate font-medium text-slate-800">{t.sourceNames[r.source]}</span>
                        <span className="flex items-center gap-2">
                          <span aria-hidden="true" className="h-3 rounded bg-blue-600" style={{ width: `${Math.max(share * 100, r.count ? 1 : 0)}%`, maxWidth: "70%" }} />
                          <span className="tabular-nums text-slate-700">{t.sourceShare(r.count, share.toLocaleString("it-IT", { style: "percent", maximumFractionDigits: 0 }))}</span>
                        </span>
                      </li>
                    );
                  })}
                </ul>
                <FiguresTable
                  caption={t.sourcesTitle}
                  head={[t.source, t.payments, t.gross, t.refunded, t.net]}
                  rows={d.rows.map((r) => [t.sourceNames[r.source], r.count, formatEuro(r.gross, "it"), formatEuro(r.refunded, "it"), formatEuro(r.net, "it")])}
                />
                {d.links.length > 0 ? (
                  <FiguresTable
                    caption={t.linksTitle}
                    head={[t.source, t.link, t.payments, t.gross, t.net]}
                    rows={d.links.map((l) => [t.sourceNames[l.source], <code key="l" className="break-all">{l.link}</code>, l.count, formatEuro(l.gross, "it"), formatEuro(l.net, "it")])}
                  />
                ) : null}
              </>
            )}
          </Figures>
        )}
      </div>
    </Card>
  );
}

function SellOutChart() {
  const sellOut = useAtomValue(sellOutQueryAtom);
  const data = sellOut.data;
  // One x axis for both events: hours before each one's start (negative, so time runs left to right).
  const chart = useMemo(() => {
    if (!data) return null;
    const curves = [data.event, ...(data.previous ? [data.previous] : [])];
    const x = [...new Set(curves.flatMap((c) => c.points.map((p) => -p.hoursBefore)))].sort((a, b) => a - b);
    const series: Series[] = curves.map((c, i) => {
      let last: number | null = null;
      const at = new Map(c.points.map((p) => [-p.hoursBefore, p.taken]));
      return { label: i === 0 ? c.title : t.previousEvent(c.title), color: i === 0 ? "#2563eb" : "#94a3b8", stepped: true, values: x.map((h) => (at.has(h) ? (last = at.get(h)!) : last)) };
    });
    return { x, series };
  }, [data]);
  return (
    <Figures query={sellOut} none={t.noSales} isEmpty={(d) => d.event.points.length === 0}>
      {(d) => (
        <>
          <LineChart label={t.sellOutChart(d.event.title)} x={chart!.x} xLabel={t.hoursBefore} xValues={(v) => String(Math.round(-v))} series={chart!.series} />
          <FiguresTable
            caption={t.sellOutTitle}
            head={[t.event, t.hoursBefore, t.taken]}
            rows={[d.event, ...(d.previous ? [d.previous] : [])].flatMap((e) => e.points.map((p) => [e.title, p.hoursBefore.toLocaleString("it-IT"), `${p.taken} / ${e.totalSpots}`]))}
          />
        </>
      )}
    </Figures>
  );
}

function MatchDayChart() {
  const matchDay = useAtomValue(matchDayQueryAtom);
  const data = matchDay.data;
  const chart = useMemo(() => {
    if (!data) return null;
    const x = data.bins.map((b) => Date.parse(b.at));
    const palette = ["#2563eb", "#f59e0b", "#7c3aed", "#0891b2"];
    const series: Series[] = [
      { label: t.inside, color: "#059669", values: data.bins.map((b) => b.inside) },
      ...data.lanes.map((lane, i) => ({ label: t.entriesOf(lane), color: palette[i % palette.length]!, values: data.bins.map((b) => b.entries[i] ?? 0), bars: true })),
    ];
    return { x, series };
  }, [data]);
  return (
    <Figures query={matchDay} none={t.noScans} isEmpty={(d) => d.bins.length === 0}>
      {(d) => (
        <>
          <p className="mb-3 text-sm text-slate-700">{t.matchDaySummary(d.entries, d.exits, d.overstays)}</p>
          <LineChart label={t.matchDayChart(d.event.title)} x={chart!.x} xLabel={t.time} xValues={(v) => formatTime(v)} series={chart!.series} />
          <FiguresTable
            caption={t.matchDayTitle}
            head={[t.time, ...d.lanes.map(t.entriesOf), t.exits, t.inside]}
            rows={d.bins.map((b) => [formatTime(b.at), ...b.entries, b.exits, b.inside])}
          />
        </>
      )}
    </Figures>
  );
}

function EventCharts() {
  const events = useAtomValue(adminEventsQueryAtom);
  const [eventId, setEventId] = useAtom(chartEventAtom);
  return (
    <Card>
      <CardHeader
        title={t.eventTitle}
        actions={
          <div className="flex flex-wrap items-end gap-3">
            <Field label={t.event} htmlFor="charts-event">
              <select id="charts-event" className={`${inputClass} max-w-72`} value={eventId ?? ""} onChange={(e) => setEventId(e.target.value ? Number(e.target.value) : null)}>
                <Choices none={t.chooseEvent} options={(events.data ?? []).map((e) => ({ value: e.id, label: e.title }))} />
              </select>
            </Field>
            {eventId !== null ? (
              <>
                <CsvLink href={csvUrl("sell-out", { eventId: String(eventId) })} />
              </>
            ) : null}
          </div>
        }
      />
      <div className="space-y-8 p-5">
        {eventId === null ? (
          <p className="text-slate-600">{t.chooseEventHint}</p>
        ) : (
          <>
            <section aria-labelledby="sell-out-title">
              <h3 id="sell-out-title" className="mb-2 font-semibold text-slate-900">
                {t.sellOutTitle}
              </h3>
              <SellOutChart />
            </section>
            <section aria-labelledby="match-day-title">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 id="match-day-title" className="font-semibold text-slate-900">
                  {t.matchDayTitle}
                </h3>
                <CsvLink href={csvUrl("match-day", { eventId: String(eventId) })} />
              </div>
              <MatchDayChart />
            </section>
          </>
        )}
      </div>
    </Card>
  );
}

/** The owner's year at a glance: takings, each event's sales and its match day (issue #47). */
export function ChartsPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-black tracking-tight text-slate-900">{t.title}</h1>
      <TakingsCard />
      <EventCharts />
      <SourcesCard />
    </div>
  );
}
