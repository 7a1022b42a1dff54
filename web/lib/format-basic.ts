// The formatting the home's event cards need, without Temporal: the polyfill (~9 KB gzip) then loads
// only with the screens that compute with dates. Formatting an instant in Rome time is Intl's job
// either way (Temporal's toLocaleString delegates to it). format.ts re-exports these.
import { GARAGE_TIME_ZONE } from "../../shared/rules";
import { ITALIAN_DATES, longDateTime, type DateStyle } from "../../shared/lifecycle/dates";
import type { Catalogue } from "../i18n/catalogue";

export { GARAGE_TIME_ZONE };


/** Cuts `text` to `max` characters followed by an ellipsis when longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export type { DateStyle } from "../../shared/lifecycle/dates";

// Long dates the Worker already formatted for this page, by locale and instant: the home hydrates
// without touching Intl, whose first use in a page costs tens of milliseconds (ICU starting up).
const preformatted = new Map<string, string>();
/** Remembers dates formatted elsewhere with `formatLongDateTime` (the home's injected data). */
export function rememberLongDates(locale: string, texts: Record<string, string>) {
  for (const [iso, text] of Object.entries(texts)) preformatted.set(`${locale} ${iso}`, text);
}

/**
 * "sabato 14 marzo 2026 ore 21:00" (or "Friday 27 November 2026, 21:00 (Italian time)"), always in
 * the garage's time zone; the words and their order come from the catalogue's `dates`.
 */
export function formatLongDateTime(iso: string, style: DateStyle = ITALIAN_DATES): string {
  return preformatted.get(`${style.locale} ${iso}`) ?? longDateTime(iso, style);
}

type AgoWords = Pick<Catalogue["dates"], "justNow" | "minutesAgo" | "hoursAgo" | "daysAgo">;

/**
 * "adesso", "5 minuti fa", "2 ore fa", "ieri": how long ago `iso` was, seen from `nowMs` (words of `style`).
 * Elapsed time between two instants is plain millisecond arithmetic: no Temporal, so the home's live
 * popups do not load the polyfill.
 */
export function formatTimeAgo(iso: string, nowMs: number, style: AgoWords): string {
  const minutes = Math.floor((nowMs - Date.parse(iso)) / 60_000);
  if (minutes < 1) return style.justNow;
  if (minutes < 60) return style.minutesAgo(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return style.hoursAgo(hours);
  return style.daysAgo(Math.floor(hours / 24));
}
