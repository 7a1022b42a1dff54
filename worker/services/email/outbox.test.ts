import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, emailOutbox } from "../../../db/schema";
import worker from "../../index";
import type { BookingDto } from "../bookings";
import type { IntentDto } from "../payments/checkout";
import { settleIntent } from "../payments/settle";
import { createDemoProvider } from "../payments/demo";
import { adminCookie } from "../../test/admin";
import { api, customerFor, seedBooking, seedEvent, testDb, until } from "../../test/helpers";
import { confirmCard, deliverWebhook, stripeApi, stripeEvent } from "../../test/stripe-mode";
import { EMAIL_DLQ_NAME, EMAIL_QUEUE_NAME, handleEmailBatch, type Mailer } from "./consumer";
import { outboxInsert, type EmailJob, type OutboxItem } from "./outbox";

const outboxOf = (bookingId: string) => testDb().select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));

async function payDemo() {
  const { eventId, rateId } = await seedEvent();
  const booking = await (await api("/api/bookings", { method: "POST", json: customerFor(eventId, rateId) })).json<BookingDto>();
  const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
  const res = await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
  expect(res.status).toBe(200);
  return { booking, intent, eventId };
}

describe("confirmation e-mail: outbox written with the payment", () => {
  it("a demo payment writes one confirmation row with the paid booking, and the queue sends it", async () => {
    const { booking } = await payDemo();
    const paid = (await testDb().select().from(bookings).where(eq(bookings.id, booking.id)).get())!;
    const rows = await outboxOf(booking.id);
    // Fails if the insert left the settle batch (a payment without its e-mail, or the reverse).
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "confirmation", dedupeKey: `confirmation:${booking.id}`, createdAt: paid.paidAt });
    const sent = await until(() => outboxOf(booking.id), (r) => r[0]?.status === "sent");
    expect(sent[0]).toMatchObject({ status: "sent", attempts: 1, toAddress: `anna.${booking.eventId}@example.it` });
    // The facts of the sending are kept, not the HTML: the preview renders the message again, pass and QR included.
    expect(sent[0].html).toBeNull();
    const preview = await (await api(`/api/admin/emails/${sent[0].id}/preview`, { headers: { Cookie: await adminCookie() } })).json<{ html: string; to: string }>();
    expect(preview.to).toBe(`anna.${booking.eventId}@example.it`);
    expect(preview.html).toContain("data:image/png;base64,");
    expect(preview.html).toContain(`/p/${paid.passSecret}`);
  });

  it("a settlement that refunds instead of paying (no spot left) writes no e-mail", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 1 });
    const booking = await (await api("/api/bookings", { method: "POST", json: customerFor(eventId, rateId) })).json<BookingDto>();
    const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
    // The hold lapses and someone else takes the only spot.
    await testDb().update(bookings).set({ holdExpiresAt: Date.now() - 60_000, status: "expired" }).where(eq(bookings.id, booking.id)).run();
    await seedBooking({ eventId, status: "paid" });
    const db = testDb();
    const provider = createDemoProvider(db);
    await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
    const view = (await provider.retrieveIntent(intent.paymentIntentId))!;
    expect((await settleIntent(db, provider, view, Date.now())).outcome).toMatch(/refunded/);
    expect(await outboxOf(booking.id)).toHaveLength(0);
  });

  it("five deliveries of the same Stripe event, and five distinct events for one intent, make one e-mail", async () => {
    const { eventId, rateId } = await seedEvent();
    const booking = await (await stripeApi("/api/bookings", { method: "POST", json: customerFor(eventId, rateId) })).json<BookingDto>();
    const intent = await (await stripeApi("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
    const object = await confirmCard(intent.paymentIntentId);
    const same = stripeEvent("payment_intent.succeeded", object);
    await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(same)));
    await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(stripeEvent("payment_intent.succeeded", object))));
    await stripeApi("/api/confirm-payment", { method: "POST", json: { paymentIntentId: intent.paymentIntentId } });
    const rows = await until(() => outboxOf(booking.id), (r) => r[0]?.status === "sent");
    // Fails if the dedupe key or the paid_at guard is dropped: one row per delivery.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "sent", attempts: 1 });
  });
});

