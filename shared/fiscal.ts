/**
 * Italian fiscal rules both sides apply: the partita IVA and codice fiscale checks, the destination
 * code, and how a VAT-included price splits into taxable amount and VAT (docs/decisions/047-documents.md).
 */

/** 11 digits whose last is the check digit of the first ten (Luhn-like, as the Agenzia delle Entrate defines it). */
export function isPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^0{11}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(value[i]);
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10 === Number(value[10]);
}

// Values of a character in an odd (1st, 3rd, …) position of the codice fiscale, digits and letters alike.
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const CF_PATTERN = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

const indexOf = (ch: string) => (ch >= "0" && ch <= "9" ? ch.charCodeAt(0) - 48 : ch.charCodeAt(0) - 65);

/** A person's 16-character codice fiscale (omocodia letters allowed) with its check letter right. */
export function isCodiceFiscale(value: string): boolean {
  if (!CF_PATTERN.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += i % 2 === 0 ? ODD[indexOf(value[i])] : indexOf(value[i]);
  return String.fromCharCode(65 + (sum % 26)) === value[15];
}

/** A company's codice fiscale is its 11-digit number; a person's is the 16-character code. */
export const isCodiceFiscaleAny = (value: string) => isCodiceFiscale(value) || isPartitaIva(value);

/** SdI's Codice Destinatario: 7 letters or digits ("0000000" when the invoice goes by PEC or to a person). */
export const DESTINATION_CODE = /^[A-Z0-9]{7}$/;
export const NO_DESTINATION_CODE = "0000000";

/** Upper-case with the spaces people type inside codes removed. */
export const normalizeCode = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/**
 * A VAT-included total split in whole cents: taxable = total ÷ (1 + rate) rounded half up to the
 * cent, VAT = total − taxable, so the two always add up to what was paid. SdI's check (VAT =
 * taxable × rate within one cent) then holds: |VAT − taxable × rate| = (1 + rate) × |rounding| ≤ 0.61 ¢ at 22 %.
 * `rateBp`: basis points (2200 = 22 %). The SQL twin is `taxableSql` in worker/services/documents/issue.ts.
 */
export function splitVat(totalCents: number, rateBp: number): { taxableCents: number; vatCents: number } {
  const taxableCents = Math.floor((2 * totalCents * 10_000 + (10_000 + rateBp)) / (2 * (10_000 + rateBp)));
  return { taxableCents, vatCents: totalCents - taxableCents };
}

/** 2200 → "22.00": AliquotaIVA as FatturaPA writes it. */
export const rateOfBp = (rateBp: number) => `${Math.floor(rateBp / 100)}.${String(rateBp % 100).padStart(2, "0")}`;

/** How long after the payment an immediate invoice may be issued (art. 21 DPR 633/72: 12 days). */
export const INVOICE_WINDOW_DAYS = 12;
