import { formatEuro } from "../../../shared/lifecycle/money";
import { ITALIAN_DATES, longDate, longDateTime, type DateStyle } from "../../../shared/lifecycle/dates";
import { type Lang } from "../../../shared/lang";

/** A catalogue's `dates`: the Intl locale and how the date and the time join. */
export type DateWords = DateStyle;

/** "sabato 14 marzo 2026 ore 21:00" (or "Friday 27 November 2026, 21:00 (Italian time)") in Rome time, the same words as the site. */
export const romeLongDateTime = (ms: number, words: DateWords = ITALIAN_DATES) => longDateTime(ms, words);

/** "giovedì 10 dicembre 2026": the day only, in Rome time. */
export const romeLongDate = (ms: number, words: DateWords = ITALIAN_DATES) => longDate(ms, words);

/** 1550 → "€ 15,50" (Italian) or "€15.50" (English): formatEuro, the one way each language writes money. */
export const euro = (cents: number, locale: Lang = "it") => formatEuro(cents, locale);

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
