import { and, eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { renderOutboxRow } from "../email/render";
import { bookings, documents, refunds, type DocumentRow } from "../../../db/schema";
import { romeDate, romeMonthRange } from "../../lib/time";
import type { Mailer } from "../email/consumer";
import { sendMonthToAccountant } from "./accountant";
import { previousMonth } from "./export";
import { unzip } from "./zip";
import { fixClock } from "../../../shared/test/clock";
import { adminApi, staffCookie } from "../../test/admin";
import { api, customerFor, seedEvent, testDb } from "../../test/helpers";
import { GARAGE_FISCAL_IDENTITY } from "../../test/fiscal";
import type { BookingDto } from "../bookings";
import type { IntentDto } from "../payments/checkout";
import { anonymisePersonalData } from "../retention";
import type { DocumentView, PaymentDocuments } from "./read";

/** A booking paid through the API with the demo card, for `priceCents`; its pass secret too. */
async function paidBooking(priceCents = 2000, who: Parameters<typeof customerFor>[2] = {}) {
  const { eventId, rateId } = await seedEvent({ rates: [{ priceCents }] });
  const booking = await (await api("/api/bookings", { method: "POST", json: customerFor(eventId, rateId, who) })).json<BookingDto>();
  const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
  await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
  const confirmed = await api("/api/confirm-payment", { method: "POST", json: { paymentIntentId: intent.paymentIntentId } });
  expect(confirmed.status).toBe(200);
  const row = await testDb().select().from(bookings).where(eq(bookings.id, booking.id)).get();
  return { eventId, bookingId: booking.id, paymentIntentId: intent.paymentIntentId, secret: row!.passSecret! };
}

const docsOf = (bookingId: string) => testDb().select().from(documents).where(eq(documents.bookingId, bookingId));
const ofKind = async (bookingId: string, kind: DocumentRow["kind"]) => (await docsOf(bookingId)).filter((d) => d.kind === kind);

// Written as an owner might (the province in lower case, the accountant's address filled in).
export const GARAGE = { ...GARAGE_FISCAL_IDENTITY, provincia: "na", accountantEmail: "studio@commercialista.example" };

export const COMPANY = {
  type: "company",
  denominazione: "Rossi & Figli S.p.A.",
  partitaIva: "01234567897",
  indirizzo: "Via Toledo 1",
  cap: "80134",
  comune: "Napoli",
  provincia: "NA",
  codiceDestinatario: "m5uxcr1",
};

const askInvoice = (secret: string, buyer: unknown, lang = "it") =>
  api(`/api/passes/${secret}/invoice`, { method: "POST", json: { buyer }, headers: { "Accept-Language": lang } });
const messageOf = async (res: Response) => (await res.json<{ error: { message: string } }>()).error.message;

beforeAll(async () => {
  expect((await adminApi("/api/admin/fiscal-identity", { method: "PUT", json: GARAGE })).status).toBe(200);
});

describe("the garage's fiscal identity", () => {
  it("only the owner reads or writes it; a wrong partita IVA is refused in the request's language and writes nothing", async () => {
    const manager = await staffCookie("manager");
    expect((await adminApi("/api/admin/fiscal-identity", { cookie: manager })).status).toBe(403);
    expect((await adminApi("/api/admin/fiscal-identity", { method: "PUT", json: GARAGE, cookie: manager })).status).toBe(403);
    const bad = await adminApi("/api/admin/fiscal-identity", { method: "PUT", json: { ...GARAGE, partitaIva: "12345678901", ragioneSociale: "Altro" }, headers: { "Accept-Language": "en" } });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toBe("Invalid VAT number (partita IVA): 11 digits with the right check digit");
    const saved = await (await adminApi("/api/admin/fiscal-identity")).json<{ identity: { ragioneSociale: string; provincia: string; vatRateBp: number } }>();
    expect(saved.identity).toMatchObject({ ragioneSociale: "Garage Marino S.r.l.", provincia: "NA", vatRateBp: 2200 });
  });
});

describe("receipts", () => {
  it("paying issues one numbered receipt with the VAT split (20,00 = 16,39 + 3,61), on the pass and at its own page", async () => {
    const { bookingId, secret, paymentIntentId } = await paidBooking(2000);
    // Confirming again (a second tab, a webhook) pays nothing twice and issues nothing twice.
    await api("/api/confirm-payment", { method: "POST", json: { paymentIntentId } });
    const [receipt, ...more] = await ofKind(bookingId, "receipt");
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ totalCents: 2000, taxableCents: 1639, vatCents: 361, vatRateBp: 2200, plate: "EZ321KL", customerName: "Anna Russo" });
    expect(receipt.seller).toMatchObject({ ragioneSociale: "Garage Marino S.r.l.", partitaIva: "12345678903" });

    const onPass = await (await api(`/api/passes/${secret}/documents`)).json<PaymentDocuments>();
    expect(onPass.receipt?.id).toBe(receipt.id);
    expect(onPass.invoice).toBeNull();
    const page = await (await api(`/api/documents/${receipt.id}`)).json<DocumentView>();
    expect(page).toMatchObject({ kind: "receipt", number: `R${receipt.number}/${receipt.year}`, total: "20.00", taxable: "16.39", vat: "3.61", vatRate: "22.00", refunds: [] });
    expect(JSON.stringify(page)).not.toContain("@example.it");
  });

  it("the confirmation e-mail links the receipt, in the booking's language", async () => {
    const { bookingId } = await paidBooking(2000);
    const [receipt] = await ofKind(bookingId, "receipt");
    const mail = await renderOutboxRow(testDb(), env, { bookingId, kind: "confirmation", data: null });
    expect(mail!.html).toContain(`/ricevuta/${receipt.id}?lang=it`);
    expect(mail!.text).toContain("La ricevuta del pagamento, con l'IVA");
  });

  it("a refund shows on the receipt; the personal-data clean-up of the booking leaves the receipt whole", async () => {
    const { bookingId } = await paidBooking(2000);
    expect((await adminApi(`/api/admin/bookings/${bookingId}/refunds`, { method: "POST", json: { amount: "5,00" } })).status).toBe(201);
    const [receipt] = await ofKind(bookingId, "receipt");
    const later = Date.now() + 3 * 365 * 86_400_000;
    await anonymisePersonalData(testDb(), later, { plateDays: 30, personalDataDays: 180 });
    const booking = await testDb().select().from(bookings).where(eq(bookings.id, bookingId)).get();
    expect(booking!.personalDataAnonymizedAt).not.toBeNull();
    const page = await (await api(`/api/documents/${receipt.id}`)).json<DocumentView>();
    expect(page).toMatchObject({ customerName: "Anna Russo", item: { plate: "EZ321KL" }, refunds: [{ amount: "5.00" }] });
  });
});

