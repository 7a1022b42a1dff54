import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, demoPaymentIntents, demoRefunds } from "../../db/schema";
import worker from "../index";
import { anyClient, seedBooking, seedEvent, testDb } from "../test/helpers";
import { normalisePlate } from "../../shared/rules";
import { bookingInput } from "../routes/bookings";
import { createBooking, freeBooking, type BookingInput } from "./bookings";
import { expireLapsedHolds } from "./hold-expiry";
import { freeSpotsNow } from "./holds";
import { requirePaymentProvider } from "./payments/create-provider";
import { retryOwedRefunds } from "./payments/settle";

const input = (eventId: number, rateId: number, plate = "AB123CD"): BookingInput =>
  bookingInput.parse({ eventId, rateId, customerName: "Mario Rossi", customerEmail: "mario@example.it", licensePlate: plate, carModel: "Fiat Panda" });

describe("rules", () => {
  it("normalises plates: upper-case, no spaces or dashes", () => {
    expect(normalisePlate("ab 123-cd")).toBe("AB123CD");
    expect(normalisePlate(" na-12 34 ")).toBe("NA1234");
  });
});

describe("hold expiry (clock injected, no cron)", () => {
  it("a lapsed hold frees its spot the moment holdExpiresAt passes", async () => {
    const db = testDb();
    const { eventId, rateId } = await seedEvent({ totalSpots: 1 });
    const t0 = Date.now();
    const opts = (now: number) => ({ now, holdMinutes: 15, client: anyClient() });

    const first = await createBooking(db, input(eventId, rateId, "AA111AA"), opts(t0));
    expect(first).toMatchObject({ ok: true, value: { created: true } });
    expect(await createBooking(db, input(eventId, rateId, "BB222BB"), opts(t0 + 14 * 60_000))).toMatchObject({ ok: false, status: 409 });
    expect(await freeSpotsNow(db, eventId, t0 + 15 * 60_000 - 1)).toBe(0);
    expect(await freeSpotsNow(db, eventId, t0 + 15 * 60_000)).toBe(1);
    const later = await createBooking(db, input(eventId, rateId, "CC333CC"), opts(t0 + 15 * 60_000 + 1));
    expect(later).toMatchObject({ ok: true, value: { created: true } });
  });

  it("uses the configured hold length", async () => {
    const db = testDb();
    const { eventId, rateId } = await seedEvent();
    const t0 = Date.now();
    const result = await createBooking(db, input(eventId, rateId), { now: t0, holdMinutes: 5, client: anyClient() });
    expect(result.ok && Date.parse(result.value.booking.holdExpiresAt)).toBe(t0 + 5 * 60_000);
  });
});

describe("freeBooking (Libera Parcheggio)", () => {
  it("turns a paid booking into freed, and its spot is free again", async () => {
    const db = testDb();
    const { eventId, rateId } = await seedEvent({ totalSpots: 1 });
    const paid = await seedBooking({ eventId, rateId, status: "paid" });
    const now = Date.now();
    expect(await freeSpotsNow(db, eventId, now)).toBe(0);
    expect(await freeBooking(db, paid.id, now)).toEqual({ ok: true, value: null });
    expect(await db.select().from(bookings).where(eq(bookings.id, paid.id)).get()).toMatchObject({ status: "freed", freedAt: now });
    expect(await freeSpotsNow(db, eventId, now)).toBe(1);
    expect(await freeBooking(db, paid.id, now + 1)).toMatchObject({ ok: false, status: 409 });
  });

  it("refuses pending bookings and unknown ids", async () => {
    const db = testDb();
    const { eventId, rateId } = await seedEvent();
    const pending = await seedBooking({ eventId, rateId, status: "pending" });
    expect(await freeBooking(db, pending.id, Date.now())).toMatchObject({ ok: false, status: 409 });
    expect(await freeBooking(db, crypto.randomUUID(), Date.now())).toMatchObject({ ok: false, status: 404 });
  });
});

describe("cron: expire holds", () => {
  it("marks lapsed holds expired and cancels their intents; a second run changes nothing", async () => {
    const db = testDb();
    const provider = requirePaymentProvider(env, db);
    const { eventId, rateId } = await seedEvent({ totalSpots: 5 });
    const t0 = Date.now();
    const lapsing = await createBooking(db, input(eventId, rateId, "EX1"), { now: t0 - 20 * 60_000, holdMinutes: 15, client: anyClient() });
    const live = await createBooking(db, input(eventId, rateId, "LIVE1"), { now: t0, holdMinutes: 15, client: anyClient() });
    if (!lapsing.ok || !live.ok) throw new Error("setup failed");
    const intent = await provider.createIntent({ amountCents: 1500, currency: "eur", metadata: { bookingId: lapsing.value.booking.id }, idempotencyKey: `pi:${lapsing.value.booking.id}` });
    await db.update(bookings).set({ paymentIntentId: intent.id }).where(eq(bookings.id, lapsing.value.booking.id)).run();
    const paid = await seedBooking({ eventId, rateId, status: "paid", holdExpiresAt: t0 - 60 * 60_000 });

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: t0, cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const rowOf = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)).get())!;
    const afterFirst = await rowOf(lapsing.value.booking.id);
    expect(afterFirst.status).toBe("expired");
    expect((await rowOf(live.value.booking.id)).status).toBe("pending");
    expect((await rowOf(paid.id)).status).toBe("paid");
    expect((await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, intent.id)).get())!.status).toBe("canceled");

    expect(await expireLapsedHolds(db, provider, t0)).toEqual({ expired: 0, intentsCanceled: 0 });
    expect(await rowOf(lapsing.value.booking.id)).toEqual(afterFirst);
  });
});

describe("cron: owed refunds", () => {
  it("completes a refund whose provider call failed earlier, once", async () => {
    const db = testDb();
    const provider = requirePaymentProvider(env, db);
    const { eventId, rateId } = await seedEvent();
    const intent = await provider.createIntent({ amountCents: 1500, currency: "eur", metadata: {} });
    await db.update(demoPaymentIntents).set({ status: "succeeded" }).where(eq(demoPaymentIntents.id, intent.id)).run();
    const owed = await seedBooking({ eventId, rateId, status: "refunded" });
    await db.update(bookings).set({ paymentIntentId: intent.id }).where(eq(bookings.id, owed.id)).run();

    const now = Date.now();
    expect(await retryOwedRefunds(db, provider, now)).toEqual({ refunded: 1, failed: 0 });
    expect((await db.select().from(bookings).where(eq(bookings.id, owed.id)).get())!.refundedAt).toBe(now);
    expect((await db.select().from(demoRefunds).where(eq(demoRefunds.paymentIntentId, intent.id))).map((r) => r.amountCents)).toEqual([1500]);
    expect(await retryOwedRefunds(db, provider, now + 1)).toEqual({ refunded: 0, failed: 0 });
  });
});
