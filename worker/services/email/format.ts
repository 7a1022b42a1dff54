import { formatEuro } from "../../../shared/lifecycle/money";
import { GARAGE_TIME_ZONE } from "../../lib/time";

/** A catalogue's `dates`: the Intl locale and how the date and the time join. */
export type DateWords = { locale: string; at: (date: string, time: string) => string };
const ITALIAN: DateWords = { locale: "it-IT", at: (date, time) => `${date} ore ${time}` };

const formatters = new Map<string, { longDate: Intl.DateTimeFormat; clock: Intl.DateTimeFormat }>();
function formattersOf(locale: string) {
  let f = formatters.get(locale);
  if (!f) {
    f = {
      longDate: new Intl.DateTimeFormat(locale, { timeZone: GARAGE_TIME_ZONE, weekday: "long", day: "numeric", month: "long", year: "numeric" }),
      clock: new Intl.DateTimeFormat(locale, { timeZone: GARAGE_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
    };
    formatters.set(locale, f);
  }
  return f;
}

/**
 * "sabato 14 marzo 2026 ore 21:00" (or "Friday 27 November 2026, 21:00 (Italian time)") in Rome
 * time, the same words as the site (web/lib/format-basic.ts).
 */
export function romeLongDateTime(ms: number, words: DateWords = ITALIAN): string {
  const at = new Date(ms);
  const { longDate, clock } = formattersOf(words.locale);
  const parts = clock.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  // en-GB's long date has a comma after the weekday ("Friday, 27 November 2026"); the site writes none.
  return words.at(longDate.format(at).replace(/^(\p{L}+),/u, "$1"), `${part("hour")}:${part("minute")}`);
}

/** 1550 → "€ 15,50" (Italian decimal comma) or "€15.50" (English: the site's compact form). */
export const euro = (cents: number, locale: "it" | "en" = "it") => formatEuro(cents, locale);

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