describe("invoices on request", () => {
  it("bad input gets a clear error in the visitor's language and writes nothing", async () => {
    const { bookingId, secret } = await paidBooking(2000);
    const cases: [unknown, string, string][] = [
      [{ ...COMPANY, partitaIva: "12345678901" }, "it", "Partita IVA non valida: 11 cifre con la cifra di controllo giusta"],
      [{ ...COMPANY, codiceDestinatario: "ABC123" }, "en", "The recipient code (Codice Destinatario) has 7 characters (letters and digits)"],
      [{ ...COMPANY, codiceDestinatario: "" }, "it", "Indica il Codice Destinatario di 7 caratteri oppure l'indirizzo PEC"],
      [{ type: "person", nome: "Mario", cognome: "Rossi", codiceFiscale: "RSSMRA85T10A562T", indirizzo: "Via Roma 1", cap: "80100", comune: "Napoli" }, "en", "Invalid tax code (codice fiscale): check the 16 characters"],
      [{ ...COMPANY, cap: "8013" }, "it", "CAP non valido: 5 cifre"],
    ];
    for (const [buyer, lang, message] of cases) {
      const res = await askInvoice(secret, buyer, lang);
      expect([res.status, await messageOf(res)]).toEqual([400, message]);
    }
    expect(await ofKind(bookingId, "invoice")).toEqual([]);
  });

  it("a company gets a TD01 invoice of the whole payment; asking twice returns the same invoice, 50 racing asks one", async () => {
    const { bookingId, secret } = await paidBooking(2000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => askInvoice(secret, COMPANY)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(49);
    const [invoice, ...more] = await ofKind(bookingId, "invoice");
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ series: "FE", totalCents: 2000, taxableCents: 1639, vatCents: 361 });
    expect(invoice.buyer).toMatchObject({ type: "company", partitaIva: "01234567897", codiceDestinatario: "M5UXCR1" });
    const again = await (await askInvoice(secret, { ...COMPANY, denominazione: "Altra S.r.l." })).json<{ invoice: { id: string }; already: boolean }>();
    expect(again).toMatchObject({ invoice: { id: invoice.id }, already: true });

    const xml = await api(`/api/documents/${invoice.id}/xml`);
    expect(xml.headers.get("Content-Disposition")).toContain(`IT12345678903_F`);
    const text = await xml.text();
    expect(text).toContain("<TipoDocumento>TD01</TipoDocumento>");
    expect(text).toContain(`<Numero>FE${invoice.number}/${invoice.year}</Numero>`);
    expect(text).toContain("<ImponibileImporto>16.39</ImponibileImporto><Imposta>3.61</Imposta>");
  });

  it("a private person with no destination code gets 0000000; after 12 days the window is closed", async () => {
    const { bookingId, secret } = await paidBooking(1500);
    const person = { type: "person", nome: "Mario", cognome: "Rossi", codiceFiscale: "rssmra85t10a562s", indirizzo: "Corso Umberto I 20", cap: "80138", comune: "Napoli" };
    const late = await paidBooking(1500);
    fixClock(Date.now() + 12 * 86_400_000 + 60_000);
    const closed = await askInvoice(late.secret, person, "en");
    expect([closed.status, await messageOf(closed)]).toEqual([409, "More than 12 days have passed since the payment: write to the garage for the invoice"]);
    expect(await ofKind(late.bookingId, "invoice")).toEqual([]);
    fixClock(Date.now() - 12 * 86_400_000 - 60_000);
    expect((await askInvoice(secret, person)).status).toBe(201);
    const [invoice] = await ofKind(bookingId, "invoice");
    expect(invoice.buyer).toMatchObject({ codiceFiscale: "RSSMRA85T10A562S", codiceDestinatario: "0000000" });
  });
});

