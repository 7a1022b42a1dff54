import type { DocumentRow } from "../../../db/schema";
import { romeDate } from "../../lib/time";
import type { Buyer, FatturaFacts, Seller } from "./fattura-xml";

type NumberedDoc = Pick<DocumentRow, "kind" | "year" | "number" | "series">;

/** A document's number as printed: "R12/2026" (receipt), "FE12/2026" (invoice, the owner's series), "NC3/2026". */
export const documentNumber = (d: NumberedDoc) => `${d.kind === "receipt" ? "R" : d.series}${d.number}/${d.year}`;

/**
 * The file's ProgressivoInvio (≤ 10 letters and digits): kind, year, number, and from the second
 * sending to SdI on (after a discard) the attempt, since SdI never takes a file name twice.
 */
export const progressivoOf = (d: NumberedDoc, attempt = 1) =>
  `${d.kind === "invoice" ? "F" : "N"}${String(d.year % 100).padStart(2, "0")}${String(d.number).padStart(5, "0")}${attempt > 1 ? String(attempt) : ""}`;

/** What the line says: the item as bought, with its rate, plate and voucher. */
export function lineDescription(d: Pick<DocumentRow, "itemTitle" | "rateName" | "plate" | "voucherCode" | "eventAt">): string {
  const parts = [`Parcheggio: ${d.itemTitle}`];
  if (d.eventAt != null) parts.push(romeDate(d.eventAt).toString().split("-").reverse().join("/"));
  if (d.rateName) parts.push(d.rateName);
  if (d.plate) parts.push(`targa ${d.plate}`);
  if (d.voucherCode) parts.push(`codice sconto ${d.voucherCode}`);
  return parts.join(" - ");
}

/** The FatturaPA facts of an invoice or credit note row (a credit note with the invoice it corrects). */
export function fatturaFactsOf(d: DocumentRow, invoice?: DocumentRow | null, attempt = 1): FatturaFacts {
  if (d.kind === "receipt") throw new Error("a receipt has no FatturaPA");
  return {
    kind: d.kind,
    numero: documentNumber(d),
    data: romeDate(d.issuedAt).toString(),
    totalCents: d.totalCents,
    taxableCents: d.taxableCents,
    vatCents: d.vatCents,
    vatRateBp: d.vatRateBp,
    description: lineDescription(d),
    seller: d.seller as unknown as Seller,
    buyer: d.buyer as unknown as Buyer,
    progressivoInvio: progressivoOf(d, attempt),
    ...(d.kind === "credit_note" && invoice ? { linked: { numero: documentNumber(invoice), data: romeDate(invoice.issuedAt).toString() } } : {}),
  };
}