describe("EMAIL_QUEUE consumer", () => {
  async function queuedRow() {
    const { eventId } = await seedEvent();
    const booking = await seedBooking({ eventId, status: "paid" });
    return (await outboxInsert(testDb(), { bookingId: booking.id, kind: "confirmation", dedupeKey: `confirmation:${booking.id}`, now: Date.now() }).returning().get())!;
  }
  const batchOf = (queue: string, outboxId: number, attempts = 1) =>
    createMessageBatch<EmailJob>(queue, [{ id: crypto.randomUUID(), timestamp: new Date(), attempts, body: { outboxId } }]);
  const failing: Mailer = { send: async () => Promise.reject(new Error("provider down (503)")) };
  const rowOf = async (id: number) => (await testDb().select().from(emailOutbox).where(eq(emailOutbox.id, id)).get())!;

  it("a failing send is retried with its error recorded; the dead-letter queue then marks it failed", async () => {
    const row = await queuedRow();
    for (let attempt = 1; attempt <= 3; attempt++) {
      const batch = batchOf(EMAIL_QUEUE_NAME, row.id, attempt);
      const ctx = createExecutionContext();
      await handleEmailBatch(batch, env, testDb(), failing);
      const result = await getQueueResult(batch, ctx);
      // Fails if a failed send is acked (the message would be lost instead of retried).
      expect(result.retryMessages).toHaveLength(1);
      expect(await rowOf(row.id)).toMatchObject({ status: "queued", attempts: attempt, lastError: "provider down (503)" });
    }
    // After max_retries the queue hands the message to its dead-letter queue, consumed by the same Worker.
    const dead = batchOf(EMAIL_DLQ_NAME, row.id);
    const ctx = createExecutionContext();
    await worker.queue(dead, env);
    expect((await getQueueResult(dead, ctx)).ackAll).toBe(true);
    expect(await rowOf(row.id)).toMatchObject({ status: "failed", attempts: 3, lastError: "provider down (503)" });
  });

  it("a message delivered twice sends once (the row is claimed before sending)", async () => {
    const row = await queuedRow();
    let sends = 0;
    const counting: Mailer = { send: async () => ({ messageId: `<${++sends}@test>` }) };
    await Promise.all([handleEmailBatch(batchOf(EMAIL_QUEUE_NAME, row.id), env, testDb(), counting), handleEmailBatch(batchOf(EMAIL_QUEUE_NAME, row.id), env, testDb(), counting)]);
    expect(sends).toBe(1);
    expect(await rowOf(row.id)).toMatchObject({ status: "sent", attempts: 1, providerMessageId: "<1@test>" });
  });

  it("Reinvia from the admin sends a failed message again through the real queue", async () => {
    const row = await queuedRow();
    await testDb().update(emailOutbox).set({ status: "failed", attempts: 5, lastError: "x" }).where(eq(emailOutbox.id, row.id)).run();
    const cookie = await adminCookie();
    const res = await api(`/api/admin/emails/${row.id}/resend`, { method: "POST", json: {}, headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(await res.json<OutboxItem>()).toMatchObject({ id: row.id, status: "queued" });
    const after = await until(() => rowOf(row.id), (r) => r.status === "sent");
    expect(after).toMatchObject({ status: "sent", attempts: 6, lastError: null });
    // Sent: the facts are kept, not the HTML; the preview renders it again (QR included).
    expect(after).toMatchObject({ html: null, toAddress: expect.stringContaining("@"), subject: expect.any(String) });
    const list = await (await api(`/api/admin/emails?bookingId=${row.bookingId}`, { headers: { Cookie: cookie } })).json<OutboxItem[]>();
    expect(list.map((i) => i.status)).toEqual(["sent"]);
    const preview = await (await api(`/api/admin/emails/${row.id}/preview`, { headers: { Cookie: cookie } })).json<{ html: string }>();
    expect(preview.html).toContain("data:image/png;base64,");
  });
});
