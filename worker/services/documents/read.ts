import { and, asc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { bookings, documents, fiscalIdentity, refunds, seasonHolders, type DocumentKind, type DocumentRow, type SdiSubmissionRow } from "../../../db/schema";
import type { Db } from "../../db";
import { romeMonthRange, toIso } from "../../lib/time";
import { centsToDecimal } from "../../../shared/lifecycle/money";
import { rateOfBp } from "../../../shared/fiscal";
import { documentNumber } from "./facts";
import { invoiceDeadline } from "./issue";
import { fileOf, sdiStateOf, submissionsOf, type SdiState } from "../sdi/submissions";
import { type Lang } from "../../../shared/lang";

export type DocumentSummary = { id: string; kind: DocumentKind; number: string; issuedAt: string; total: string };

export type DocumentView = DocumentSummary & {
  lang: Lang;
  seller: Record<string, unknown>;
  buyer: Record<string, unknown> | null;
  item: { title: string; rateName: string | null; eventAt: string | null; plate: string; bookingKind: string; voucherCode: string | null; discount: string };
  customerName: string;
  taxable: string;
  vat: string;
  /** "22.00" */
  vatRate: string;
  paymentProvider: string | null;
  paidAt: string | null;
  /** Money that went back on this payment, each refund with when. */
  refunds: { amount: string; at: string }[];
  /** The other documents of the same payment. */
  related: DocumentSummary[];
  /** TD04: the invoice it corrects. */
  invoiceNumber: string | null;
};

export const summaryOf = (d: DocumentRow): DocumentSummary => ({
  id: d.id,
  kind: d.kind,
  number: documentNumber(d),
  issuedAt: toIso(d.issuedAt)!,
  total: centsToDecimal(d.totalCents),
});

/** One document as its public page shows it (the id is the key), with the payment's refunds and sibling documents. */
export async function documentView(db: Db, id: string): Promise<DocumentView | null> {
  const doc = await db.select().from(documents).where(eq(documents.id, id)).get();
  if (!doc) return null;
  const [siblings, refundRows] = await db.batch([
    db.select().from(documents).where(eq(documents.bookingId, doc.bookingId)).orderBy(asc(documents.issuedAt), asc(documents.number)),
    db
      .select({ amountCents: refunds.amountCents, at: sql<number>`coalesce(${refunds.completedAt}, ${refunds.createdAt})` })
      .from(refunds)
      .where(and(eq(refunds.bookingId, doc.bookingId), eq(refunds.status, "succeeded")))
      .orderBy(asc(refunds.completedAt)),
  ]);
  const invoice = doc.invoiceId ? siblings.find((s) => s.id === doc.invoiceId) : undefined;
  return {
    ...summaryOf(doc),
    lang: doc.lang,
    seller: doc.seller,
    buyer: doc.buyer,
    item: {
      title: doc.itemTitle,
      rateName: doc.rateName,
      eventAt: toIso(doc.eventAt),
      plate: doc.plate,
      bookingKind: doc.bookingKind,
      voucherCode: doc.voucherCode,
      discount: centsToDecimal(doc.discountCents),
    },
    customerName: doc.customerName,
    taxable: centsToDecimal(doc.taxableCents),
    vat: centsToDecimal(doc.vatCents),
    vatRate: rateOfBp(doc.vatRateBp),
    paymentProvider: doc.paymentProvider,
    paidAt: toIso(doc.paidAt),
    refunds: refundRows.map((r) => ({ amount: centsToDecimal(r.amountCents), at: toIso(r.at)! })),
    related: siblings.filter((s) => s.id !== doc.id).map(summaryOf),
    invoiceNumber: invoice ? documentNumber(invoice) : null,
  };
}

/** The FatturaPA file of an invoice or credit note (its latest sending to SdI, if any): its name and XML. null for a receipt or an unknown id. */
export async function documentXml(db: Db, id: string): Promise<{ fileName: string; xml: string } | null> {
  const doc = await db.select().from(documents).where(eq(documents.id, id)).get();
  if (!doc || doc.kind === "receipt") return null;
  const invoice = doc.invoiceId ? await db.select().from(documents).where(eq(documents.id, doc.invoiceId)).get() : null;
  return fileOf(doc, invoice, (await submissionsOf(db, [doc.id])).get(doc.id));
}

/** The booking behind a pass secret: its own, or a season holder's carrier booking. */
export async function bookingOfPass(db: Db, secret: string): Promise<{ id: string; paidAt: number | null; status: string } | null> {
  const row = await db
    .select({ id: bookings.id, paidAt: bookings.paidAt, status: bookings.status })
    .from(bookings)
    .where(
      or(
        eq(bookings.passSecret, secret),
        eq(bookings.id, sql`(select ${seasonHolders.carrierBookingId} from ${seasonHolders} where ${seasonHolders.passSecret} = ${secret})`),
      ),
    )
    .orderBy(sql`${bookings.passSecret} = ${secret} desc`)
    .get();
  return row ?? null;
}

export type PaymentDocuments = {
  receipt: DocumentSummary | null;
  invoice: DocumentSummary | null;
  creditNotes: DocumentSummary[];
  /** Until when "Richiedi fattura" is open; null when it cannot be asked (not paid, nothing to invoice). */
  invoiceUntil: string | null;
  /** The garage has saved its fiscal identity: invoices can be issued at all. */
  invoicesEnabled: boolean;
};

/** The documents of one payment, for the pass page and Le Mie Prenotazioni. */
export async function documentsOfBooking(db: Db, booking: { id: string; paidAt: number | null; status: string }): Promise<PaymentDocuments> {
  const [rows, identity] = await db.batch([
    db.select().from(documents).where(eq(documents.bookingId, booking.id)).orderBy(asc(documents.issuedAt)),
    db.select({ id: fiscalIdentity.id }).from(fiscalIdentity).where(eq(fiscalIdentity.id, 1)),
  ]);
  const receipt = rows.find((r) => r.kind === "receipt");
  return {
    receipt: receipt ? summaryOf(receipt) : null,
    invoice: rows.filter((r) => r.kind === "invoice").map(summaryOf)[0] ?? null,
    creditNotes: rows.filter((r) => r.kind === "credit_note").map(summaryOf),
    invoiceUntil: receipt && booking.paidAt != null ? toIso(invoiceDeadline(booking.paidAt)) : null,
    invoicesEnabled: identity.length > 0,
  };
}

export type AdminDocumentDto = DocumentSummary & {
  customer: string;
  taxable: string;
  vat: string;
  vatRate: string;
  bookingId: string;
  invoiceNumber: string | null;
  /** Invoices and credit notes: where the file is with SdI (docs/decisions/055-sdi-sending.md). */
  sdi: SdiState | null;
  /** What the customer gave for the invoice, for correcting a discarded one. */
  buyer: Record<string, unknown> | null;
};

/** The month's documents (Rome calendar), newest first, for the "Documenti" tab. */
export async function documentsOfMonth(db: Db, month: string): Promise<DocumentRow[]> {
  const { start, end } = romeMonthRange(Temporal.PlainDate.from(`${month}-01`));
  return db
    .select()
    .from(documents)
    .where(and(gte(documents.issuedAt, start), lt(documents.issuedAt, end)))
    .orderBy(asc(documents.kind), asc(documents.year), asc(documents.number));
}

/** Who a document is for, as the accountant reads it: the invoice's buyer, else the customer's name. */
export function customerOf(d: DocumentRow): string {
  const b = d.buyer as { type?: string; denominazione?: string; nome?: string; cognome?: string; partitaIva?: string; codiceFiscale?: string } | null;
  if (!b) return d.customerName;
  return b.type === "company" ? `${b.denominazione} (P.IVA ${b.partitaIva})` : `${b.nome} ${b.cognome} (CF ${b.codiceFiscale})`;
}

export function adminDocumentDto(d: DocumentRow, all: DocumentRow[], submissions: Map<string, SdiSubmissionRow[]>): AdminDocumentDto {
  const invoice = d.invoiceId ? all.find((x) => x.id === d.invoiceId) : undefined;
  return {
    ...summaryOf(d),
    customer: customerOf(d),
    taxable: centsToDecimal(d.taxableCents),
    vat: centsToDecimal(d.vatCents),
    vatRate: rateOfBp(d.vatRateBp),
    bookingId: d.bookingId,
    invoiceNumber: invoice ? documentNumber(invoice) : null,
    sdi: d.kind === "receipt" ? null : sdiStateOf(submissions.get(d.id) ?? []),
    buyer: d.kind === "receipt" ? null : d.buyer,
  };
}

/** Invoices a month's credit notes correct, when issued in an earlier month. */
export async function invoicesOf(db: Db, ids: string[]): Promise<DocumentRow[]> {
  return ids.length ? db.select().from(documents).where(inArray(documents.id, ids)) : [];
}
