import { eq } from "drizzle-orm";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { describe, expect, it } from "vitest";
import { bookings, demoPaymentIntents, demoRefunds, events, spentPaymentIntents } from "../../db/schema";
import type { BookingDto } from "../services/bookings";
import type { IntentDto } from "../services/payments/checkout";
import { api, seedBooking, seedEvent, testDb, typedApi } from "../test/helpers";
import { confirmCard, deliverWebhook, refundsOf, stripeApi, stripeEvent } from "../test/stripe-mode";

type ErrorAnswer = { error: { code: string; message: string } };
type Call = typeof api;

const OPEN_PRESALE = { prevenditaTitle: "Prevendita", prevenditaPriceCents: 1200, isPrevenditaVisible: true, isPrevenditaPayable: true };

const form = (eventId: number, paymentIntentId: string, over: Record<string, unknown> = {}) => ({
  eventId,
  paymentIntentId,
  nome: "Luca",
  cognome: "Bianchi",
  email: `luca.${eventId}@example.it`,
  telefono: "+39 333 1234567",
  targa: "gh-789 jk",
  modelloAuto: "Alfa Romeo Giulia",
  note: "Arrivo alle 20",
  ...over,
});

async function presaleIntent(call: Call, eventId: number) {
  const res = await call("/api/create-payment-intent", { method: "POST", json: { eventId, type: "prevendita" } });
  expect(res.status).toBe(200);
  return res.json<IntentDto>();
}

/** The demo-mode trip through the typed client: inputs and answers are the routes' own types. */
async function presaleIntentTyped(eventId: number) {
  const res = await typedApi()["create-payment-intent"].$post({ json: { eventId, type: "prevendita" }, header: {} });
  if (res.status !== 200) throw new Error(`expected an intent, got ${res.status}`);
  return res.json();
}

const submit = (call: Call, body: unknown) => call("/api/presales", { method: "POST", json: body });

async function expectError(res: Response, status: number, message: string, code?: string) {
  expect(res.status).toBe(status);
  const body = await res.json<ErrorAnswer>();
  expect(body.error.message).toBe(message);
  if (code) expect(body.error.code).toBe(code);
}

const bookingsOf = (eventId: number) => testDb().select().from(bookings).where(eq(bookings.eventId, eventId));

