import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { expect } from "vitest";
import { bookings, documents, emailOutbox, refunds, sdiSubmissions, walletPasses, walletStandInDeliveries, walletUpdates, type Booking } from "../../db/schema";
import { centsToDecimal } from "../../shared/lifecycle/money";
import type { Db } from "../db";
import { romeDate } from "../lib/time";
import { invoiceCopyKey } from "../services/documents/courtesy-copy";
import { documentNumber } from "../services/documents/facts";
import type { Buyer } from "../services/documents/fattura-xml";
import { STAND_IN_FOREIGN_CODE } from "../services/sdi/stand-in";
import { markWalletPassChanged } from "../services/wallet/wallet-passes";

/**
 * What the lifecycle property (worker/lifecycle.property.test.ts, the pool of clients) checks of the
 * papers and the phones after every step (issue #40): every document issued carries the money that
 * moved, SdI's sendings keep a document's number and date, one courtesy copy per invoice, one wallet
 * update per change of what a pass shows and one push per update to each phone holding it.
 */

export const INVOICE_BUYER: Buyer = {
  type: "company",
  denominazione: "Rossi & Figli S.p.A.",
  partitaIva: "01234567897",
  codiceFiscale: null,
  indirizzo: "Via Toledo 1",
  cap: "80134",
  comune: "Napoli",
  provincia: "NA",
  codiceDestinatario: "M5UXCR1",
  pec: null,
};
/** The stand-in discards this one: the foreign customers' code on an Italian company. */
export const DISCARDED_BUYER: Buyer = { ...INVOICE_BUYER, codiceDestinatario: STAND_IN_FOREIGN_CODE };

export type PaperTrail = {
  /** A document's number and date as first seen: no later sending or correction may change them. */
  numbers: Map<string, string>;
  /** Phones holding a pass: its serial, the phone's push token, the updates already sent when it registered. */
  phones: { serial: string; token: string; sentBefore: number }[];
  /** What each pass showed, and its version, after the last step. */
  passes: Map<string, { shown: string | null; version: number }>;
};

export const newPaperTrail = (): PaperTrail => ({ numbers: new Map(), phones: [], passes: new Map() });

const field = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1] ?? null;
const sumOf = (list: { amountCents?: number; totalCents?: number }[]) => list.reduce((s, r) => s + (r.amountCents ?? r.totalCents ?? 0), 0);

/** The documents, sendings, e-mails and passes of the bookings `ofRun` selects (a subquery of booking ids). */
export async function readPapers(db: Db, ofRun: SQL, tokens: string[]) {
  const docsOfRun = sql`(select d.id from documents d where d.booking_id in ${ofRun})`;
  const passesOfRun = sql`(select w.serial_number from wallet_passes w where w.booking_id in ${ofRun})`;
  const [docs, sendings, copies, refundRows, passes, updates, pushes] = await db.batch([
    db.select().from(documents).where(sql`${documents.bookingId} in ${ofRun}`),
    db.select().from(sdiSubmissions).where(sql`${sdiSubmissions.documentId} in ${docsOfRun}`),
    db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "invoice_copy"), sql`${emailOutbox.bookingId} in ${ofRun}`)),
    db.select().from(refunds).where(sql`${refunds.bookingId} in ${ofRun}`),
    db.select().from(walletPasses).where(sql`${walletPasses.bookingId} in ${ofRun}`),
    db.select().from(walletUpdates).where(sql`${walletUpdates.serialNumber} in ${passesOfRun}`),
    db
      .select({ target: walletStandInDeliveries.target })
      .from(walletStandInDeliveries)
      .where(and(eq(walletStandInDeliveries.channel, "apple_push"), inArray(walletStandInDeliveries.target, tokens.length ? tokens : [""]))),
  ]);
  return { docs, sendings, copies, refundRows, passes, updates, pushes };
}

