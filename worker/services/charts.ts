import { and, desc, eq, inArray, isNotNull, lt, ne, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { bookings, bookingSources, events, gateScans, refunds, type BookingSource } from "../../db/schema";
import type { Db } from "../db";
import { centsToDecimal, decimalToCentsExact } from "../../shared/lifecycle/money";
import { GARAGE_TIME_ZONE } from "../lib/time";
import { eventEndsAt, hasEnded } from "../../shared/lifecycle/event";
import { spotGivenBackAt } from "../../shared/lifecycle/booking";
import { csvField, KIND_LABELS, listPayments, paymentRowsWhere, type DateRange } from "./payments-report";

// The owner's charts (issue #47). Each figure comes from the same rows as the report it stands
// beside: takings from the payments report, match day from the gate's scans.

export type Period = "day" | "week" | "month";

export type TakingsRow = { period: string; gross: string; refunded: string; net: string; count: number };
export type Takings = { by: Period; rows: TakingsRow[]; rates: { name: string; rows: { period: string; gross: string }[] }[]; totals: { gross: string; refunded: string; net: string; count: number } };

/** The Rome calendar period an instant falls in: 2026-11-27, 2026-W48 (ISO week), 2026-11. */
export function periodOf(instantMs: number, by: Period): string {
  const day = Temporal.Instant.fromEpochMilliseconds(instantMs).toZonedDateTimeISO(GARAGE_TIME_ZONE).toPlainDate();
  if (by === "day") return day.toString();
  if (by === "month") return day.toPlainYearMonth().toString();
  const week = day.weekOfYear ?? 1;
  return `${day.yearOfWeek ?? day.year}-W${String(week).padStart(2, "0")}`;
}

/** Gross, refunded and net per period of payment: the payments report's rows, summed (so the totals equal the report's). */
export async function takings(db: Db, range: DateRange, by: Period): Promise<Takings> {
  const payments = await listPayments(db, range);
  const periods = new Map<string, { gross: number; refunded: number; count: number }>();
  const byRate = new Map<string, Map<string, number>>();
  for (const p of payments) {
    const period = periodOf(Date.parse(p.paidAt), by);
    const gross = decimalToCentsExact(p.amount);
    const refunded = decimalToCentsExact(p.refunded);
    const row = periods.get(period) ?? { gross: 0, refunded: 0, count: 0 };
    row.gross += gross;
    row.refunded += refunded;
    row.count += 1;
    periods.set(period, row);
    const rate = p.rate?.name ?? (p.kind === "booking" ? "—" : KIND_LABELS[p.kind]);
    const rateRows = byRate.get(rate) ?? new Map<string, number>();
    rateRows.set(period, (rateRows.get(period) ?? 0) + gross);
    byRate.set(rate, rateRows);
  }
  const keys = [...periods.keys()].sort();
  const rows = keys.map((period) => {
    const r = periods.get(period)!;
    return { period, gross: centsToDecimal(r.gross), refunded: centsToDecimal(r.refunded), net: centsToDecimal(r.gross - r.refunded), count: r.count };
  });
  const sum = (f: (r: { gross: number; refunded: number; count: number }) => number) => [...periods.values()].reduce((n, r) => n + f(r), 0);
  const gross = sum((r) => r.gross);
  const refunded = sum((r) => r.refunded);
  return {
    by,
    rows,
    rates: [...byRate.entries()].sort(([a], [b]) => a.localeCompare(b, "it")).map(([name, m]) => ({ name, rows: keys.map((period) => ({ period, gross: centsToDecimal(m.get(period) ?? 0) })) })),
    totals: { gross: centsToDecimal(gross), refunded: centsToDecimal(refunded), net: centsToDecimal(gross - refunded), count: sum((r) => r.count) },
  };
}

export type CurvePoint = { hoursBefore: number; taken: number };
export type SellOut = { id: number; title: string; datetime: string | null; totalSpots: number; points: CurvePoint[] };

/** Bookings that ever held a paid spot at the event: taken at payment, given back when freed or refunded. */
async function curve(db: Db, event: { id: number; title: string; datetime: number | null; totalSpots: number }, now: number): Promise<SellOut> {
  const rows = await db
    .select({ paidAt: bookings.paidAt, freedAt: bookings.freedAt, refundedAt: bookings.refundedAt, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.eventId, event.id), isNotNull(bookings.paidAt)));
  const steps: [number, number][] = [];
  for (const r of rows) {
    steps.push([r.paidAt!, 1]);
    const gone = spotGivenBackAt(r);
    if (gone != null) steps.push([gone, -1]);
  }
  steps.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  // Hours before the event: two events of one category line up on the same axis.
  const at = event.datetime ?? Math.max(0, ...steps.map((s) => s[0]));
  let taken = 0;
  const hoursBefore = (t: number) => Math.round(((at - t) / 3_600_000) * 10) / 10;
  const points = steps.map(([t, d]) => ({ hoursBefore: hoursBefore(t), taken: (taken += d) }));
  // The line runs on to now, or to the start once the event has begun: a flat end is a pause in sales.
  const end = Math.min(now, at);
  if (points.length > 0 && end > steps[steps.length - 1]![0]) points.push({ hoursBefore: hoursBefore(end), taken });
  return { id: event.id, title: event.title, datetime: event.datetime == null ? null : new Date(event.datetime).toISOString(), totalSpots: event.totalSpots, points };
}

