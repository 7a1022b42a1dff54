import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { bookings, demoPaymentIntents, demoRefunds } from "../../db/schema";
import type { BookingDto } from "../services/bookings";
import type { IntentDto } from "../services/payments/checkout";
import { api, customerFor, seedBooking, seedEvent, testDb } from "../test/helpers";
import { confirmCard, getIntent, standIn, stripeApi } from "../test/stripe-mode";

type ErrorAnswer = { error: { code: string; message: string } };

type Call = typeof api;

async function book(call: Call, seed: Parameters<typeof seedEvent>[0] = {}) {
  const { eventId, rateId } = await seedEvent(seed);
  const res = await call("/api/bookings", { method: "POST", json: customerFor(eventId, rateId) });
  expect(res.status).toBe(201);
  return { eventId, rateId, booking: await res.json<BookingDto>() };
}

const createIntent = (call: Call, body: unknown) => call("/api/create-payment-intent", { method: "POST", json: body });
const confirmPayment = (call: Call, paymentIntentId: string) => call("/api/confirm-payment", { method: "POST", json: { paymentIntentId } });
const demoConfirm = (paymentIntentId: string, cardNumber: string) => api("/api/demo/confirm", { method: "POST", json: { paymentIntentId, cardNumber } });
const row = async (id: string) => (await testDb().select().from(bookings).where(eq(bookings.id, id)).get())!;
const demoIntent = async (id: string) => (await testDb().select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).get())!;

async function expectError(res: Response, status: number, message: string, code?: string) {
  expect(res.status).toBe(status);
  const body = await res.json<ErrorAnswer>();
  expect(body.error.message).toBe(message);
  if (code) expect(body.error.code).toBe(code);
}

async function intentFor(call: Call, bookingId: string) {
  const res = await createIntent(call, { bookingId });
  expect(res.status).toBe(200);
  return res.json<IntentDto>();
}

describe("demo mode: the whole flow", () => {
  it("book → intent → demo card → confirm-payment → paid; repeating confirm changes nothing", async () => {
    const { booking } = await book(api);
    const intent = await intentFor(api, booking.id);
    expect(intent).toMatchObject({ provider: "demo", amount: "15.00" });
    expect(intent).not.toHaveProperty("publishableKey");
    expect(intent.clientSecret).toContain(intent.paymentIntentId);

    const card = await demoConfirm(intent.paymentIntentId, "4242 4242 4242 4242");
    expect(card.status).toBe(200);
    expect(await card.json()).toEqual({ status: "succeeded" });

    const confirmed = await confirmPayment(api, intent.paymentIntentId);
    expect(confirmed.status).toBe(200);
    const paid = await confirmed.json<BookingDto>();
    expect(paid).toMatchObject({ id: booking.id, status: "paid", amount: "15.00" });
    expect(booking.passSecret).toBeNull();
    // The pass: 128 random bits in base64url, not derived from the id the 8-character code comes from.
    expect(paid.passSecret).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(paid.passSecret!.toLowerCase()).not.toContain(booking.id.slice(0, 8));
    const { paidAt, passSecret } = await row(booking.id);

    const again = await confirmPayment(api, intent.paymentIntentId);
    expect(again.status).toBe(200);
    expect((await again.json<BookingDto>()).status).toBe("paid");
    expect(await row(booking.id)).toMatchObject({ paidAt, passSecret });
  });

  it("a customer who closes the browser after the card still ends with a paid booking", async () => {
    const { booking } = await book(api);
    const intent = await intentFor(api, booking.id);
    expect((await demoConfirm(intent.paymentIntentId, "4242424242424242")).status).toBe(200);
    expect((await row(booking.id)).status).toBe("paid");
  });

  it("reuses one intent per booking, even for concurrent requests", async () => {
    const { booking } = await book(api);
    const answers = await Promise.all(Array.from({ length: 5 }, () => createIntent(api, { bookingId: booking.id })));
    const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json<IntentDto>()).paymentIntentId)));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect((await row(booking.id)).paymentIntentId).toBe(id);
    expect((await demoIntent(id)).metadata).toMatchObject({ bookingId: booking.id, kind: "booking" });
  });
});