/**
 * The invariants. `rows` are the run's bookings; `afterCron`: the step was the cron alone, so every
 * change of a season pass has been found and every queued wallet update sent.
 */
export async function expectPaperTrail(db: Db, trail: PaperTrail, rows: Booking[], ofRun: SQL, after: string, afterCron: boolean, now: number) {
  const { docs, sendings, copies, refundRows, passes, updates, pushes } = await readPapers(db, ofRun, trail.phones.map((p) => p.token));
  const bookingOf = new Map(rows.map((b) => [b.id, b]));

  // ---- every issued document carries the money that moved ----
  for (const d of docs) {
    const what = `${d.kind} ${documentNumber(d)} after ${after}`;
    expect(d.taxableCents + d.vatCents, `${what}: taxable + VAT`).toBe(d.totalCents);
    expect(d.totalCents > 0 && d.vatCents >= 0 && d.taxableCents >= 0, `${what}: amounts ${d.totalCents} ${d.taxableCents} ${d.vatCents}`).toBe(true);
    const key = `${documentNumber(d)} ${d.issuedAt}`;
    expect(trail.numbers.get(d.id) ?? key, `${what}: its number and date changed`).toBe(key);
    trail.numbers.set(d.id, key);
  }
  const ofKind = (bookingId: string, kind: string) => docs.filter((d) => d.bookingId === bookingId && d.kind === kind);
  for (const b of rows) {
    const [receipt, ...moreReceipts] = ofKind(b.id, "receipt");
    const [invoice, ...moreInvoices] = ofKind(b.id, "invoice");
    const notes = ofKind(b.id, "credit_note");
    const what = `booking ${b.id.slice(0, 8)} (${b.kind}, ${b.status}) after ${after}`;
    expect(moreReceipts.length + moreInvoices.length, `${what}: a second receipt or invoice`).toBe(0);
    if (b.status === "paid" && b.amountCents > 0) expect(receipt, `${what}: paid ${b.amountCents} without a receipt`).toBeDefined();
    if (receipt) {
      expect(b.paidAt, `${what}: a receipt of money never paid`).not.toBeNull();
      expect(receipt.totalCents, `${what}: the receipt's total`).toBe(b.amountCents);
    }
    if (invoice) {
      expect(receipt, `${what}: an invoice without its receipt`).toBeDefined();
      expect(invoice.totalCents, `${what}: the invoice's total`).toBe(b.amountCents);
    }
    const succeeded = refundRows.filter((r) => r.bookingId === b.id && r.status === "succeeded");
    for (const n of notes) {
      const refund = succeeded.find((r) => r.id === n.refundId);
      expect(refund, `${what}: credit note ${documentNumber(n)} of no refund that went back`).toBeDefined();
      expect(n.totalCents, `${what}: credit note ${documentNumber(n)}'s total`).toBe(refund!.amountCents);
      expect(n.invoiceId, `${what}: credit note ${documentNumber(n)} corrects another invoice`).toBe(invoice?.id);
    }
    expect(new Set(notes.map((n) => n.refundId)).size, `${what}: two credit notes of one refund`).toBe(notes.length);
    // An invoiced payment: each refund that went back has its credit note, and together they never pass the invoice.
    if (invoice) {
      expect(notes.map((n) => n.refundId).sort(), `${what}: refunds without their credit note`).toEqual(succeeded.map((r) => r.id).sort());
      expect(sumOf(notes), `${what}: credit notes above the invoice`).toBeLessThanOrEqual(invoice.totalCents);
    } else expect(notes, `${what}: credit notes without an invoice`).toEqual([]);
  }

  // ---- SdI: a discarded document sent again keeps its number, date and total; only the last sending may stand ----
  for (const d of docs) {
    const mine = sendings.filter((s) => s.documentId === d.id).sort((a, b) => a.attempt - b.attempt);
    const what = `SdI sendings of ${d.kind} ${documentNumber(d)} after ${after}`;
    if (d.kind === "receipt") {
      expect(mine, what).toEqual([]);
      continue;
    }
    expect(mine.map((s) => s.attempt), `${what}: attempts`).toEqual(mine.map((_, i) => i + 1));
    mine.forEach((s, i) => {
      expect([field(s.xml, "Numero"), field(s.xml, "Data"), field(s.xml, "ImportoTotaleDocumento")], `${what}: attempt ${s.attempt}'s number, date, total`).toEqual([
        documentNumber(d),
        romeDate(d.issuedAt).toString(),
        centsToDecimal(d.totalCents),
      ]);
      if (i < mine.length - 1) expect(s.status, `${what}: an earlier attempt not discarded`).toBe("discarded");
      if (s.status === "sent" || s.status === "delivered" || s.status === "discarded") expect(s.transmissionId, `${what}: attempt ${s.attempt}'s transmission`).toMatch(new RegExp(`:${s.fileName.replace(".", "\\.")}$`));
      if (s.status === "discarded") expect(s.reason, `${what}: discarded without SdI's reason`).toBeTruthy();
    });
  }

  // ---- the courtesy copy: one per invoice, none for anything else ----
  const invoices = docs.filter((d) => d.kind === "invoice");
  expect(copies.map((c) => c.dedupeKey).sort(), `courtesy copies after ${after}`).toEqual(invoices.map((d) => invoiceCopyKey(d.id)).sort());
  for (const c of copies) expect((c.data as { documentId?: string } | null)?.documentId, `courtesy copy ${c.dedupeKey}`).toBe(c.dedupeKey.slice("invoice_copy:".length));

  // ---- wallet passes: one update per change, one push per update to each phone holding the pass ----
  for (const p of passes) {
    const what = `wallet pass ${p.serialNumber.slice(0, 8)} (booking ${p.bookingId.slice(0, 8)}) after ${after}`;
    const mine = updates.filter((u) => u.serialNumber === p.serialNumber);
    expect(mine.map((u) => u.version).sort((a, b) => a - b), `${what}: its updates`).toEqual(Array.from({ length: p.version - 1 }, (_, i) => i + 2));
    const before = trail.passes.get(p.serialNumber);
    if (before) expect(p.version - before.version, `${what}: versions for ${before.shown === p.shown ? "no change" : "one change"} (${before.shown} → ${p.shown})`).toBe(before.shown === p.shown ? 0 : 1);
    trail.passes.set(p.serialNumber, { shown: p.shown, version: p.version });
    if (afterCron) expect(mine.filter((u) => u.status !== "sent"), `${what}: updates left unsent by the cron`).toEqual([]);
    const sent = mine.filter((u) => u.status === "sent").length;
    for (const phone of trail.phones.filter((ph) => ph.serial === p.serialNumber))
      expect(pushes.filter((x) => x.target === phone.token).length, `${what}: pushes to a phone`).toBe(sent - phone.sentBefore);
  }
  // A change no path told: marking the pass now would make a new version. A season pass moves on by
  // itself (a match played or released, decision 058): the cron finds those, so it is asked only after it.
  for (const p of passes) {
    const season = bookingOf.get(p.bookingId)?.kind === "season";
    if (season && !afterCron) continue;
    await markWalletPassChanged(db, { bookingId: p.bookingId }, now);
    const again = await db.select({ version: walletPasses.version }).from(walletPasses).where(eq(walletPasses.serialNumber, p.serialNumber)).get();
    expect(again!.version, `wallet pass ${p.serialNumber.slice(0, 8)} (${season ? "season" : "booking"}) after ${after}: a change no path told`).toBe(p.version);
  }
}

/** The bookings of these events, as a subquery for readPapers. */
export const bookingsOfEvents = (eventIds: number[]) => sql`(select b.id from ${bookings} b where b.event_id in (${sql.join(eventIds.map((id) => sql`${id}`), sql`, `)}))`;
