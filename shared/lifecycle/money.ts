/**
 * Money as integer euro cents, and every way the product writes an amount. The Worker and the SPA
 * import these; no other file formats or parses money.
 */
import { languageWays, type Lang } from "../lang";

/** 1500 → "15.00": the API's decimal form (spec §3). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The API's decimal amount ("15.00", "7.5", "-3") as integer cents, without floating-point sums. */
export function decimalToCentsExact(amount: string): number {
  const text = amount.trim();
  const [whole, fraction = ""] = text.replace(/^-/, "").split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
  return text.startsWith("-") ? -cents : cents;
}

/** What a person typed ("15.5", 15.5, "15,50") → 1550; null unless a non-negative amount with at most 2 decimals. */
export function parseAmountToCents(value: string | number): number | null {
  const text = typeof value === "number" ? String(value) : value.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) return Math.round(value * 100);
    return null;
  }
  const [whole, frac = ""] = text.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** An amount in euros as a form's number field holds it (15.5) → 1550. */
export const eurosToCents = (euros: number): number => Math.round(euros * 100);

const asCents = (amount: string | number) => (typeof amount === "number" ? amount : decimalToCentsExact(amount));

/** A VAT rate ("22.00", as the API and the documents give it) as `lang` writes it: "22", "10,50" with a decimal comma. */
export function formatVatRate(rate: string, lang: Lang): string {
  const plain = rate.replace(/\.00$/, "");
  return languageWays(lang).decimalComma ? plain.replace(".", ",") : plain;
}

/** "€ 15,50" in Italian, "€15.50" in English, "15,50 €" in German…: each language's way (shared/lang.ts). `amount`: cents or the API's decimal string. */
export function formatEuro(amount: string | number, lang: Lang): string {
  const ways = languageWays(lang);
  const decimal = centsToDecimal(asCents(amount));
  return ways.euro.replace("#", ways.decimalComma ? decimal.replace(".", ",") : decimal);
}

/** A refund reaches the card within this many working days of the provider's "succeeded" (what the e-mails promise). */
export const REFUND_WORKING_DAYS = 10;
