/**
 * How the product writes an instant for people: always in the garage's zone, in the words and order
 * of the reader's catalogue. Intl only (no Temporal), so the home page can use it without the polyfill.
 */
import { GARAGE_TIME_ZONE } from "../rules";

/** How a catalogue writes dates (web it.json / en.json `dates`, the e-mail catalogues' `dates`). */
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

type Part = (type: string) => string;
// How a language writes a day from Intl's parts, where it is more than "weekday day month year"
// (by the locale's language: "Freitag, 27. November 2026", "viernes, 27 de noviembre de 2026").
const DAY_ORDER: Record<string, (part: Part) => string> = {
  de: (part) => `${part("weekday")}, ${part("day")}. ${part("month")} ${part("year")}`,
  es: (part) => `${part("weekday")}, ${part("day")} de ${part("month")} de ${part("year")}`,
};
const dayOf = (locale: string, part: Part) => (DAY_ORDER[locale.split("-")[0]] ?? ((p: Part) => `${p("weekday")} ${p("day")} ${p("month")} ${p("year")}`))(part);

/** "sabato 14 marzo 2026 ore 21:00" (or "Friday 27 November 2026, 21:00 (Italian time)"): an ISO instant or epoch ms. */
export function longDateTime(at: string | number, style: DateStyle = ITALIAN_DATES): string {
  const part = partsOf(style.locale, new Date(at));
  return style.at(dayOf(style.locale, part), `${part("hour")}:${part("minute")}`);
}

/** "giovedì 10 dicembre 2026" (or "Thursday 10 December 2026"): the day of an instant in the garage's zone. */
export function longDate(at: string | number, style: DateStyle = ITALIAN_DATES): string {
  return dayOf(style.locale, partsOf(style.locale, new Date(at)));
}