describe("POST /api/presales", () => {
  it("creates a pending prevendita booking bound to the intent, then the card pays it", async () => {
    const { eventId, event } = await seedEvent(OPEN_PRESALE);
    const intent = await presaleIntentTyped(eventId);
    const res = await typedApi().presales.$post({ json: form(eventId, intent.paymentIntentId) });
    if (res.status !== 201) throw new Error(`expected 201, got ${res.status}`);
    const booking = await res.json();
    expect(booking).toMatchObject({
      eventId,
      rateId: null,
      rate: null,
      kind: "prevendita",
      status: "pending",
      amount: "12.00",
      customerName: "Luca Bianchi",
      licensePlate: "GH789JK",
      carModel: "Alfa Romeo Giulia",
      event: { id: eventId, title: event.title },
    });
    expect(await testDb().select().from(bookings).where(eq(bookings.id, booking.id)).get()).toMatchObject({
      nome: "Luca",
      cognome: "Bianchi",
      customerEmail: `luca.${eventId}@example.it`,
      telefono: "+39 333 1234567",
      note: "Arrivo alle 20",
      paymentIntentId: intent.paymentIntentId,
      paymentProvider: "demo",
      amountCents: 1200,
    });

    expect((await typedApi().demo.confirm.$post({ json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } })).status).toBe(200);
    const confirmed = await typedApi()["confirm-payment"].$post({ json: { paymentIntentId: intent.paymentIntentId } });
    if (confirmed.status !== 200) throw new Error(`expected 200, got ${confirmed.status}`);
    expect((await confirmed.json()).status).toBe("paid");
  });

  it.each(["nome", "cognome", "email", "targa", "modelloAuto"])("requires %s", async (field) => {
    const { eventId } = await seedEvent(OPEN_PRESALE);
    const intent = await presaleIntent(api, eventId);
    await expectError(await submit(api, form(eventId, intent.paymentIntentId, { [field]: " " })), 400, "Nome, cognome, email, targa e modello auto sono obbligatori", "validation_failed");
    await expectError(await submit(api, form(eventId, intent.paymentIntentId, { [field]: undefined })), 400, "Nome, cognome, email, targa e modello auto sono obbligatori");
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });

  it("accepts a presale without telefono and note", async () => {
    const { eventId } = await seedEvent(OPEN_PRESALE);
    const intent = await presaleIntent(api, eventId);
    const res = await submit(api, form(eventId, intent.paymentIntentId, { telefono: undefined, note: "" }));
    expect(res.status).toBe(201);
    const row = (await bookingsOf(eventId))[0];
    expect(row).toMatchObject({ telefono: null, note: null });
  });

  it.each([
    ["a malformed e-mail", { email: "luca@@example" }, "Indirizzo email non valido"],
    ["a malformed plate", { targa: "X" }, "Targa non valida: usa da 2 a 10 lettere o cifre"],
    ["a malformed phone number", { telefono: "chiamami" }, "Numero di telefono non valido"],
    ["over-long notes", { note: "n".repeat(501) }, "Note troppo lunghe (massimo 500 caratteri)"],
  ])("refuses %s", async (_what, over, message) => {
    const { eventId } = await seedEvent(OPEN_PRESALE);
    const intent = await presaleIntent(api, eventId);
    await expectError(await submit(api, form(eventId, intent.paymentIntentId, over)), 400, message);
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });

  it.each([
    ["hidden", { isPrevenditaVisible: false }],
    ["made non-payable", { isPrevenditaPayable: false }],
    ["of an event made inactive", { isActive: false }],
  ])("refuses a presale %s after the modal opened", async (_what, change) => {
    const { eventId } = await seedEvent(OPEN_PRESALE);
    const intent = await presaleIntent(api, eventId);
    await testDb().update(events).set(change).where(eq(events.id, eventId)).run();
    await expectError(await submit(api, form(eventId, intent.paymentIntentId)), 409, "Prevendita non disponibile per questo evento");
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });

  it("refuses a presale whose event ended after the modal opened, saying so", async () => {
    const { eventId } = await seedEvent(OPEN_PRESALE);
    const intent = await presaleIntent(api, eventId);
    await testDb().update(events).set({ datetime: Date.now() - 5 * 3_600_000 }).where(eq(events.id, eventId)).run();
    await expectError(await submit(api, form(eventId, intent.paymentIntentId)), 409, "Evento concluso: non è più possibile prenotare un posto", "event_ended");
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });

  it("refuses a cancelled event's presale, both the intent and a form sent after the event was cancelled", async () => {
    const { eventId } = await seedEvent(OPEN_PRESALE);
    const intent = await presaleIntent(api, eventId);
    // "Annulla evento" ran while the modal was open: the form must not create a booking.
    await testDb().update(events).set({ isActive: false, cancelledAt: Date.now() }).where(eq(events.id, eventId)).run();
    await expectError(await submit(api, form(eventId, intent.paymentIntentId)), 409, "Evento annullato: non è più possibile prenotare un posto", "event_cancelled");
    await expectError(
      await api("/api/create-payment-intent", { method: "POST", json: { eventId, type: "prevendita" } }),
      409,
      "Evento annullato: non è più possibile prenotare un posto",
      "event_cancelled",
    );
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });

  it("refuses when the presale price changed after the intent was made", async () => {
    const { eventId } = await seedEvent(OPEN_PRESALE);
    const intent = await presaleIntent(api, eventId);
    await testDb().update(events).set({ prevenditaPriceCents: 1500 }).where(eq(events.id, eventId)).run();
    expect((await submit(api, form(eventId, intent.paymentIntentId))).status).toBe(409);
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });

  it("takes a spot like any booking, and refuses with 'Posti esauriti' (cancelling the intent) when none is free", async () => {
    const { eventId, rateId } = await seedEvent({ ...OPEN_PRESALE, totalSpots: 1 });
    const first = await presaleIntent(api, eventId);
    const second = await presaleIntent(api, eventId);
    expect((await submit(api, form(eventId, first.paymentIntentId))).status).toBe(201);
    const booking = await api("/api/bookings", {
      method: "POST",
      json: { eventId, rateId, customerName: "A B", customerEmail: "a@b.it", licensePlate: "AA11", carModel: "Panda" },
    });
    await expectError(booking, 409, "Posti esauriti", "sold_out");
    await expectError(await submit(api, form(eventId, second.paymentIntentId, { targa: "ZZ11" })), 409, "Posti esauriti", "sold_out");
    expect((await testDb().select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, second.paymentIntentId)).get())!.status).toBe("canceled");
    expect(await bookingsOf(eventId)).toHaveLength(1);
  });

  it("the same intent twice answers the same booking", async () => {
    const { eventId } = await seedEvent(OPEN_PRESALE);
    const intent = await presaleIntent(api, eventId);
    const answers = await Promise.all([1, 2, 3].map(() => submit(api, form(eventId, intent.paymentIntentId))));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await bookingsOf(eventId)).toHaveLength(1);
  });

  it("refuses an intent of another event, of a booking, or unknown", async () => {
    const a = await seedEvent(OPEN_PRESALE);
    const b = await seedEvent(OPEN_PRESALE);
    const intentOfB = await presaleIntent(api, b.eventId);
    await expectError(await submit(api, form(a.eventId, intentOfB.paymentIntentId)), 409, "Questo pagamento non appartiene alla prevendita di questo evento");

    const held = await seedBooking({ eventId: a.eventId, rateId: a.rateId, status: "pending" });
    const bookingIntent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: held.id } })).json<IntentDto>();
    expect((await submit(api, form(a.eventId, bookingIntent.paymentIntentId))).status).toBe(409);

    await expectError(await submit(api, form(a.eventId, "pi_demo_doesnotexist")), 404, "Pagamento non trovato");
    expect(await bookingsOf(a.eventId)).toHaveLength(1);
  });

  it("works the same in Stripe mode", async () => {
    const { eventId } = await seedEvent(OPEN_PRESALE);
    const intent = await presaleIntent(stripeApi, eventId);
    expect(intent).toMatchObject({ provider: "stripe", amount: "12.00" });
    const res = await submit(stripeApi, form(eventId, intent.paymentIntentId));
    expect(res.status).toBe(201);
    await confirmCard(intent.paymentIntentId);
    const confirmed = await stripeApi("/api/confirm-payment", { method: "POST", json: { paymentIntentId: intent.paymentIntentId } });
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json<BookingDto>()).status).toBe("paid");
  });

  it("an intent paid with nothing to pay for (and refunded) can never create or pay a presale booking (demo)", async () => {
    const { eventId } = await seedEvent(OPEN_PRESALE);
    const intent = await presaleIntent(api, eventId);
    // The card first: there is no booking yet, so the money goes straight back.
    expect((await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } })).status).toBe(200);
    const back = await testDb().select().from(demoRefunds).where(eq(demoRefunds.paymentIntentId, intent.paymentIntentId));
    expect(back.map((r) => centsToDecimal(r.amountCents))).toEqual([intent.amount]);

    await expectError(await submit(api, form(eventId, intent.paymentIntentId)), 409, "Questo pagamento non può più essere usato: riapri il modulo della prevendita");
    const confirmed = await api("/api/confirm-payment", { method: "POST", json: { paymentIntentId: intent.paymentIntentId } });
    expect(confirmed.status).toBe(404);
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });

  it("an intent paid with nothing to pay for can never create or pay a presale booking (Stripe, signed webhook)", async () => {
    const { eventId } = await seedEvent(OPEN_PRESALE);
    const intent = await presaleIntent(stripeApi, eventId);
    const paid = await confirmCard(intent.paymentIntentId);
    expect((await deliverWebhook(stripeEvent("payment_intent.succeeded", paid))).status).toBe(200);
    expect(await refundsOf(intent.paymentIntentId)).toHaveLength(1);

    await expectError(await submit(stripeApi, form(eventId, intent.paymentIntentId)), 409, "Questo pagamento non può più essere usato: riapri il modulo della prevendita");
    expect((await stripeApi("/api/confirm-payment", { method: "POST", json: { paymentIntentId: intent.paymentIntentId } })).status).toBe(404);
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });

  it("a booking that slipped in for an intent refunded meanwhile is never paid by it", async () => {
    const { eventId } = await seedEvent(OPEN_PRESALE);
    const intent = await presaleIntent(api, eventId);
    // The form is read while the intent is still unpaid; the refund lands before the booking row.
    await testDb().insert(spentPaymentIntents).values({ id: intent.paymentIntentId, at: Date.now() });
    await expectError(await submit(api, form(eventId, intent.paymentIntentId)), 409, "Questo pagamento non può più essere usato: riapri il modulo della prevendita");

    // And a booking bound before the mark: the card succeeds, the intent is spent, the booking ends refunded.
    const other = await presaleIntent(api, eventId);
    expect((await submit(api, form(eventId, other.paymentIntentId))).status).toBe(201);
    await testDb().insert(spentPaymentIntents).values({ id: other.paymentIntentId, at: Date.now() });
    expect((await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: other.paymentIntentId, cardNumber: "4242424242424242" } })).status).toBe(200);
    const confirmed = await api("/api/confirm-payment", { method: "POST", json: { paymentIntentId: other.paymentIntentId } });
    expect(confirmed.status).toBe(409);
    const [booking] = await bookingsOf(eventId);
    expect(booking).toMatchObject({ status: "refunded", paidAt: null });
    expect(booking.refundedAt).not.toBeNull();
  });

  it("caps presale intents per client and event like holds: 4 at once from one address, then 429", async () => {
    const { eventId } = await seedEvent(OPEN_PRESALE);
    const ip = "198.51.100.90";
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        api("/api/create-payment-intent", { method: "POST", headers: { "CF-Connecting-IP": ip }, json: { eventId, type: "prevendita" } }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(4);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(8);
    expect((await refused[0].json<ErrorAnswer>()).error.code).toBe("rate_limited");
    expect((await api("/api/create-payment-intent", { method: "POST", json: { eventId, type: "prevendita" } })).status).toBe(200);
  });

  it("presale holds count towards the client's hold cap", async () => {
    const { eventId } = await seedEvent({ ...OPEN_PRESALE, totalSpots: 50 });
    const email = "accaparratore@example.it";
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const intent = await presaleIntent(api, eventId);
      statuses.push((await submit(api, form(eventId, intent.paymentIntentId, { email, targa: `AB${i}00CD` }))).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    expect(await bookingsOf(eventId)).toHaveLength(4);
  });
});
