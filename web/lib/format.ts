// Temporal's tree-shakeable function API (same polyfill, same semantics): the class API would
// add ~11 KB gzip to every visitor's home page. See docs/decisions/ for the measurement.
import * as DurationFns from "temporal-polyfill/fns/Duration";
import * as InstantFns from "temporal-polyfill/fns/Instant";
import * as NowFns from "temporal-polyfill/fns/Now";
import * as PlainDateFns from "temporal-polyfill/fns/PlainDate";
import * as ZonedFns from "temporal-polyfill/fns/ZonedDateTime";

export const GARAGE_TIME_ZONE = "Europe/Rome";

const euro = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "15.00" | 15 → "15,00 €" (Italian grouping and decimal comma). */
export function formatEuro(amount: string | number): string {
  return euro.format(typeof amount === "number" ? amount : Number(amount));
}

/** "15.00" | 15 → "€15.00": the spec's compact form used on cards and pay buttons. */
export function formatEuroCompact(amount: string | number): string {
  return `€${(typeof amount === "number" ? amount : Number(amount)).toFixed(2)}`;
}

/** Cuts `text` to `max` characters followed by an ellipsis when longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

const instantOf = (iso: string | number) => (typeof iso === "number" ? InstantFns.fromEpochMilliseconds(iso) : InstantFns.fromString(iso));
const zoned = (iso: string | number) => InstantFns.toZonedDateTimeISO(instantOf(iso), GARAGE_TIME_ZONE);

/** "sabato 14 marzo 2026 ore 21:00" in the garage's time zone. */
export function formatLongDateTime(iso: string): string {
  const z = zoned(iso);
  const date = ZonedFns.toLocaleString(z, "it-IT", { weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const hh = String(z.hour).padStart(2, "0");
  const mm = String(z.minute).padStart(2, "0");
  return `${date} ore ${hh}:${mm}`;
}

/** "14/03/2026, 21:00": admin tables (it-IT, day, month, year, hour, minute). */
export function formatShortDateTime(iso: string | number): string {
  return ZonedFns.toLocaleString(zoned(iso), "it-IT", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** Today's date in Rome as YYYY-MM-DD. */
export function todayInRome(): string {
  return PlainDateFns.toString(NowFns.plainDateISO(GARAGE_TIME_ZONE));
}

/** Remaining milliseconds as "mm:ss" (never negative): the checkout's hold countdown. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const d = DurationFns.round(DurationFns.fromFields({ seconds }), { largestUnit: "minute" });
  return `${String(d.minutes).padStart(2, "0")}:${String(d.seconds).padStart(2, "0")}`;
}

const relative = new Intl.RelativeTimeFormat("it-IT", { numeric: "auto" });

/** "adesso", "5 minuti fa", "2 ore fa", "ieri": how long ago `iso` was, seen from `nowMs`. */
export function formatTimeAgo(iso: string, nowMs: number): string {
  const elapsed = InstantFns.diff(instantOf(iso), instantOf(nowMs), { largestUnit: "hour" });
  const minutes = Math.floor(DurationFns.total(elapsed, "minute"));
  if (minutes < 1) return "adesso";
  if (minutes < 60) return relative.format(-minutes, "minute");
  const hours = Math.floor(DurationFns.total(elapsed, "hour"));
  if (hours < 24) return relative.format(-hours, "hour");
  return relative.format(-Math.floor(hours / 24), "day");
}

/** The code a customer keeps and shows at the gate: the booking id's first 8 hex digits, upper-case. */
export function bookingCode(bookingId: string): string {
  return bookingId.slice(0, 8).toUpperCase();
}