/** An event's sell-out curve beside the one of the previous event of its category (null when none). */
export async function sellOut(db: Db, eventId: number, now: number): Promise<{ event: SellOut; previous: SellOut | null } | null> {
  const columns = { id: events.id, title: events.title, datetime: events.datetime, totalSpots: events.totalSpots, categoryId: events.categoryId };
  const event = await db.select(columns).from(events).where(eq(events.id, eventId)).get();
  if (!event) return null;
  const previous =
    event.categoryId != null && event.datetime != null
      ? await db
          .select(columns)
          .from(events)
          .where(and(eq(events.categoryId, event.categoryId), lt(events.datetime, event.datetime), ne(events.id, event.id)))
          .orderBy(desc(events.datetime))
          .get()
      : undefined;
  return { event: await curve(db, event, now), previous: previous ? await curve(db, previous, now) : null };
}

export type MatchDay = {
  event: { id: number; title: string; datetime: string | null; endsAt: string | null };
  lanes: string[];
  /** Per 5 minutes with a scan: entries per lane (in the order of `lanes`), exits, and cars inside at its end. */
  bins: { at: string; entries: number[]; exits: number; inside: number }[];
  entries: number;
  exits: number;
  /** Cars that came in and have not gone out after the event's end (when it has ended). */
  overstays: number;
};

const BIN_MS = 5 * 60_000;

/** Match day from the gate's accepted scans: cars inside over time, entries per 5 minutes and per lane (a lane is a scanning session). */
export async function matchDay(db: Db, eventId: number, now: number): Promise<MatchDay | null> {
  const event = await db
    .select({ id: events.id, title: events.title, datetime: events.datetime, durationMinutes: events.durationMinutes, isAlwaysActive: events.isAlwaysActive })
    .from(events)
    .where(eq(events.id, eventId))
    .get();
  if (!event) return null;
  const scans = await db
    .select({ direction: gateScans.direction, scannedAt: gateScans.scannedAt, sessionId: gateScans.sessionId, bookingId: gateScans.bookingId })
    .from(gateScans)
    .where(and(eq(gateScans.eventId, eventId), inArray(gateScans.result, ["ok"])))
    .orderBy(gateScans.scannedAt);
  const laneOf = new Map<string, number>();
  const lanes: string[] = [];
  const bins = new Map<number, { entries: number[]; exits: number }>();
  const last = new Map<string, "in" | "out">();
  for (const s of scans) {
    const start = Math.floor(s.scannedAt / BIN_MS) * BIN_MS;
    const bin = bins.get(start) ?? { entries: [], exits: 0 };
    if (s.direction === "in") {
      const lane = s.sessionId ?? "—";
      if (!laneOf.has(lane)) {
        laneOf.set(lane, lanes.length);
        lanes.push(lane);
      }
      const i = laneOf.get(lane)!;
      bin.entries[i] = (bin.entries[i] ?? 0) + 1;
    } else bin.exits += 1;
    bins.set(start, bin);
    if (s.bookingId) last.set(s.bookingId, s.direction as "in" | "out");
  }
  let inside = 0;
  const rows = [...bins.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, b]) => {
      const entries = lanes.map((_, i) => b.entries[i] ?? 0);
      inside += entries.reduce((n, x) => n + x, 0) - b.exits;
      return { at: new Date(start).toISOString(), entries, exits: b.exits, inside };
    });
  const endsAt = eventEndsAt(event);
  const entries = rows.reduce((n, r) => n + r.entries.reduce((m, x) => m + x, 0), 0);
  const exits = rows.reduce((n, r) => n + r.exits, 0);
  return {
    event: { id: event.id, title: event.title, datetime: event.datetime == null ? null : new Date(event.datetime).toISOString(), endsAt: endsAt == null ? null : new Date(endsAt).toISOString() },
    // Lanes by their order of first entry: a session id says nothing to the owner.
    lanes: lanes.map((_, i) => `Varco ${i + 1}`),
    bins: rows,
    entries,
    exits,
    overstays: hasEnded(event, now) ? [...last.values()].filter((d) => d === "in").length : 0,
  };
}