describe("credit notes", () => {
  it("refunding an invoiced booking issues a TD04 for each refund (partial → partial), referencing the invoice; never more than the invoice", async () => {
    const { bookingId, secret } = await paidBooking(2000);
    expect((await askInvoice(secret, COMPANY)).status).toBe(201);
    const [invoice] = await ofKind(bookingId, "invoice");
    expect((await adminApi(`/api/admin/bookings/${bookingId}/refunds`, { method: "POST", json: { amount: "7,35" } })).status).toBe(201);
    expect((await adminApi(`/api/admin/bookings/${bookingId}/refunds`, { method: "POST", json: {} })).status).toBe(201);
    const notes = await ofKind(bookingId, "credit_note");
    expect(notes.map((n) => n.totalCents).sort()).toEqual([1265, 735]);
    expect(notes.every((n) => n.invoiceId === invoice.id && n.series === "NC")).toBe(true);
    expect(notes.reduce((s, n) => s + n.totalCents, 0)).toBeLessThanOrEqual(invoice.totalCents);
    const [partial] = notes.filter((n) => n.totalCents === 735);
    expect(partial).toMatchObject({ taxableCents: 602, vatCents: 133 });
    const xml = await (await api(`/api/documents/${partial.id}/xml`)).text();
    expect(xml).toContain("<TipoDocumento>TD04</TipoDocumento>");
    expect(xml).toContain(`<DatiFattureCollegate><IdDocumento>FE${invoice.number}/${invoice.year}</IdDocumento>`);
  });

  it("a refund before the invoice gets its credit note when the invoice is issued; a booking with no invoice gets none", async () => {
    const plain = await paidBooking(2000);
    expect((await adminApi(`/api/admin/bookings/${plain.bookingId}/refunds`, { method: "POST", json: { amount: "3,00" } })).status).toBe(201);
    expect(await ofKind(plain.bookingId, "credit_note")).toEqual([]);
    expect((await askInvoice(plain.secret, COMPANY)).status).toBe(201);
    const notes = await testDb().select().from(documents).where(and(eq(documents.bookingId, plain.bookingId), eq(documents.kind, "credit_note")));
    expect(notes.map((n) => n.totalCents)).toEqual([300]);
  });
});

describe("numbering under races", () => {
  it("50 payments racing each other get 50 receipts, then 50 invoice requests racing get 50 invoices: each sequence with no repeat and no gap", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 60, rates: [{ priceCents: 1500 }] });
    const paid: { bookingId: string; paymentIntentId: string }[] = [];
    for (let i = 0; i < 50; i++) {
      const booking = await (await api("/api/bookings", { method: "POST", json: customerFor(eventId, rateId, { customerEmail: `r${i}@example.it` }) })).json<BookingDto>();
      const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
      await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
      paid.push({ bookingId: booking.id, paymentIntentId: intent.paymentIntentId });
    }
    const confirmed = await Promise.all(paid.map((p) => api("/api/confirm-payment", { method: "POST", json: { paymentIntentId: p.paymentIntentId } })));
    expect(confirmed.map((a) => a.status)).toEqual(paid.map(() => 200));
    const gapFree = async (kind: DocumentRow["kind"]) => {
      const numbers = (await testDb().select().from(documents).where(eq(documents.kind, kind))).map((d) => d.number).sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      return numbers.length;
    };
    for (const p of paid) expect(await ofKind(p.bookingId, "receipt")).toHaveLength(1);
    expect(await gapFree("receipt")).toBeGreaterThanOrEqual(50);

    const secrets = await Promise.all(paid.map(async (p) => (await testDb().select().from(bookings).where(eq(bookings.id, p.bookingId)).get())!.passSecret!));
    const before = (await testDb().select().from(documents).where(eq(documents.kind, "invoice"))).length;
    const asked = await Promise.all(secrets.map((secret) => askInvoice(secret, COMPANY)));
    expect(asked.map((a) => a.status)).toEqual(secrets.map(() => 201));
    expect(await gapFree("invoice")).toBe(before + 50);
  }, 90_000);
});

