import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { auditLog, bookings, processedProviderEvents } from "../../db/schema";
import { app } from "../app";
import type { BookingDto } from "../services/bookings";
import type { IntentDto } from "../services/payments/checkout";
import { api, customerFor, ORIGIN, seedBooking, seedEvent, testDb } from "../test/helpers";
import { confirmCard, deliverWebhook, getIntent, refundsOf, standIn, stripeApi, stripeEnv, stripeEvent, WEBHOOK_SECRET } from "../test/stripe-mode";

/** A pending booking with its Stripe intent, created through the API in Stripe mode. */
async function bookingWithIntent(seed: Parameters<typeof seedEvent>[0] = {}) {
  const { eventId, rateId } = await seedEvent(seed);
  const created = await stripeApi("/api/bookings", { method: "POST", json: customerFor(eventId, rateId) });
  expect(created.status).toBe(201);
  const booking = await created.json<BookingDto>();
  const res = await stripeApi("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } });
  expect(res.status).toBe(200);
  const intent = await res.json<IntentDto>();
  return { eventId, rateId, booking, intent };
}

const row = async (id: string) => (await testDb().select().from(bookings).where(eq(bookings.id, id)).get())!;
const processed = (eventId: string) => testDb().select().from(processedProviderEvents).where(eq(processedProviderEvents.id, eventId));

/** Moves a hold into the past, as if the customer had paid after the 15 minutes. */
const lapseHold = (id: string) => testDb().update(bookings).set({ holdExpiresAt: Date.now() - 60_000 }).where(eq(bookings.id, id)).run();

describe("POST /api/stripe/webhook — signatures", () => {
  it("refuses a forged signature, a missing one and a stale timestamp with 400, writing nothing", async () => {
    const { booking, intent } = await bookingWithIntent();
    await confirmCard(intent.paymentIntentId);
    const event = stripeEvent("payment_intent.succeeded", await getIntent(intent.paymentIntentId));

    const forged = await deliverWebhook(event, { secret: "whsec_not_the_right_one" });
    const missing = await deliverWebhook(event, { signature: null });
    const garbage = await deliverWebhook(event, { signature: "t=1,v1=deadbeef" });
    const stale = await deliverWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    for (const res of [forged, missing, garbage, stale]) {
      expect(res.status).toBe(400);
      expect((await res.json<{ error: { message: string } }>()).error.message).toBe("Firma del webhook non valida");
    }
    expect(await processed(event.id)).toHaveLength(0);
    expect((await row(booking.id)).status).toBe("pending");
  });

  it("refuses a body altered after signing", async () => {
    const { intent } = await bookingWithIntent();
    const event = stripeEvent("payment_intent.succeeded", await confirmCard(intent.paymentIntentId));
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload: JSON.stringify(event),
      secret: WEBHOOK_SECRET,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    const tampered = { ...event, data: { object: { ...event.data.object, amount: 1 } } };
    expect((await deliverWebhook(tampered, { signature })).status).toBe(400);
  });

  it("refuses a correctly signed event without an id or without data.object with 400, writing nothing", async () => {
    const { booking, intent } = await bookingWithIntent();
    const pi = await confirmCard(intent.paymentIntentId);
    const full = stripeEvent("payment_intent.succeeded", pi);
    const { id: _id, ...noId } = full;
    for (const event of [noId, { ...full, data: {} }, { ...full, data: { object: { ...pi, id: undefined } } }, { ...full, id: "" }]) {
      const res = await deliverWebhook(event);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: "validation_failed", message: "Evento del webhook non valido" } });
    }
    expect((await row(booking.id)).status).toBe("pending");
  });

  it("answers an over-long signature header in Italian", async () => {
    const res = await stripeApi("/api/stripe/webhook", { method: "POST", body: "{}", headers: { "Content-Type": "application/json", "Stripe-Signature": "x".repeat(3000) } });
    expect(res.status).toBe(400);
    const body = await res.json<{ error: { message: string; issues: { message: string }[] } }>();
    expect(body.error.message).toBe("Testo troppo lungo (massimo 2000 caratteri)");
    expect(body.error.issues.map((i) => i.message)).toEqual(["Testo troppo lungo (massimo 2000 caratteri)"]);
  });

  it("answers 404 when Stripe is not configured (demo mode)", async () => {
    const res = await api("/api/stripe/webhook", { method: "POST", body: "{}", headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=x" } });
    expect(res.status).toBe(404);
  });
});

