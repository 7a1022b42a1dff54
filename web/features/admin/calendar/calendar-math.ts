import { Temporal } from "temporal-polyfill";
import { GARAGE_TIME_ZONE } from "../../../lib/format";

export const MONTH_CELLS = 42;
export const MAX_EVENTS_PER_CELL = 2;

/** Sunday-first index: Temporal numbers Monday 1 … Sunday 7. */
function sundayOffset(day: Temporal.PlainDate): number {
  return day.dayOfWeek % 7;
}

/** The Sunday that opens the week containing `day`. */
export function startOfWeek(day: Temporal.PlainDate): Temporal.PlainDate {
  return day.subtract({ days: sundayOffset(day) });
}

/** Six Sunday-first weeks covering `month`: always 42 calendar days, whatever the month. */
export function monthGrid(month: Temporal.PlainYearMonth): Temporal.PlainDate[] {
  const start = startOfWeek(month.toPlainDate({ day: 1 }));
  return Array.from({ length: MONTH_CELLS }, (_, i) => start.add({ days: i }));
}

/** The seven calendar days (Sunday to Saturday) of the week containing `day`. */
export function weekDays(day: Temporal.PlainDate): Temporal.PlainDate[] {
  const start = startOfWeek(day);
  return Array.from({ length: 7 }, (_, i) => start.add({ days: i }));
}

/** The garage's calendar day of an instant: a 23:30 UTC event in winter is the next day in Naples. */
export function romeDateOf(instant: string | number): Temporal.PlainDate {
  const i = typeof instant === "number" ? Temporal.Instant.fromEpochMilliseconds(instant) : Temporal.Instant.from(instant);
  return i.toZonedDateTimeISO(GARAGE_TIME_ZONE).toPlainDate();
}

/** "21:00" in Rome. */
export function romeTimeOf(instant: string): string {
  const z = Temporal.Instant.from(instant).toZonedDateTimeISO(GARAGE_TIME_ZONE);
  return `${String(z.hour).padStart(2, "0")}:${String(z.minute).padStart(2, "0")}`;
}

export function todayInRomeDate(): Temporal.PlainDate {
  return Temporal.Now.plainDateISO(GARAGE_TIME_ZONE);
}

/** Items grouped by their day key (YYYY-MM-DD); items without a day are left out. */
export function groupByDay<T>(items: readonly T[], dayOf: (item: T) => Temporal.PlainDate | null): Map<string, T[]> {
  const byDay = new Map<string, T[]>();
  for (const item of items) {
    const day = dayOf(item);
    if (!day) continue;
    const key = day.toString();
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

/** Short Italian weekday names from Sunday: "dom", "lun", … */
export function weekdayNames(style: "short" | "long" = "short"): string[] {
  // 2023-01-01 was a Sunday.
  const sunday = Temporal.PlainDate.from("2023-01-01");
  return Array.from({ length: 7 }, (_, i) => sunday.add({ days: i }).toLocaleString("it-IT", { weekday: style }));
}

/** "marzo 2026" */
export function monthLabel(month: Temporal.PlainYearMonth): string {
  return month.toPlainDate({ day: 1 }).toLocaleString("it-IT", { month: "long", year: "numeric" });
}

/** "domenica 29 marzo 2026" */
export function dayLabel(day: Temporal.PlainDate): string {
  return day.toLocaleString("it-IT", { weekday: "long", day: "numeric", month: "long", year: "numeric" });
}

/** "29 mar" */
export function shortDayLabel(day: Temporal.PlainDate): string {
  return day.toLocaleString("it-IT", { day: "numeric", month: "short" });
}
