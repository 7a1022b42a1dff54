import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bookings, documents, fiscalIdentity, refunds, type DocumentKind, type DocumentRow, type FiscalIdentity } from "../../../db/schema";
import type { Db } from "../../db";
import { fail, ok, type Outcome } from "../../lib/errors";
import { romeDate } from "../../lib/time";
import { insertWhere } from "../../lib/insert-where";
import { messages } from "../../i18n/it";
import { INVOICE_WINDOW_DAYS } from "../../../shared/fiscal";
import type { Buyer } from "./fattura-xml";
import { translatedSql } from "../translations";

/** Parking's VAT while the owner has not saved the fiscal identity: the ordinary rate. */
export const DEFAULT_VAT_RATE_BP = 2200;
/** Credit notes run in a sequence of their own, printed with this prefix. */
export const CREDIT_NOTE_SERIES = "NC";

const changesOf = (result: unknown): number => (result as { meta?: { changes?: number } }).meta?.changes ?? 0;

/** The SQL twin of shared/fiscal.ts splitVat: taxable = total ÷ (1 + rate), half up, in whole cents (integer division of non-negatives). */
export const taxableSql = (total: SQL, rateBp: SQL) => sql`((2 * ${total} * 10000 + (10000 + ${rateBp})) / (2 * (10000 + ${rateBp})))`;

const rateNow = sql`coalesce((select ${fiscalIdentity.vatRateBp} from ${fiscalIdentity} where ${fiscalIdentity.id} = 1), ${DEFAULT_VAT_RATE_BP})`;
/** The VAT of what was bought: the rate's own when the owner set one, else the garage's. */
const rateOfBooking = sql`coalesce(r.vat_rate_bp, ${rateNow})`;
const sellerNow = sql`coalesce((select json_object('ragioneSociale', f.ragione_sociale, 'partitaIva', f.partita_iva, 'codiceFiscale', f.codice_fiscale,
  'indirizzo', f.indirizzo, 'cap', f.cap, 'comune', f.comune, 'provincia', f.provincia, 'regimeFiscale', f.regime_fiscale)
  from fiscal_identity f where f.id = 1), '{}')`;

/**
 * The next number of a kind in a year, read inside the INSERT that uses it: D1 runs one statement at a
 * time, so two racing inserts never read the same maximum, and the unique index (kind, year, number)
 * would refuse a duplicate anyway. Numbers are never deleted, so the sequence has no gaps.
 */
const nextNumber = (kind: DocumentKind, year: number) =>
  sql`(select coalesce(max(${documents.number}), 0) + 1 from ${documents} where ${documents.kind} = ${kind} and ${documents.year} = ${year})`;

/** A new document's number and dates: the next of its kind in the Rome year of `now`. */
const numbered = (kind: DocumentKind, series: string | SQL, now: number) => {
  const year = romeDate(now).year;
  return { id: crypto.randomUUID(), kind, year, number: nextNumber(kind, year), series, issuedAt: now, createdAt: now };
};

/** A total split into taxable and VAT at a rate (basis points), all in whole cents. */
const vatOf = (total: SQL, rateBp: SQL) => ({ totalCents: total, taxableCents: taxableSql(total, rateBp), vatCents: sql`${total} - ${taxableSql(total, rateBp)}`, vatRateBp: rateBp });

/** What a document copies from the one it follows (`d`: the invoice from its receipt, a credit note from its invoice): what was bought, by whom, paid how. */
const copiedFrom = (d: "rc" | "inv") => {
  const col = (name: string) => sql.raw(`${d}.${name}`);
  return {
    bookingId: col("booking_id"),
    itemTitle: col("item_title"),
    rateName: col("rate_name"),
    eventAt: col("event_at"),
    plate: col("plate"),
    bookingKind: col("booking_kind"),
    voucherCode: col("voucher_code"),
    discountCents: col("discount_cents"),
    customerName: col("customer_name"),
    customerEmail: col("customer_email"),
    paymentProvider: col("payment_provider"),
    paidAt: col("paid_at"),
    lang: col("lang"),
  };
};