describe("POST /api/stripe/webhook — effects", () => {
  it("payment_intent.succeeded marks the booking paid and records the event id", async () => {
    const { booking, intent } = await bookingWithIntent();
    const event = stripeEvent("payment_intent.succeeded", await confirmCard(intent.paymentIntentId));
    const res = await deliverWebhook(event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    const paid = await row(booking.id);
    expect(paid.status).toBe("paid");
    expect(paid.paidAt).toBeGreaterThan(0);
    expect(await processed(event.id)).toHaveLength(1);
  });

  it("the same event delivered 5 times at once takes effect once", async () => {
    const { booking, intent } = await bookingWithIntent();
    const event = stripeEvent("payment_intent.succeeded", await confirmCard(intent.paymentIntentId));
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(event)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = await Promise.all(answers.map((r) => r.json<{ duplicate: boolean }>()));
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    expect(await processed(event.id)).toHaveLength(1);
    expect((await row(booking.id)).status).toBe("paid");
  });

  it("succeeded then payment_failed leaves the booking paid", async () => {
    const { booking, intent } = await bookingWithIntent();
    const succeeded = stripeEvent("payment_intent.succeeded", await confirmCard(intent.paymentIntentId));
    expect((await deliverWebhook(succeeded)).status).toBe(200);
    const failed = stripeEvent("payment_intent.payment_failed", {
      ...(await getIntent(intent.paymentIntentId)),
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined" },
    });
    expect((await deliverWebhook(failed)).status).toBe(200);
    expect((await row(booking.id)).status).toBe("paid");
  });

  it("payment_failed is recorded and keeps the hold for another card", async () => {
    const { booking, intent } = await bookingWithIntent();
    const event = stripeEvent("payment_intent.payment_failed", await confirmCard(intent.paymentIntentId, "declined"));
    expect((await deliverWebhook(event)).status).toBe(200);
    expect((await row(booking.id)).status).toBe("pending");
    expect(await processed(event.id)).toMatchObject([{ type: "payment_intent.payment_failed" }]);
    const audit = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "booking.payment_failed"), eq(auditLog.entityId, booking.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ paymentIntentId: intent.paymentIntentId, code: "card_declined" });
  });

  it("payment_intent.canceled cancels a pending booking and frees its spot", async () => {
    const { booking, intent, eventId } = await bookingWithIntent({ totalSpots: 1 });
    const canceled = await standIn<Stripe.PaymentIntent>(`/v1/payment_intents/${intent.paymentIntentId}/cancel`, { method: "POST" });
    expect((await deliverWebhook(stripeEvent("payment_intent.canceled", canceled))).status).toBe(200);
    expect((await row(booking.id)).status).toBe("cancelled");
    const events = await (await api("/api/events")).json<{ id: number; availableSpots: number }[]>();
    expect(events.find((e) => e.id === eventId)!.availableSpots).toBe(1);
  });

  it("charge.refunded marks a paid booking refunded", async () => {
    const { booking, intent } = await bookingWithIntent();
    const pi = await confirmCard(intent.paymentIntentId);
    expect((await deliverWebhook(stripeEvent("payment_intent.succeeded", pi))).status).toBe(200);
    const charge = { id: pi.latest_charge, object: "charge", payment_intent: pi.id, amount: pi.amount, amount_refunded: pi.amount, refunded: true };
    expect((await deliverWebhook(stripeEvent("charge.refunded", charge))).status).toBe(200);
    const refunded = await row(booking.id);
    expect(refunded.status).toBe("refunded");
    expect(refunded.refundedAt).toBeGreaterThan(0);
  });

  it("a partial refund leaves the booking paid", async () => {
    const { booking, intent } = await bookingWithIntent();
    const pi = await confirmCard(intent.paymentIntentId);
    await deliverWebhook(stripeEvent("payment_intent.succeeded", pi));
    const charge = { id: pi.latest_charge, object: "charge", payment_intent: pi.id, amount: pi.amount, amount_refunded: 100, refunded: false };
    expect((await deliverWebhook(stripeEvent("charge.refunded", charge))).status).toBe(200);
    expect((await row(booking.id)).status).toBe("paid");
  });

  it("ignores an intent whose amount differs from the booking", async () => {
    const { booking, intent } = await bookingWithIntent();
    await confirmCard(intent.paymentIntentId);
    const tampered = await standIn<Stripe.PaymentIntent>(`/_test/payment_intents/${intent.paymentIntentId}`, { json: { amount: 1 } });
    expect((await deliverWebhook(stripeEvent("payment_intent.succeeded", tampered))).status).toBe(200);
    expect((await row(booking.id)).status).toBe("pending");
  });
});

