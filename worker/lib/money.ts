/** 1500 → "15.00": the spec renders prices and amounts as decimal strings. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "15.5" | 15.5 | "15,50" → 1550; null when it is not a non-negative amount with at most 2 decimals. */
export function decimalToCents(value: string | number): number | null {
  const text = typeof value === "number" ? String(value) : value.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) return Math.round(value * 100);
    return null;
  }
  const [whole, frac = ""] = text.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}
