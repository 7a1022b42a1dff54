import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, getTableName, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { auditLog, bookings, demoPaymentIntents, events, refunds, seasonHolders, seasonPasses } from "../../db/schema";
import { app } from "../app";
import { runCronTasks } from "../services/cron";
import { adminCookie } from "../test/admin";
import { api, browserRequest, customerFor, seedBooking, seedEvent, testDb } from "../test/helpers";
import { type Lang } from "../../shared/lang";

/** A real domain that forgot STRIPE_SECRET_KEY: DEMO_MODE left on does not bring the demo back. */
const liveEnv = (): Env => ({ ...env, PUBLIC_BASE_URL: "https://parcheggi.example", STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "", DEMO_MODE: "1" });
/** A local run nobody asked to be a demo. */
const unaskedEnv = (): Env => ({ ...env, DEMO_MODE: "" });

async function call(target: Env, path: string, init: RequestInit & { json?: unknown } = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(browserRequest(path, init), target, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const tables: SQLiteTable[] = [bookings, demoPaymentIntents, refunds, seasonHolders, auditLog];
async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await testDb().select({ n: sql<number>`count(*)` }).from(table).get();
    counts[getTableName(table)] = row!.n;
  }
  return counts;
}

type ErrorAnswer = { error: { code: string; message: string } };

/** The answer is the 503 in the asked language, and no row of any table that selling touches changed. */
async function expectRefusedWritingNothing(send: () => Promise<Response>, lang: Lang = "it") {
  const before = await rowCounts();
  const res = await send();
  expect(res.status).toBe(503);
  const body = await res.json<ErrorAnswer>();
  expect(body.error).toEqual({
    code: "payments_unavailable",
    message: lang === "it" ? "I pagamenti non sono disponibili in questo momento" : "Payments are not available at the moment",
  });
  expect(await rowCounts()).toEqual(before);
}

const PRESALE = { prevenditaTitle: "Prevendita", prevenditaPriceCents: 1200, isPrevenditaVisible: true, isPrevenditaPayable: true };

