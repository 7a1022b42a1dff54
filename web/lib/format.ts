// Temporal's tree-shakeable function API (same polyfill, same semantics): the class API would
// add ~11 KB gzip to every visitor's home page. See docs/decisions/ for the measurement.
import * as DurationFns from "temporal-polyfill/fns/Duration";
import * as InstantFns from "temporal-polyfill/fns/Instant";
import * as NowFns from "temporal-polyfill/fns/Now";
import * as PlainDateFns from "temporal-polyfill/fns/PlainDate";
import * as ZonedFns from "temporal-polyfill/fns/ZonedDateTime";

import { GARAGE_TIME_ZONE } from "./format-basic";

export { centsToDecimal as fromCents, decimalToCentsExact as toCents } from "../../shared/lifecycle/money";

export { formatLongDateTime, formatTimeAgo, GARAGE_TIME_ZONE, truncate, type DateStyle } from "./format-basic";

const instantOf = (iso: string | number) => (typeof iso === "number" ? InstantFns.fromEpochMilliseconds(iso) : InstantFns.fromString(iso));
const zoned = (iso: string | number) => InstantFns.toZonedDateTimeISO(instantOf(iso), GARAGE_TIME_ZONE);

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

/** The code a customer keeps and shows at the gate (the server computes the same). */
export { bookingCodeOf as bookingCode } from "../../shared/rules";

/** "19:42": the hour and minute of `iso` in the garage's time zone ("entrato alle 19:42"). */
export function formatTime(iso: string | number): string {
  const z = zoned(iso);
  return `${String(z.hour).padStart(2, "0")}:${String(z.minute).padStart(2, "0")}`;
}