/**
 * The receipt of a booking's payment: written by the batch that marks it paid (settle.ts), guarded so
 * it exists once per paid booking with money in it, copying what was bought as it read that day.
 */
export function receiptInsert(db: Db, bookingId: string, now: number) {
  return insertWhere(
    db,
    documents,
    {
      ...numbered("receipt", "", now),
      bookingId: sql`b.id`,
      ...vatOf(sql`b.amount_cents`, rateOfBooking),
      itemTitle: sql`case
        when b.kind = 'season' then coalesce((select ${translatedSql(sql`sp.name`, sql`sp.name_translations`, sql`b.lang`)}
          from season_holders h join season_passes sp on sp.id = h.season_id where h.id = b.season_holder_id), e.title)
        when b.kind = 'prevendita' then coalesce(${translatedSql(sql`e.prevendita_title`, sql`e.prevendita_title_translations`, sql`b.lang`)}, e.title)
        else ${translatedSql(sql`e.title`, sql`e.title_translations`, sql`b.lang`)} end`,
      rateName: translatedSql(sql`r.name`, sql`r.name_translations`, sql`b.lang`),
      eventAt: sql`case when b.kind = 'season' then null else e.datetime end`,
      plate: sql`b.license_plate`,
      bookingKind: sql`b.kind`,
      voucherCode: sql`b.voucher_code`,
      discountCents: sql`b.discount_cents`,
      customerName: sql`coalesce(nullif(trim(coalesce(b.nome, '') || ' ' || coalesce(b.cognome, '')), ''), b.customer_name)`,
      customerEmail: sql`b.customer_email`,
      paymentProvider: sql`b.payment_provider`,
      paidAt: sql`b.paid_at`,
      lang: sql`b.lang`,
      seller: sellerNow,
    },
    sql`b.id = ${bookingId} and b.status = 'paid' and b.amount_cents > 0
      and not exists (select 1 from ${documents} d where d.booking_id = b.id and d.kind = 'receipt')`,
    sql`bookings b join events e on e.id = b.event_id left join rates r on r.id = b.rate_id`,
  );
}

/**
 * The credit note (TD04) of one refund row of an invoiced booking, for the refunded amount: written
 * beside the statements that record the refund's money going back (refunds.ts), so it exists only
 * for money that moved, once per refund. A refund of a booking without an invoice writes nothing.
 */
export function creditNoteInsert(db: Db, refundRowId: string, now: number) {
  return insertWhere(
    db,
    documents,
    {
      ...numbered("credit_note", CREDIT_NOTE_SERIES, now),
      ...copiedFrom("inv"),
      refundId: sql`rf.id`,
      invoiceId: sql`inv.id`,
      ...vatOf(sql`rf.amount_cents`, sql`inv.vat_rate_bp`),
      seller: sql`inv.seller`,
      buyer: sql`inv.buyer`,
    },
    sql`rf.id = ${refundRowId} and rf.status = 'succeeded'
      and not exists (select 1 from ${documents} d where d.refund_id = rf.id and d.kind = 'credit_note')`,
    sql`refunds rf join documents inv on inv.booking_id = rf.booking_id and inv.kind = 'invoice'`,
  );
}

export type InvoiceRequest = { buyer: Buyer };

/**
 * "Richiedi fattura": the invoice (TD01) of a paid booking's whole payment, for the buyer given. One
 * guarded INSERT decides it: the booking paid with a receipt, within the 12 days an immediate invoice
 * allows, the garage's fiscal identity saved, no invoice yet. Refunds already made get their credit
 * notes in the same batch. Asked again, the invoice already issued comes back unchanged (`already`).
 */