describe("POST /api/create-payment-intent", () => {
  it("answers 404 for an unknown booking and 400 without a booking or presale", async () => {
    await expectError(await createIntent(api, { bookingId: crypto.randomUUID() }), 404, "Prenotazione non trovata");
    expect((await createIntent(api, { amount: 15 })).status).toBe(400);
  });

  it("refuses a paid booking and a lapsed hold with 409", async () => {
    const { eventId, rateId } = await seedEvent();
    const paid = await seedBooking({ eventId, rateId, status: "paid" });
    await expectError(await createIntent(api, { bookingId: paid.id }), 409, "Questa prenotazione è già stata pagata");
    const lapsed = await seedBooking({ eventId, rateId, status: "pending", holdExpiresAt: Date.now() - 1 });
    await expectError(await createIntent(api, { bookingId: lapsed.id }), 409, "Il tempo per completare la prenotazione è scaduto: effettua una nuova prenotazione");
    const expired = await seedBooking({ eventId, rateId, status: "expired" });
    expect((await createIntent(api, { bookingId: expired.id })).status).toBe(409);
  });

  it("prices a presale from the event, ignoring the client's amount", async () => {
    const { eventId } = await seedEvent({ prevenditaPriceCents: 1000, isPrevenditaVisible: true, isPrevenditaPayable: true });
    const res = await createIntent(api, { eventId, type: "prevendita", amount: 0.01 });
    expect(res.status).toBe(200);
    const intent = await res.json<IntentDto>();
    expect(intent.amount).toBe("10.00");
    expect(await demoIntent(intent.paymentIntentId)).toMatchObject({ amountCents: 1000, metadata: { kind: "prevendita", eventId: String(eventId) } });
  });

  it.each([
    ["hidden", { isPrevenditaVisible: false, isPrevenditaPayable: true }],
    ["not payable", { isPrevenditaVisible: true, isPrevenditaPayable: false }],
    ["of an inactive event", { isPrevenditaVisible: true, isPrevenditaPayable: true, isActive: false }],
  ])("refuses a presale that is %s", async (_what, seed) => {
    const { eventId } = await seedEvent({ prevenditaPriceCents: 1000, ...seed });
    await expectError(await createIntent(api, { eventId, type: "prevendita" }), 409, "Prevendita non disponibile per questo evento");
  });

  it("refuses the presale of an event that ended, saying so", async () => {
    const { eventId } = await seedEvent({ prevenditaPriceCents: 1000, isPrevenditaVisible: true, isPrevenditaPayable: true, datetime: Date.now() - 5 * 3_600_000 });
    await expectError(await createIntent(api, { eventId, type: "prevendita" }), 409, "Evento concluso: non è più possibile prenotare un posto", "event_ended");
  });

  it("refuses a presale of an unknown event with 404", async () => {
    await expectError(await createIntent(api, { eventId: 99_999_999, type: "prevendita" }), 404, "Evento non trovato");
  });
});

