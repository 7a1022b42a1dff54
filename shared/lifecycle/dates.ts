/**
 * How the product writes an instant for people: always in the garage's zone, in the words and order
 * of the reader's catalogue. Intl only (no Temporal), so the home page can use it without the polyfill.
 */
import { GARAGE_TIME_ZONE } from "../rules";

/** How a catalogue writes dates (web it.ts / en.ts `dates`, the e-mail catalogues' `dates`). */
export type DateStyle = { locale: string; at: (date: string, time: string) => string };
export const ITALIAN_DATES: DateStyle = { locale: "it-IT", at: (date, time) => `${date} ore ${time}` };

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsOf(locale: string, at: Date) {
  let format = formatters.get(locale);
  if (!format) {
    const options = { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
    format = new Intl.DateTimeFormat(locale, { timeZone: GARAGE_TIME_ZONE, ...options });
    formatters.set(locale, format);
  }
  const parts = format.formatToParts(at);
  return (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
}

/** "sabato 14 marzo 2026 ore 21:00" (or "Friday 27 November 2026, 21:00 (Italian time)"): an ISO instant or epoch ms. */
export function longDateTime(at: string | number, style: DateStyle = ITALIAN_DATES): string {
  const part = partsOf(style.locale, new Date(at));
  return style.at(`${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`, `${part("hour")}:${part("minute")}`);
}

/** "giovedì 10 dicembre 2026" (or "Thursday 10 December 2026"): the day of an instant in the garage's zone. */
export function longDate(at: string | number, style: DateStyle = ITALIAN_DATES): string {
  const part = partsOf(style.locale, new Date(at));
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`;
}