export async function requestInvoice(db: Db, bookingId: string, input: InvoiceRequest, now: number): Promise<Outcome<{ invoice: DocumentRow; already: boolean }>> {
  const [booking, existing, seller, receipt, refundRows] = await db.batch([
    db.select({ id: bookings.id, status: bookings.status, paidAt: bookings.paidAt, amountCents: bookings.amountCents }).from(bookings).where(eq(bookings.id, bookingId)),
    db.select().from(documents).where(and(eq(documents.bookingId, bookingId), eq(documents.kind, "invoice"))),
    db.select({ id: fiscalIdentity.id }).from(fiscalIdentity).where(eq(fiscalIdentity.id, 1)),
    db.select({ id: documents.id }).from(documents).where(and(eq(documents.bookingId, bookingId), eq(documents.kind, "receipt"))),
    db.select({ id: refunds.id }).from(refunds).where(and(eq(refunds.bookingId, bookingId), eq(refunds.status, "succeeded"))).orderBy(asc(refunds.completedAt), asc(refunds.id)),
  ]);
  if (existing[0]) return ok({ invoice: existing[0], already: true });
  const b = booking[0];
  if (!b) return fail(404, "not_found", messages.bookingNotFound);
  if (!seller[0]) return fail(409, "conflict", messages.invoicesNotConfigured);
  if (b.paidAt == null || b.amountCents <= 0 || (b.status !== "paid" && b.status !== "freed")) return fail(409, "conflict", messages.invoiceOnlyPaid);
  if (now > invoiceDeadline(b.paidAt)) return fail(409, "conflict", messages.invoiceWindowClosed);

  const ensureReceipt = receipt[0] ? [] : [receiptInsert(db, bookingId, now)];
  const statements: BatchItem<"sqlite">[] = [
    ...ensureReceipt,
    insertWhere(
      db,
      documents,
      {
        ...numbered("invoice", sql`f.invoice_series`, now),
        ...copiedFrom("rc"),
        // The whole payment, at the receipt's rate.
        totalCents: sql`rc.total_cents`,
        taxableCents: sql`rc.taxable_cents`,
        vatCents: sql`rc.vat_cents`,
        vatRateBp: sql`rc.vat_rate_bp`,
        seller: sellerNow,
        buyer: JSON.stringify(input.buyer),
      },
      sql`rc.booking_id = ${bookingId} and rc.kind = 'receipt' and f.id = 1
        and exists (select 1 from ${bookings} b where b.id = rc.booking_id and b.status in ('paid', 'freed') and b.paid_at >= ${now - INVOICE_WINDOW_DAYS * 86_400_000})
        and not exists (select 1 from ${documents} d where d.booking_id = rc.booking_id and d.kind = 'invoice')`,
      sql`documents rc join fiscal_identity f`,
    ),
    ...refundRows.map((r) => creditNoteInsert(db, r.id, now)),
  ];
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const invoice = await db.select().from(documents).where(and(eq(documents.bookingId, bookingId), eq(documents.kind, "invoice"))).get();
  if (!invoice) return fail(409, "conflict", messages.invoiceOnlyPaid);
  // Lost a race with the same request: the other one's invoice is the answer.
  return ok({ invoice, already: changesOf(results[ensureReceipt.length]) === 0 });
}

/** The last instant an immediate invoice may be issued for a payment made at `paidAt`. */
export const invoiceDeadline = (paidAt: number) => paidAt + INVOICE_WINDOW_DAYS * 86_400_000;

// ---- the garage's fiscal identity ---------------------------------------------------------------

export type FiscalIdentityInput = Omit<FiscalIdentity, "id" | "updatedAt">;

export async function getFiscalIdentity(db: Db): Promise<FiscalIdentity | null> {
  return (await db.select().from(fiscalIdentity).where(eq(fiscalIdentity.id, 1)).get()) ?? null;
}

export async function saveFiscalIdentity(db: Db, input: FiscalIdentityInput, now: number): Promise<FiscalIdentity> {
  await db
    .insert(fiscalIdentity)
    .values({ id: 1, ...input, updatedAt: now })
    .onConflictDoUpdate({ target: fiscalIdentity.id, set: { ...input, updatedAt: now } });
  return (await getFiscalIdentity(db))!;
}