describe("POST /api/demo/confirm", () => {
  it("declines 4000 0000 0000 0002 with the provider-style message; the booking stays pending and unpaid", async () => {
    const { booking } = await book(api);
    const intent = await intentFor(api, booking.id);
    await expectError(await demoConfirm(intent.paymentIntentId, "4000 0000 0000 0002"), 402, "La tua carta è stata rifiutata.", "payment_failed");
    expect((await row(booking.id)).status).toBe("pending");
    await expectError(await confirmPayment(api, intent.paymentIntentId), 402, "Il pagamento non è stato completato", "payment_failed");
    expect((await row(booking.id)).status).toBe("pending");
    // Another card afterwards still works.
    expect((await demoConfirm(intent.paymentIntentId, "4242424242424242")).status).toBe(200);
    expect((await (await confirmPayment(api, intent.paymentIntentId)).json<BookingDto>()).status).toBe("paid");
  });

  it.each(["1234 5678 9012 3456", "4242", "", "abcd"])("refuses card number %j with 400", async (cardNumber) => {
    const { booking } = await book(api);
    const intent = await intentFor(api, booking.id);
    await expectError(await demoConfirm(intent.paymentIntentId, cardNumber), 400, "Numero di carta non valido");
    expect((await demoIntent(intent.paymentIntentId)).status).toBe("requires_payment_method");
  });

  it("answers 404 for an unknown intent", async () => {
    await expectError(await demoConfirm("pi_demo_unknown", "4242424242424242"), 404, "Pagamento non trovato");
  });

  it("does not exist when Stripe is configured", async () => {
    const { booking } = await book(api);
    const intent = await intentFor(api, booking.id);
    const res = await stripeApi("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
    expect(res.status).toBe(404);
    expect((await demoIntent(intent.paymentIntentId)).status).toBe("requires_payment_method");
  });
});

describe("POST /api/confirm-payment", () => {
  it("does not mark paid an intent whose amount differs from the booking", async () => {
    const { booking } = await book(api);
    const intent = await intentFor(api, booking.id);
    await testDb().update(demoPaymentIntents).set({ amountCents: 1 }).where(eq(demoPaymentIntents.id, intent.paymentIntentId)).run();
    expect((await demoConfirm(intent.paymentIntentId, "4242424242424242")).status).toBe(200);
    await expectError(await confirmPayment(api, intent.paymentIntentId), 409, "L'importo del pagamento non corrisponde alla prenotazione");
    expect((await row(booking.id)).status).toBe("pending");
  });

  it("answers 404 for an intent no booking uses, and 400 without an intent id", async () => {
    await expectError(await confirmPayment(api, "pi_demo_nobody"), 404, "Prenotazione non trovata");
    expect((await api("/api/confirm-payment", { method: "POST", json: {} })).status).toBe(400);
  });

  it("late success with a free spot keeps the booking", async () => {
    const { booking } = await book(api, { totalSpots: 2 });
    const intent = await intentFor(api, booking.id);
    await testDb().update(bookings).set({ holdExpiresAt: Date.now() - 60_000 }).where(eq(bookings.id, booking.id)).run();
    expect((await demoConfirm(intent.paymentIntentId, "4242424242424242")).status).toBe(200);
    const res = await confirmPayment(api, intent.paymentIntentId);
    expect(res.status).toBe(200);
    expect((await res.json<BookingDto>()).status).toBe("paid");
  });

  it("late success with no spot left refunds and says so", async () => {
    const { booking, eventId, rateId } = await book(api, { totalSpots: 1 });
    const intent = await intentFor(api, booking.id);
    await testDb().update(bookings).set({ holdExpiresAt: Date.now() - 60_000 }).where(eq(bookings.id, booking.id)).run();
    await seedBooking({ eventId, rateId, status: "pending" });
    expect((await demoConfirm(intent.paymentIntentId, "4242424242424242")).status).toBe(200);
    await expectError(
      await confirmPayment(api, intent.paymentIntentId),
      409,
      "Il tempo per completare la prenotazione è scaduto e i posti sono esauriti: il pagamento è stato rimborsato",
      "sold_out",
    );
    expect(await row(booking.id)).toMatchObject({ status: "refunded", paidAt: null });
    const back = await testDb().select().from(demoRefunds).where(eq(demoRefunds.paymentIntentId, intent.paymentIntentId));
    expect(back.map((r) => r.amountCents)).toEqual([(await demoIntent(intent.paymentIntentId)).amountCents]);
    expect((await (await api(`/api/bookings/${booking.id}`)).json<BookingDto>()).status).toBe("refunded");
  });
});

describe("Stripe mode (real SDK against the local stand-in)", () => {
  it("creates one intent per booking with the server's amount and the publishable key", async () => {
    const { booking } = await book(stripeApi);
    const first = await intentFor(stripeApi, booking.id);
    expect(first).toMatchObject({ provider: "stripe", publishableKey: "pk_test_stand_in", amount: "15.00" });
    expect(first.paymentIntentId).toMatch(/^pi_/);
    const second = await intentFor(stripeApi, booking.id);
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    const pi = await getIntent(first.paymentIntentId);
    expect(pi).toMatchObject({ amount: 1500, currency: "eur", metadata: { bookingId: booking.id } });
    expect(await row(booking.id)).toMatchObject({ paymentIntentId: first.paymentIntentId, paymentProvider: "stripe" });
  });

  it("confirm-payment re-reads the intent: not paid before the card succeeded, paid after", async () => {
    const { booking } = await book(stripeApi);
    const intent = await intentFor(stripeApi, booking.id);
    expect((await confirmPayment(stripeApi, intent.paymentIntentId)).status).toBe(402);
    expect((await row(booking.id)).status).toBe("pending");
    await confirmCard(intent.paymentIntentId);
    const res = await confirmPayment(stripeApi, intent.paymentIntentId);
    expect(res.status).toBe(200);
    expect((await res.json<BookingDto>()).status).toBe("paid");
  });

  it("confirm-payment refuses a succeeded intent with a wrong amount", async () => {
    const { booking } = await book(stripeApi);
    const intent = await intentFor(stripeApi, booking.id);
    await confirmCard(intent.paymentIntentId);
    await standIn<Stripe.PaymentIntent>(`/_test/payment_intents/${intent.paymentIntentId}`, { json: { amount: 1499 } });
    expect((await confirmPayment(stripeApi, intent.paymentIntentId)).status).toBe(409);
    expect((await row(booking.id)).status).toBe("pending");
  });
});
