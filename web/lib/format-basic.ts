// The formatting the home's event cards need, without Temporal: the polyfill (~9 KB gzip) then loads
// only with the screens that compute with dates. Formatting an instant in Rome time is Intl's job
// either way (Temporal's toLocaleString delegates to it). format.ts re-exports these.
import { GARAGE_TIME_ZONE } from "../../shared/rules";

export { GARAGE_TIME_ZONE };

/** "15.00" | 15 → "€15.00": the spec's compact form used on cards and pay buttons. */
export function formatEuroCompact(amount: string | number): string {
  return `€${(typeof amount === "number" ? amount : Number(amount)).toFixed(2)}`;
}

/** Cuts `text` to `max` characters followed by an ellipsis when longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

const longDate = new Intl.DateTimeFormat("it-IT", { timeZone: GARAGE_TIME_ZONE, weekday: "long", day: "numeric", month: "long", year: "numeric" });
const clock = new Intl.DateTimeFormat("it-IT", { timeZone: GARAGE_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "sabato 14 marzo 2026 ore 21:00" in the garage's time zone. */
export function formatLongDateTime(iso: string): string {
  const at = new Date(iso);
  const parts = clock.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${longDate.format(at)} ore ${part("hour")}:${part("minute")}`;
}
