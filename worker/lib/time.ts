import { Temporal } from "temporal-polyfill";

import { GARAGE_TIME_ZONE } from "../../shared/rules";

export { GARAGE_TIME_ZONE };

/** The garage's calendar day (Europe/Rome) that contains `instantMs`. */
export function romeDate(instantMs: number): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(instantMs).toZonedDateTimeISO(GARAGE_TIME_ZONE).toPlainDate();
}

/** [start, end) in epoch ms of a Rome calendar day (23 or 25 hours long on DST days). */
export function romeDayRange(day: Temporal.PlainDate): { start: number; end: number } {
  const start = day.toZonedDateTime({ timeZone: GARAGE_TIME_ZONE }).epochMilliseconds;
  const end = day.add({ days: 1 }).toZonedDateTime({ timeZone: GARAGE_TIME_ZONE }).epochMilliseconds;
  return { start, end };
}

/** [start, end) in epoch ms of the Rome calendar month containing `day`. */
export function romeMonthRange(day: Temporal.PlainDate): { start: number; end: number } {
  const first = day.with({ day: 1 });
  return {
    start: romeDayRange(first).start,
    end: romeDayRange(first.add({ months: 1 })).start,
  };
}

export function toIso(ms: number | null | undefined): string | null {
  return ms == null ? null : new Date(ms).toISOString();
}

/** The Rome day `days` working days (Monday to Friday) after the one containing `instantMs`. */
export function addWorkingDays(instantMs: number, days: number): Temporal.PlainDate {
  let day = romeDate(instantMs);
  for (let left = days; left > 0; ) {
    day = day.add({ days: 1 });
    if (day.dayOfWeek <= 5) left--;
  }
  return day;
}