describe("a real domain without its Stripe secret refuses to sell", () => {
  it("a booking answers 503 in the visitor's language and takes no spot", async () => {
    const { eventId, rateId } = await seedEvent();
    await expectRefusedWritingNothing(() => call(liveEnv(), "/api/bookings", { method: "POST", json: customerFor(eventId, rateId) }));
    await expectRefusedWritingNothing(
      () => call(liveEnv(), "/api/bookings", { method: "POST", json: customerFor(eventId, rateId), headers: { "Accept-Language": "en" } }),
      "en",
    );
  });

  it("no payment intent is created, for a booking or a presale, and none is confirmed", async () => {
    const { eventId, rateId } = await seedEvent(PRESALE);
    const pending = await seedBooking({ eventId, rateId, status: "pending" });
    await expectRefusedWritingNothing(() => call(liveEnv(), "/api/create-payment-intent", { method: "POST", json: { bookingId: pending.id } }));
    await expectRefusedWritingNothing(() => call(liveEnv(), "/api/create-payment-intent", { method: "POST", json: { eventId, type: "prevendita" } }));
    await expectRefusedWritingNothing(() => call(liveEnv(), "/api/confirm-payment", { method: "POST", json: { paymentIntentId: "pi_demo_anything" } }));
    await expectRefusedWritingNothing(() =>
      call(liveEnv(), "/api/presales", {
        method: "POST",
        json: { eventId, paymentIntentId: "pi_demo_anything", nome: "Luca", cognome: "Bianchi", email: "luca@example.it", targa: "GH789JK", modelloAuto: "Alfa Romeo Giulia" },
      }),
    );
    expect((await testDb().select().from(bookings).where(eq(bookings.id, pending.id)).get())!.paymentIntentId).toBeNull();
  });

  it("the demo card form does not exist: /api/demo/confirm is 404 and the intent stays unpaid", async () => {
    // An intent made while the shop still ran as a demo (locally), confirmed once the address is public.
    const { eventId, rateId } = await seedEvent();
    const booking = await (await api("/api/bookings", { method: "POST", json: customerFor(eventId, rateId) })).json<{ id: string }>();
    const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<{ paymentIntentId: string }>();
    for (const target of [liveEnv(), unaskedEnv()]) {
      const res = await call(target, "/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242 4242 4242 4242" } });
      expect(res.status).toBe(404);
      expect((await res.json<ErrorAnswer>()).error.code).toBe("not_found");
    }
    expect((await testDb().select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, intent.paymentIntentId)).get())!.status).toBe("requires_payment_method");
    expect((await testDb().select().from(bookings).where(eq(bookings.id, booking.id)).get())!.status).toBe("pending");
  });

  it("a season pass is not sold, and a waiting-list offer is not taken", async () => {
    const { event } = await seedEvent();
    const season = await testDb()
      .insert(seasonPasses)
      .values({ name: "Abbonamento", categoryId: event.categoryId!, startsAt: Date.now() - 86_400_000, endsAt: Date.now() + 90 * 86_400_000, priceCents: 20_000, spots: 5 })
      .returning()
      .get();
    const holder = { customerName: "Anna Russo", customerEmail: "anna@example.it", licensePlate: "EZ321KL", carModel: "Fiat 500" };
    await expectRefusedWritingNothing(() => call(liveEnv(), `/api/seasons/${season.id}/holders`, { method: "POST", json: holder, headers: { "Idempotency-Key": crypto.randomUUID() } }));
    await expectRefusedWritingNothing(() => call(liveEnv(), "/api/waitlist/AAAAAAAAAAAAAAAAAAAAAA/take", { method: "POST", json: {} }));
  });

  it("refunds and an event's cancellation wait for the provider instead of failing half-way", async () => {
    const { eventId, rateId, event } = await seedEvent();
    const paid = await seedBooking({ eventId, rateId, status: "paid" });
    const Cookie = await adminCookie();
    await expectRefusedWritingNothing(() => call(liveEnv(), `/api/admin/bookings/${paid.id}/refunds`, { method: "POST", json: { amount: "5.00" }, headers: { Cookie } }));
    await expectRefusedWritingNothing(() => call(liveEnv(), `/api/passes/${paid.passSecret}/cancel`, { method: "POST", json: {} }));
    await expectRefusedWritingNothing(() => call(liveEnv(), `/api/admin/events/${eventId}/cancel`, { method: "POST", json: {}, headers: { Cookie } }));
    expect(await testDb().select().from(events).where(eq(events.id, eventId)).get()).toEqual(event);
    expect((await testDb().select().from(bookings).where(eq(bookings.id, paid.id)).get())!.status).toBe("paid");
  });

  it("Stripe's webhook does not exist without Stripe's secrets", async () => {
    const res = await call(liveEnv(), "/api/stripe/webhook", { method: "POST", body: "{}", headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=x" } });
    expect(res.status).toBe(404);
  });

  it("the cron still frees lapsed holds and leaves refunds for when the provider is back", async () => {
    const { eventId, rateId } = await seedEvent();
    const lapsed = await seedBooking({ eventId, rateId, status: "pending", holdExpiresAt: Date.now() - 60_000 });
    const results = await runCronTasks(testDb(), liveEnv(), Date.now());
    expect(results["retry-owed-refunds"]).toEqual({ skipped: "payments_unavailable" });
    expect(results["retry-incomplete-refunds"]).toEqual({ skipped: "payments_unavailable" });
    expect((await testDb().select().from(bookings).where(eq(bookings.id, lapsed.id)).get())!.status).toBe("expired");
  });

  it("a local run without DEMO_MODE refuses too: the demo runs only where asked for", async () => {
    const { eventId, rateId } = await seedEvent();
    await expectRefusedWritingNothing(() => call(unaskedEnv(), "/api/bookings", { method: "POST", json: customerFor(eventId, rateId) }));
  });
});

describe("DEMO_MODE=1 on localhost: the demo works as before", () => {
  it("book → intent → demo card → paid", async () => {
    expect(env.DEMO_MODE).toBe("1");
    expect(env.PUBLIC_BASE_URL).toMatch(/^http:\/\/localhost/);
    const { eventId, rateId } = await seedEvent();
    const booking = await (await api("/api/bookings", { method: "POST", json: customerFor(eventId, rateId) })).json<{ id: string }>();
    const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<{ paymentIntentId: string; provider: string }>();
    expect(intent.provider).toBe("demo");
    expect((await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242 4242 4242 4242" } })).status).toBe(200);
    expect((await testDb().select().from(bookings).where(eq(bookings.id, booking.id)).get())!.status).toBe("paid");
  });
});
