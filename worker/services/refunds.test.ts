import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, emailOutbox, refunds } from "../../db/schema";
import { adminCookie } from "../test/admin";
import { api, customerFor, seedEvent, testDb } from "../test/helpers";
import { confirmCard, deliverWebhook, refundsOf, stripeApi, stripeEnv, stripeEvent } from "../test/stripe-mode";
import { createStripeProvider } from "./payments/stripe";
import type { BookingDto } from "./bookings";
import type { IntentDto } from "./payments/checkout";
import { paymentsTotals, type PaymentDto } from "./payments-report";
import type { RefundResult } from "./refunds";
import { paidRevenueCents } from "./stats";
import { romeDate } from "../lib/time";

type Call = typeof api;

/** A booking paid through the API (demo card, or the Stripe stand-in), for `priceCents`. */
async function paidBooking(call: Call = api, priceCents = 2000) {
  const { eventId, rateId } = await seedEvent({ rates: [{ priceCents }] });
  const booking = await (await call("/api/bookings", { method: "POST", json: customerFor(eventId, rateId) })).json<BookingDto>();
  const intent = await (await call("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
  if (call === api) {
    await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
  } else {
    await confirmCard(intent.paymentIntentId);
  }
  expect((await call("/api/confirm-payment", { method: "POST", json: { paymentIntentId: intent.paymentIntentId } })).status).toBe(200);
  return { eventId, bookingId: booking.id, paymentIntentId: intent.paymentIntentId };
}

const refund = async (call: Call, bookingId: string, body: { amount?: string; reason?: string }) =>
  call(`/api/admin/bookings/${bookingId}/refunds`, { method: "POST", json: body, headers: { Cookie: await adminCookie() } });
const bookingRow = async (id: string) => (await testDb().select().from(bookings).where(eq(bookings.id, id)).get())!;
const refundRows = (id: string) => testDb().select().from(refunds).where(eq(refunds.bookingId, id));

describe("admin refunds", () => {
  it("a bad amount, refund id or booking id is a 400 in the request's language, from the catalogue's keys, writing nothing", async () => {
    const { bookingId } = await paidBooking(api, 2000);
    const cookie = await adminCookie();
    const ask = (path: string, json: unknown, lang: string) =>
      api(path, { method: "POST", json, headers: { Cookie: cookie, "Accept-Language": lang } }).then(async (r) => [r.status, (await r.json<{ error: { message: string } }>()).error.message]);
    expect(await ask(`/api/admin/bookings/${bookingId}/refunds`, { amount: "7,355" }, "it")).toEqual([400, "Importo non valido: usa euro con al massimo due decimali (es. 7,50)"]);
    expect(await ask(`/api/admin/bookings/${bookingId}/refunds`, { amount: "sette" }, "en")).toEqual([400, "Invalid amount: use euros with at most two decimals (e.g. 7.50)"]);
    expect(await ask("/api/admin/bookings/not-a-booking/refunds", {}, "en")).toEqual([400, "Invalid booking"]);
    expect(await ask("/api/admin/refunds/bad%20id/retry", {}, "it")).toEqual([400, "Rimborso non valido"]);
    expect(await refundRows(bookingId)).toEqual([]);
  });

  it("partial then full, in cents: 7,35 + 12,65 of 20,00; the partial keeps the pass, the full one voids it and frees the spot", async () => {
    const { bookingId } = await paidBooking(api, 2000);
    const first = await refund(api, bookingId, { amount: "7,35", reason: "Ritardo apertura" });
    expect(first.status).toBe(201);
    expect(await first.json<RefundResult>()).toMatchObject({ full: false, refunded: "7.35", remaining: "12.65", refund: { amount: "7.35", completed: true } });
    expect((await bookingRow(bookingId)).status).toBe("paid");
    const pass = (await bookingRow(bookingId)).passSecret!;
    expect((await (await api(`/api/passes/${pass}`)).json<{ status: string }>()).status).toBe("valid");

    // More than what is left is refused and writes nothing.
    expect((await refund(api, bookingId, { amount: "12.66" })).status).toBe(409);
    const rest = await refund(api, bookingId, {});
    expect(await rest.json<RefundResult>()).toMatchObject({ full: true, refunded: "20.00", remaining: "0.00", refund: { amount: "12.65" } });
    expect((await refundRows(bookingId)).map((r) => r.amountCents).sort()).toEqual([1265, 735]);
    expect((await bookingRow(bookingId)).status).toBe("refunded");
    expect((await (await api(`/api/passes/${pass}`)).json<{ status: string }>()).status).toBe("void");
    // Each refund queues its own e-mail to the customer.
    const mails = await testDb().select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    expect(mails.map((m) => m.kind).sort()).toEqual(["confirmation", "refund", "refund"]);
    expect(mails.filter((m) => m.kind === "refund").map((m) => m.data?.full).sort()).toEqual([false, true]);
  });

  it("revenue figures (dashboard cards, today's revenue) count a partially refunded booking net, a fully refunded one not at all", async () => {
    const { bookingId } = await paidBooking(api, 2000);
    const paidAt = (await bookingRow(bookingId)).paidAt!;
    // Only this booking's paid instant, so other tests' bookings do not count.
    const revenue = async () => (await paidRevenueCents(testDb(), { start: paidAt, end: paidAt + 1 })).cents;
    const others = (await testDb().select().from(bookings).where(eq(bookings.paidAt, paidAt))).filter((b) => b.id !== bookingId);
    const base = others.reduce((s, b) => s + (b.status === "paid" || b.status === "freed" ? b.amountCents : 0), 0);
    expect(await revenue()).toBe(base + 2000);
    await refund(api, bookingId, { amount: "7.35" });
    // Fails if the cards add up amounts without subtracting refund rows (the list and the cards would disagree).
    expect(await revenue()).toBe(base + 1265);
    await refund(api, bookingId, {});
    expect(await revenue()).toBe(base);
  });

  it("ten concurrent refunds of 5,00 on a 20,00 booking: exactly four succeed, and the rows sum to what was paid", async () => {
    const { bookingId } = await paidBooking(api, 2000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(api, bookingId, { amount: "5.00" })));
    // Fails if the guard is read before the write instead of inside the INSERT (over-refund).
    expect(answers.filter((r) => r.status === 201)).toHaveLength(4);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(6);
    const rows = await refundRows(bookingId);
    expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(2000);
    expect((await bookingRow(bookingId)).status).toBe("refunded");
  });

  it("the payments list and CSV show each refund with its date; totals are paid minus the refund rows under concurrent refunds", async () => {
    const { bookingId } = await paidBooking(api, 2000);
    const other = await paidBooking(api, 1500);
    await Promise.all([
      ...Array.from({ length: 6 }, () => refund(api, bookingId, { amount: "4.00" })),
      ...Array.from({ length: 4 }, () => refund(api, other.bookingId, { amount: "5.00" })),
    ]);
    const day = romeDate(Date.now()).toString(); // the filter takes Rome days: the UTC date is the day before after midnight
    const cookie = await adminCookie();
    const list = (await (await api(`/api/admin/payments`, { headers: { Cookie: cookie } })).json<PaymentDto[]>()).filter((p) => [bookingId, other.bookingId].includes(p.id));
    const rows = await testDb().select().from(refunds);
    const rowsOf = (id: string) => rows.filter((r) => r.bookingId === id).reduce((s, r) => s + r.amountCents, 0);
    expect(rowsOf(bookingId)).toBe(2000);
    expect(rowsOf(other.bookingId)).toBe(1500);
    for (const p of list) {
      expect(Math.round(Number(p.refunded) * 100)).toBe(rowsOf(p.id));
      expect(Math.round(Number(p.net) * 100)).toBe(Math.round(Number(p.amount) * 100) - rowsOf(p.id));
    }
    expect(paymentsTotals(list)).toEqual({ gross: "35.00", refunded: "35.00", net: "0.00" });
    expect(list.find((p) => p.id === bookingId)!.refunds).toHaveLength(5);
    const csv = await (await api(`/api/admin/payments.csv?from=${day}&to=${day}`, { headers: { Cookie: cookie } })).text();
    const line = csv.split("\r\n").find((l) => l.includes(other.paymentIntentId))!;
    expect(line).toMatch(/;Rimborsato;pi_demo_\w+;15,00;0,00;5,00 il \d\d\/\d\d\/\d{4} \d\d:\d\d \| 5,00 il /);
  });

  it("refuses a booking not paid, a zero amount and a malformed one", async () => {
    const { bookingId } = await paidBooking(api, 2000);
    expect((await refund(api, bookingId, { amount: "0" })).status).toBe(400);
    expect((await refund(api, bookingId, { amount: "1,234" })).status).toBe(400);
    await refund(api, bookingId, {});
    expect((await refund(api, bookingId, { amount: "1" })).status).toBe(409);
  });
});

describe("refunds with Stripe (stand-in)", () => {
  // The provider is made without the SDK and loads it on its first call (issue #42): Stripe's errors are still told apart.
  it("the Stripe provider tells Stripe's answers apart: unknown intent, not cancelable, refused, already refunded", async () => {
    const stripe = createStripeProvider(stripeEnv());
    expect(await stripe.retrieveIntent("pi_unknown")).toBeNull();
    expect(await stripe.cancelIntent("pi_unknown")).toBe("not_found");
    const { paymentIntentId } = await paidBooking(stripeApi, 2000);
    expect(await stripe.cancelIntent(paymentIntentId)).toBe("not_cancelable");
    await expect(stripe.refundAmount(paymentIntentId, 2001, crypto.randomUUID(), {})).rejects.toMatchObject({ name: "RefundRefused", code: "amount_too_large" });
    await stripe.refundIntent(paymentIntentId, crypto.randomUUID());
    await stripe.refundIntent(paymentIntentId, crypto.randomUUID());
    expect((await stripe.listRefunds(paymentIntentId)).map((r) => [r.amountCents, r.status])).toEqual([[2000, "succeeded"]]);
  });

  it("refunds through the provider with the row's idempotency key and amount", async () => {
    const { bookingId, paymentIntentId } = await paidBooking(stripeApi, 2000);
    const partial = await refund(stripeApi, bookingId, { amount: "5" });
    expect(partial.status).toBe(201);
    expect((await refundsOf(paymentIntentId)).map((r) => r.amount)).toEqual([500]);
    const rows = await refundRows(bookingId);
    expect(rows[0].providerRefundId).toMatch(/^re_/);
    await refund(stripeApi, bookingId, {});
    expect((await refundsOf(paymentIntentId)).map((r) => r.amount)).toEqual([500, 1500]);
    expect((await bookingRow(bookingId)).status).toBe("refunded");
  });

  it("refund.created from the Dashboard: a partial one is recorded once; the rest refunded ends the booking", async () => {
    const { bookingId, paymentIntentId } = await paidBooking(stripeApi, 2000);
    // A refund made outside the app (as from the Dashboard): no refundRowId in its metadata.
    const stripe = createStripeProvider(stripeEnv());
    await stripe.refundAmount(paymentIntentId, 800, crypto.randomUUID(), {});
    const [dashboard] = await refundsOf(paymentIntentId);
    const event = stripeEvent("refund.created", dashboard);
    const answers = await Promise.all([deliverWebhook(event), deliverWebhook(event), deliverWebhook(stripeEvent("refund.updated", dashboard))]);
    expect(answers.map((a) => a.status), await answers[0].clone().text()).toEqual([200, 200, 200]);
    expect((await refundRows(bookingId)).map((r) => [r.amountCents, r.source])).toEqual([[800, "provider"]]);
    expect((await bookingRow(bookingId)).status).toBe("paid");

    await stripe.refundAmount(paymentIntentId, 1200, crypto.randomUUID(), {});
    const rest = (await refundsOf(paymentIntentId))[1];
    await deliverWebhook(stripeEvent("refund.created", rest));
    expect((await refundRows(bookingId)).reduce((s, r) => s + r.amountCents, 0)).toBe(2000);
    expect((await bookingRow(bookingId)).status).toBe("refunded");
  });

  it("refund.created for our own refund only completes its row (no second row)", async () => {
    const { bookingId, paymentIntentId } = await paidBooking(stripeApi, 2000);
    await refund(stripeApi, bookingId, { amount: "3" });
    const [ours] = await refundsOf(paymentIntentId);
    await deliverWebhook(stripeEvent("refund.created", ours));
    expect(await refundRows(bookingId)).toHaveLength(1);
  });
});
