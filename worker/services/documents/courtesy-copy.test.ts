import { and, eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, documents, emailOutbox } from "../../../db/schema";
import { adminApi } from "../../test/admin";
import { api, customerFor, seedEvent, testDb, until } from "../../test/helpers";
import type { BookingDto } from "../bookings";
import { renderOutboxRow } from "../email/render";
import type { IntentDto } from "../payments/checkout";
import { GARAGE_FISCAL_IDENTITY } from "../../test/fiscal";

const GARAGE = GARAGE_FISCAL_IDENTITY;
const COMPANY = { type: "company", denominazione: "Rossi & Figli S.p.A.", partitaIva: "01234567897", indirizzo: "Via Toledo 1", cap: "80134", comune: "Napoli", provincia: "NA", codiceDestinatario: "M5UXCR1" };

async function paidBooking(lang: "it" | "en") {
  const { eventId, rateId } = await seedEvent({ rates: [{ priceCents: 2000 }] });
  const booking = await (await api("/api/bookings", { method: "POST", json: customerFor(eventId, rateId), headers: { "Accept-Language": lang } })).json<BookingDto>();
  const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
  await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
  expect((await api("/api/confirm-payment", { method: "POST", json: { paymentIntentId: intent.paymentIntentId } })).status).toBe(200);
  const row = await testDb().select().from(bookings).where(eq(bookings.id, booking.id)).get();
  expect(row!.lang).toBe(lang);
  return { bookingId: booking.id, secret: row!.passSecret! };
}

const copiesOf = (bookingId: string) => testDb().select().from(emailOutbox).where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, "invoice_copy")));

beforeAll(async () => {
  expect((await adminApi("/api/admin/fiscal-identity", { method: "PUT", json: GARAGE })).status).toBe(200);
});

describe("the invoice's courtesy copy", () => {
  for (const [lang, words] of [
    ["it", { subject: "La tua fattura FE", intro: "ecco la copia di cortesia della fattura", total: "Totale", vat: "IVA 22%", link: "Apri la fattura (stampabile)", amount: "20,00" }],
    ["en", { subject: "Your invoice FE", intro: "here is the courtesy copy of invoice", total: "Total", vat: "VAT 22%", link: "Open the invoice (printable)", amount: "20.00" }],
  ] as const) {
    it(`goes once to the customer through the e-mail queue when the invoice is issued, in the booking's language (${lang}), with its figures and a link, no PDF`, async () => {
      const { bookingId, secret } = await paidBooking(lang);
      expect((await api(`/api/passes/${secret}/invoice`, { method: "POST", json: { buyer: COMPANY } })).status).toBe(201);
      expect((await api(`/api/passes/${secret}/invoice`, { method: "POST", json: { buyer: COMPANY } })).status).toBe(200);
      const [copy, ...more] = await until(
        () => copiesOf(bookingId),
        (rows) => rows[0]?.status === "sent",
      );
      expect(more).toEqual([]);
      const invoice = await testDb().select().from(documents).where(and(eq(documents.bookingId, bookingId), eq(documents.kind, "invoice"))).get();
      const number = `FE${invoice!.number}/${invoice!.year}`;
      expect(copy).toMatchObject({ toAddress: invoice!.customerEmail, subject: `${words.subject}${invoice!.number}/${invoice!.year}` });
      const mail = await renderOutboxRow(testDb(), env, copy);
      expect(mail!.attachments).toEqual([]);
      expect(mail!.text).toContain(`${words.intro} ${number}`);
      expect(mail!.text).toContain(`${words.vat}: `);
      expect(mail!.text).toContain("Rossi & Figli S.p.A. (P.IVA 01234567897)");
      expect(mail!.text).toMatch(new RegExp(`${words.total}: €\\s?${words.amount.replace(".", "\\.")}`));
      expect(mail!.text).toContain(`${words.link}: http://localhost:8787/ricevuta/${invoice!.id}?lang=${lang}`);
    });
  }
});
