import { Temporal } from "temporal-polyfill";

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

function zoned(iso: string): Temporal.ZonedDateTime {
  return Temporal.Instant.from(iso).toZonedDateTimeISO(GARAGE_TIME_ZONE);
}

/** "sabato 14 marzo 2026 ore 21:00" in the garage's time zone. */
export function formatLongDateTime(iso: string): string {
  const z = zoned(iso);
  const date = z.toLocaleString("it-IT", { weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const hh = String(z.hour).padStart(2, "0");
  const mm = String(z.minute).padStart(2, "0");
  return `${date} ore ${hh}:${mm}`;
}

/** "14/03/2026, 21:00": admin tables (it-IT, day, month, year, hour, minute). */
export function formatShortDateTime(iso: string | number): string {
  const instant = typeof iso === "number" ? Temporal.Instant.fromEpochMilliseconds(iso) : Temporal.Instant.from(iso);
  return instant.toZonedDateTimeISO(GARAGE_TIME_ZONE).toLocaleString("it-IT", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** Today's date in Rome as YYYY-MM-DD. */
export function todayInRome(): string {
  return Temporal.Now.plainDateISO(GARAGE_TIME_ZONE).toString();
}
