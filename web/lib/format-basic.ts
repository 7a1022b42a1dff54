// The formatting the home's event cards need, without Temporal: the polyfill (~9 KB gzip) then loads
// only with the screens that compute with dates. Formatting an instant in Rome time is Intl's job
// either way (Temporal's toLocaleString delegates to it). format.ts re-exports these.
import { GARAGE_TIME_ZONE } from "../../shared/rules";

export { GARAGE_TIME_ZONE };

export { formatEuroCompact } from "../../shared/lifecycle/money";

/** Cuts `text` to `max` characters followed by an ellipsis when longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** How a catalogue writes dates (it.ts / en.ts `dates`). */
export type DateStyle = { locale: string; at: (date: string, time: string) => string };
const ITALIAN: DateStyle = { locale: "it-IT", at: (date, time) => `${date} ore ${time}` };

// Long dates the Worker already formatted for this page, by locale and instant: the home hydrates
// without touching Intl, whose first use in a page costs tens of milliseconds (ICU starting up).
const preformatted = new Map<string, string>();
/** Remembers dates formatted elsewhere with `formatLongDateTime` (the home's injected data). */
export function rememberLongDates(locale: string, texts: Record<string, string>) {
  for (const [iso, text] of Object.entries(texts)) preformatted.set(`${locale} ${iso}`, text);
}

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

/**
 * "sabato 14 marzo 2026 ore 21:00" (or "Friday 27 November 2026, 21:00 (Italian time)"), always in
 * the garage's time zone; the words and their order come from the catalogue's `dates`.
 */
export function formatLongDateTime(iso: string, style: DateStyle = ITALIAN): string {
  const known = preformatted.get(`${style.locale} ${iso}`);
  if (known !== undefined) return known;
  const part = partsOf(style.locale, new Date(iso));
  return style.at(`${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`, `${part("hour")}:${part("minute")}`);
}