describe("the accountant's month", () => {
  it("one ZIP: every invoice and credit note as XML, the documents CSV, and corrispettivi whose net equals the money that moved", async () => {
    const a = await paidBooking(2000);
    expect((await askInvoice(a.secret, COMPANY)).status).toBe(201);
    expect((await adminApi(`/api/admin/bookings/${a.bookingId}/refunds`, { method: "POST", json: { amount: "7,35" } })).status).toBe(201);
    const month = romeDate(Date.now()).toPlainYearMonth().toString();
    const res = await adminApi(`/api/admin/documents/export?month=${month}`);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    const files = unzip(new Uint8Array(await res.arrayBuffer()));
    expect(files.every((f) => f.crcOk)).toBe(true);
    const text = (name: string) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(files.find((f) => f.name === name)!.content);
    const { start, end } = romeMonthRange(romeDate(Date.now()));
    const monthDocs = (await testDb().select().from(documents)).filter((d) => d.issuedAt >= start && d.issuedAt < end);
    const xmlNames = files.filter((f) => f.name.startsWith("fatture/")).map((f) => f.name);
    expect(xmlNames).toHaveLength(monthDocs.filter((d) => d.kind !== "receipt").length);
    expect(xmlNames.some((n) => /^fatture\/IT12345678903_N\d{7}\.xml$/.test(n))).toBe(true);

    const docsCsv = text(`documenti-${month}.csv`);
    expect(docsCsv.startsWith("\uFEFFTipo;Numero;Data;Cliente;Imponibile;IVA;Aliquota IVA %;Totale;Fattura collegata;Stato SdI\r\n")).toBe(true);
    expect(docsCsv).toContain(";Rossi & Figli S.p.A. (P.IVA 01234567897);16,39;3,61;22,00;20,00;");
    expect(docsCsv.trim().split("\r\n")).toHaveLength(monthDocs.length + 1);

    // The money the provider moved this month: what bookings paid, less the refunds that went back.
    const paid = (await testDb().select().from(bookings)).filter((b) => b.paidAt != null && b.paidAt >= start && b.paidAt < end && b.amountCents > 0);
    const back = (await testDb().select().from(refunds)).filter((r) => r.status === "succeeded" && r.completedAt! >= start && r.completedAt! < end);
    const moved = paid.reduce((s, b) => s + b.amountCents, 0) - back.reduce((s, r) => s + r.amountCents, 0);
    const totals = text(`corrispettivi-${month}.csv`).trim().split("\r\n").at(-1)!.split(";");
    expect(totals[0]).toBe("Totale");
    expect(totals[4]).toBe((moved / 100).toFixed(2).replace(".", ","));
  });

  it("the cron sends the previous month to the accountant once; a failed send is tried again at the next run", async () => {
    const sent: unknown[] = [];
    let failNext = true;
    const mailer: Mailer = {
      send: async (message) => {
        if (failNext) {
          failNext = false;
          throw new Error("mail service down");
        }
        sent.push(message);
        return env.EMAIL.send(message as Parameters<typeof env.EMAIL.send>[0]);
      },
    };
    const now = Date.now();
    expect(await sendMonthToAccountant(testDb(), env, mailer, now)).toMatchObject({ sent: false, reason: "send failed" });
    expect(await sendMonthToAccountant(testDb(), env, mailer, now + 300_000)).toMatchObject({ sent: true, month: previousMonth(now) });
    expect(await sendMonthToAccountant(testDb(), env, mailer, now + 600_000)).toMatchObject({ sent: false, reason: "already claimed" });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "studio@commercialista.example", attachments: [{ filename: `documenti-${previousMonth(now)}.zip`, type: "application/zip" }] });
  });
});