describe("late payment (hold lapsed before the money arrived)", () => {
  it("keeps the booking when a spot is still free", async () => {
    const { booking, intent } = await bookingWithIntent({ totalSpots: 2 });
    await lapseHold(booking.id);
    const event = stripeEvent("payment_intent.succeeded", await confirmCard(intent.paymentIntentId));
    expect((await deliverWebhook(event)).status).toBe(200);
    expect((await row(booking.id)).status).toBe("paid");
    expect(await refundsOf(intent.paymentIntentId)).toHaveLength(0);
  });

  it("with no spot left: refunds once, however many deliveries and confirmations race, and marks it refunded", async () => {
    const { booking, intent, eventId, rateId } = await bookingWithIntent({ totalSpots: 1 });
    await lapseHold(booking.id);
    await seedBooking({ eventId, rateId, status: "paid" }); // someone else took the spot meanwhile
    const event = stripeEvent("payment_intent.succeeded", await confirmCard(intent.paymentIntentId));
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => deliverWebhook(event)),
      stripeApi("/api/confirm-payment", { method: "POST", json: { paymentIntentId: intent.paymentIntentId } }),
    ]);
    expect(answers.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5].status).toBe(409);
    const refunds = await refundsOf(intent.paymentIntentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(1500);
    const refunded = await row(booking.id);
    expect(refunded.status).toBe("refunded");
    expect(refunded.refundedAt).toBeGreaterThan(0);
    expect(refunded.paidAt).toBeNull();
  });

  it("a refund call that fails answers 5xx, and Stripe's retry completes the refund", async () => {
    const { booking, intent, eventId, rateId } = await bookingWithIntent({ totalSpots: 1 });
    await lapseHold(booking.id);
    await seedBooking({ eventId, rateId, status: "paid" });
    const event = stripeEvent("payment_intent.succeeded", await confirmCard(intent.paymentIntentId));
    await standIn("/_test/fail", { json: { path: "/v1/refunds", times: 1 } });
    expect((await deliverWebhook(event)).status).toBe(500);
    const owed = await row(booking.id);
    expect(owed.status).toBe("refunded"); // decided, so nothing can make it paid any more
    expect(owed.refundedAt).toBeNull(); // …but the money has not gone back yet
    expect(await refundsOf(intent.paymentIntentId)).toHaveLength(0);

    expect((await deliverWebhook(event)).status).toBe(200);
    expect(await refundsOf(intent.paymentIntentId)).toHaveLength(1);
    expect((await row(booking.id)).refundedAt).toBeGreaterThan(0);
  });
});

describe("transient database failure", () => {
  it("answers 5xx so Stripe retries, and the retry takes effect", async () => {
    const { booking, intent } = await bookingWithIntent();
    const event = stripeEvent("payment_intent.succeeded", await confirmCard(intent.paymentIntentId));
    // Requests run in a D1 session (withSession): its batch fails as well.
    const flaky = <T extends object>(db: T): T =>
      new Proxy(db, {
        get(target, prop) {
          if (prop === "batch") return () => Promise.reject(new Error("D1_ERROR: Network connection lost."));
          if (prop === "withSession") return (...args: Parameters<D1Database["withSession"]>) => flaky((target as D1Database).withSession(...args));
          const value = Reflect.get(target, prop);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    const flakyDb = flaky(env.DB);
    const payload = JSON.stringify(event);
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: WEBHOOK_SECRET, cryptoProvider: Stripe.createSubtleCryptoProvider() });
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`${ORIGIN}/api/stripe/webhook`, { method: "POST", body: payload, headers: { "Content-Type": "application/json", "Stripe-Signature": signature } }),
      { ...stripeEnv(), DB: flakyDb },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(500);
    expect(await processed(event.id)).toHaveLength(0);
    expect((await row(booking.id)).status).toBe("pending");

    const retry = await deliverWebhook(event);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ received: true, duplicate: false });
    expect((await row(booking.id)).status).toBe("paid");
  });
});
