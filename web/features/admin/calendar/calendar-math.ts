// Temporal's function API, like web/lib/format.ts: the polyfill's internals are shared with the
// visitor's bundle, and the class API would grow them for everyone (docs/decisions/009).
import * as InstantFns from "temporal-polyfill/fns/Instant";
import * as NowFns from "temporal-polyfill/fns/Now";
import * as PlainDateFns from "temporal-polyfill/fns/PlainDate";
import * as ZonedFns from "temporal-polyfill/fns/ZonedDateTime";
import { GARAGE_TIME_ZONE } from "../../../lib/format";

export type PlainDate = ReturnType<typeof PlainDateFns.create>;
export type YearMonth = { year: number; month: number };

const MONTH_CELLS = 42;
const MAX_EVENTS_PER_CELL = 2;

export function plainDate(year: number, month: number, day: number): PlainDate {
  return PlainDateFns.create(year, month, day);
}

/** "2026-03-29" → the date, or null when it is not a real calendar day. */
export function parseDay(value: string | null | undefined): PlainDate | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)$/.exec(value ?? "");
  if (!m) return null;
  try {
    return PlainDateFns.fromFields({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }, { overflow: "reject" });
  } catch {
    return null;
  }
}

export const dayKey = (day: PlainDate): string => PlainDateFns.toString(day);
export const sameDay = (a: PlainDate, b: PlainDate): boolean => PlainDateFns.equals(a, b);
export const addDays = (day: PlainDate, days: number): PlainDate => PlainDateFns.addDays(day, days);
export const addMonths = (day: PlainDate, months: number): PlainDate => PlainDateFns.addMonths(day, months);
export const yearMonthOf = (day: PlainDate): YearMonth => ({ year: day.year, month: day.month });

/** Sunday-first index: Temporal numbers Monday 1 … Sunday 7. */
export function sundayOffset(day: PlainDate): number {
  return PlainDateFns.dayOfWeek(day) % 7;
}

/** The Sunday that opens the week containing `day`. */
function startOfWeek(day: PlainDate): PlainDate {
  return addDays(day, -sundayOffset(day));
}

/** Six Sunday-first weeks covering `month`: always 42 calendar days, whatever the month. */
export function monthGrid(month: YearMonth): PlainDate[] {
  const start = startOfWeek(plainDate(month.year, month.month, 1));
  return Array.from({ length: MONTH_CELLS }, (_, i) => addDays(start, i));
}

/** The seven calendar days (Sunday to Saturday) of the week containing `day`. */
export function weekDays(day: PlainDate): PlainDate[] {
  const start = startOfWeek(day);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

const zonedOf = (instant: string | number) =>
  InstantFns.toZonedDateTimeISO(typeof instant === "number" ? InstantFns.fromEpochMilliseconds(instant) : InstantFns.fromString(instant), GARAGE_TIME_ZONE);

/** The garage's calendar day of an instant: a 23:30 UTC event in winter is the next day in Naples. */
export function romeDateOf(instant: string | number): PlainDate {
  return ZonedFns.toPlainDate(zonedOf(instant));
}

/** "21:00" in Rome. */
export function romeTimeOf(instant: string): string {
  const z = zonedOf(instant);
  return `${String(z.hour).padStart(2, "0")}:${String(z.minute).padStart(2, "0")}`;
}

export function todayInRomeDate(): PlainDate {
  return NowFns.plainDateISO(GARAGE_TIME_ZONE);
}

/** Items grouped by their day key (YYYY-MM-DD); items without a day are left out. */
export function groupByDay<T>(items: readonly T[], dayOf: (item: T) => PlainDate | null): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const item of items) {
    const day = dayOf(item);
    if (!day) continue;
    const key = dayKey(day);
    const list = byDay.get(key);
    if (list) list.push(item);
    else byDay.set(key, [item]);
  }
  return byDay;
}

/** What a day cell shows: the first `max` items, and how many are left for '+N altri'. */
export function cellItems<T>(items: readonly T[], max = MAX_EVENTS_PER_CELL): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

const label = (day: PlainDate, options: Intl.DateTimeFormatOptions) => PlainDateFns.toLocaleString(day, "it-IT", options);

/** Short Italian weekday names from Sunday: "dom", "lun", … */
export function weekdayNames(style: "short" | "long" = "short"): string[] {
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => label(plainDate(2023, 1, 1 + i), { weekday: style }));
}

/** "marzo 2026" */
export function monthLabel(month: YearMonth): string {
  return label(plainDate(month.year, month.month, 1), { month: "long", year: "numeric" });
}

/** "domenica 29 marzo 2026" */
export function dayLabel(day: PlainDate): string {
  return label(day, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
}

/** "domenica 29 marzo" */
export function dayHeading(day: PlainDate): string {
  return label(day, { weekday: "long", day: "numeric", month: "long" });
}

/** "29 mar" */
export function shortDayLabel(day: PlainDate): string {
  return label(day, { day: "numeric", month: "short" });
}