export type SourceFigures = { count: number; gross: string; refunded: string; net: string };
export type Sources = {
  /** Every source, in a fixed order (a source nobody came from shows 0). */
  rows: ({ source: BookingSource } & SourceFigures)[];
  /** The marked links behind each source but direct (`ref=partner&utm_source=bar-sport`), most paid first. */
  links: ({ source: BookingSource; link: string } & SourceFigures)[];
  totals: SourceFigures;
};

const figures = (count: number, gross: number, refunded: number): SourceFigures => ({ count, gross: centsToDecimal(gross), refunded: centsToDecimal(refunded), net: centsToDecimal(gross - refunded) });

/** Where the buyers of the Rome days from…to came from (decision 059): the payments report's rows, by the source their booking recorded. */
export async function sources(db: Db, range: DateRange): Promise<Sources> {
  const refunded = sql<number>`coalesce((select sum(r.amount_cents) from ${refunds} r where r.booking_id = ${bookings.id} and r.status = 'succeeded'), 0)`;
  const grouped = await db
    .select({ source: bookings.source, link: bookings.sourceDetail, count: sql<number>`count(*)`, gross: sql<number>`sum(${bookings.amountCents})`, refunded: sql<number>`sum(${refunded})` })
    .from(bookings)
    .where(and(paymentRowsWhere(range), isNotNull(bookings.paidAt)))
    .groupBy(bookings.source, bookings.sourceDetail);
  const bySource = new Map<BookingSource, { count: number; gross: number; refunded: number }>();
  for (const g of grouped) {
    const r = bySource.get(g.source) ?? { count: 0, gross: 0, refunded: 0 };
    r.count += g.count;
    r.gross += g.gross;
    r.refunded += g.refunded;
    bySource.set(g.source, r);
  }
  const total = [...bySource.values()].reduce((t, r) => ({ count: t.count + r.count, gross: t.gross + r.gross, refunded: t.refunded + r.refunded }), { count: 0, gross: 0, refunded: 0 });
  return {
    rows: bookingSources.map((source) => {
      const r = bySource.get(source) ?? { count: 0, gross: 0, refunded: 0 };
      return { source, ...figures(r.count, r.gross, r.refunded) };
    }),
    links: grouped
      .filter((g) => g.link != null)
      .sort((a, b) => b.count - a.count || b.gross - a.gross || a.link!.localeCompare(b.link!))
      .map((g) => ({ source: g.source, link: g.link!, ...figures(g.count, g.gross, g.refunded) })),
    totals: figures(total.count, total.gross, total.refunded),
  };
}

/** The sources' Italian names, for the CSV (the page has its own, in its catalogue). */
export const SOURCE_NAMES: Record<BookingSource, string> = {
  direct: "Diretto",
  share: "Link condiviso",
  partner: "Partner",
  email_notice: "E-mail di avviso",
  email_reminder: "E-mail di promemoria",
  email: "Altra e-mail",
  campaign: "Altra campagna",
};

// ---------- CSV (Italian Excel, as the payments report) ----------

const csv = (rows: string[][]) => `\uFEFF${rows.map((r) => r.map(csvField).join(";")).join("\r\n")}\r\n`;
const comma = (decimal: string) => decimal.replace(".", ",");

export function takingsCsv(t: Takings): string {
  return csv([["Periodo", "Pagamenti", "Incassato (€)", "Rimborsato (€)", "Netto (€)"], ...t.rows.map((r) => [r.period, String(r.count), comma(r.gross), comma(r.refunded), comma(r.net)])]);
}

export function sellOutCsv(s: { event: SellOut; previous: SellOut | null }): string {
  const rows = [s.event, ...(s.previous ? [s.previous] : [])].flatMap((e) => e.points.map((p) => [e.title, String(p.hoursBefore).replace(".", ","), String(p.taken)]));
  return csv([["Evento", "Ore prima dell'evento", "Posti presi"], ...rows]);
}

export function matchDayCsv(m: MatchDay): string {
  const time = (iso: string) => Temporal.Instant.from(iso).toZonedDateTimeISO(GARAGE_TIME_ZONE).toPlainTime().toString({ smallestUnit: "minute" });
  return csv([["Ora", ...m.lanes.map((l) => `Ingressi ${l}`), "Uscite", "Auto dentro"], ...m.bins.map((b) => [time(b.at), ...b.entries.map(String), String(b.exits), String(b.inside)])]);
}

export function sourcesCsv(s: Sources): string {
  const row = (name: string, link: string, f: SourceFigures) => [name, link, String(f.count), comma(f.gross), comma(f.refunded), comma(f.net)];
  return csv([
    ["Provenienza", "Collegamento", "Pagamenti", "Incassato (€)", "Rimborsato (€)", "Netto (€)"],
    ...s.rows.flatMap((r) => [row(SOURCE_NAMES[r.source], "", r), ...s.links.filter((l) => l.source === r.source).map((l) => row(SOURCE_NAMES[r.source], l.link, l))]),
  ]);
}
