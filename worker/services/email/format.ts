import { GARAGE_TIME_ZONE } from "../../lib/time";

const longDate = new Intl.DateTimeFormat("it-IT", { timeZone: GARAGE_TIME_ZONE, weekday: "long", day: "numeric", month: "long", year: "numeric" });
const clock = new Intl.DateTimeFormat("it-IT", { timeZone: GARAGE_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "sabato 14 marzo 2026 ore 21:00" in Rome time, the same words as the site (web/lib/format-basic.ts). */
export function romeLongDateTime(ms: number): string {
  const at = new Date(ms);
  const parts = clock.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${longDate.format(at)} ore ${part("hour")}:${part("minute")}`;
}

/** 1550 → "€ 15,50" (Italian decimal comma). */
export function euro(cents: number): string {
  return `€ ${(cents / 100).toFixed(2).replace(".", ",")}`;
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
