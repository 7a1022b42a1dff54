import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, events, rateLimitHits, refunds } from "../../db/schema";
import { bookingCodeOf, MY_BOOKINGS_RATE_LIMIT } from "../services/my-bookings";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";
import { messagesIt as italian } from "../i18n/it";

type Found = { bookings: { code: string; status: string; eventTitle: string; licensePlate: string; amount: string; rateName: string | null }[] };

const lookup = (json: unknown, headers: Record<string, string> = {}) =>
  api("/api/my-bookings/lookup", { method: "POST", json, headers: { "CF-Connecting-IP": "203.0.113.1", ...headers } });

async function bookingFor(email: string, status: "paid" | "pending" | "freed" = "paid", holdExpiresAt?: number) {
  const seeded = await seedEvent();
  const b = await seedBooking({ eventId: seeded.eventId, rateId: seeded.rateId, status, holdExpiresAt });
  await testDb().update(bookings).set({ customerEmail: email, licensePlate: "NA123AB" }).where(eq(bookings.id, b.id));
  return { ...b, customerEmail: email, event: seeded.event };
}

describe("POST /api/my-bookings/lookup", () => {
  it("answers the customer's bookings when e-mail and code match, ignoring case and spaces", async () => {
    const a = await bookingFor("cliente.uno@example.it");
    const b = await bookingFor("cliente.uno@example.it", "freed");
    await bookingFor("altro@example.it");
    const res = await lookup({ email: "  Cliente.Uno@Example.IT ", code: bookingCodeOf(a.id).toLowerCase() });
    expect(res.status).toBe(200);
    const body = await res.json<Found>();
    expect(body.bookings.map((x) => x.code).sort()).toEqual([bookingCodeOf(a.id), bookingCodeOf(b.id)].sort());
    const first = body.bookings.find((x) => x.code === bookingCodeOf(a.id))!;
    expect(first).toMatchObject({ status: "paid", eventTitle: a.event.title, licensePlate: "NA123AB", amount: "15.00", rateName: "Tariffa 1" });
    expect(JSON.stringify(body)).not.toContain(a.id);
  });

  it("answers nothing when the code belongs to another e-mail", async () => {
    const mine = await bookingFor("mia@example.it");
    await bookingFor("tua@example.it");
    const res = await lookup({ email: "tua@example.it", code: bookingCodeOf(mine.id) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: italian.myBookingNotFound } });
  });

  it("leaves out holds that lapsed, but keeps live ones", async () => {
    const paid = await bookingFor("holds@example.it");
    const live = await bookingFor("holds@example.it", "pending", Date.now() + 60_000);
    const lapsed = await bookingFor("holds@example.it", "pending", Date.now() - 60_000);
    const body = await (await lookup({ email: "holds@example.it", code: bookingCodeOf(paid.id) })).json<Found>();
    const codes = body.bookings.map((x) => x.code);
    expect(codes).toContain(bookingCodeOf(live.id));
    expect(codes).not.toContain(bookingCodeOf(lapsed.id));
  });

  it("rejects bad input in Italian without counting it", async () => {
    const missing = await lookup({ email: "x@example.it" });
    expect(missing.status).toBe(400);
    expect((await missing.json<{ error: { message: string } }>()).error.message).toBe("Inserisci e-mail e codice prenotazione");
    const badEmail = await lookup({ email: "non-una-mail", code: "ABCDEF12" });
    expect((await badEmail.json<{ error: { message: string } }>()).error.message).toBe("Indirizzo e-mail non valido");
    const badCode = await lookup({ email: "x@example.it", code: "AB%" });
    expect(badCode.status).toBe(400);
  });

  it("refuses further look-ups from a client after too many misses, without touching others", async () => {
    const ip = "198.51.100.7";
    const b = await bookingFor("limite@example.it");
    for (let i = 0; i < MY_BOOKINGS_RATE_LIMIT.limit; i++) {
      expect((await lookup({ email: "limite@example.it", code: "00000000" }, { "CF-Connecting-IP": ip })).status).toBe(404);
    }
    const blocked = await lookup({ email: "limite@example.it", code: bookingCodeOf(b.id) }, { "CF-Connecting-IP": ip });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: { code: "rate_limited", message: italian.myBookingsRateLimited } });
    expect((await lookup({ email: "limite@example.it", code: bookingCodeOf(b.id) }, { "CF-Connecting-IP": "198.51.100.8" })).status).toBe(200);
    const hits = await testDb().select().from(rateLimitHits).where(eq(rateLimitHits.clientKey, ip));
    expect(hits).toHaveLength(MY_BOOKINGS_RATE_LIMIT.limit);
  });

  it("lets at most the limit of 100 parallel misses be looked up: the rest are 429", async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => lookup({ email: "parallelo@example.it", code: "00000000" }, { "CF-Connecting-IP": "198.51.100.70" })),
    );
    expect(answers.filter((r) => r.status === 404)).toHaveLength(MY_BOOKINGS_RATE_LIMIT.limit);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(100 - MY_BOOKINGS_RATE_LIMIT.limit);
  });

  it("answers with Cache-Control: no-store", async () => {
    const b = await bookingFor("nostore@example.it");
    const found = await lookup({ email: "nostore@example.it", code: bookingCodeOf(b.id) }, { "CF-Connecting-IP": "198.51.100.71" });
    expect(found.status).toBe(200);
    expect(found.headers.get("Cache-Control")).toBe("no-store");
  });

  describe("after the sale (finding 6)", () => {
    type AfterSaleFound = { bookings: (Found["bookings"][number] & Record<string, unknown>)[] };
    const refund = (bookingId: string, amountCents: number, status: "pending" | "succeeded" | "failed") =>
      testDb().insert(refunds).values({ id: crypto.randomUUID(), bookingId, amountCents, source: "admin", status });

    it("hands out no pass for a refunded booking or a paid booking of a cancelled event, and says what happened instead", async () => {
      const email = `dopo-${crypto.randomUUID().slice(0, 6)}@example.it`;
      const refunded = await bookingFor(email);
      await testDb().update(bookings).set({ status: "refunded" }).where(eq(bookings.id, refunded.id));
      await refund(refunded.id, 1500, "succeeded");
      const ofCancelledEvent = await bookingFor(email);
      await testDb().update(events).set({ cancelledAt: Date.now() - 1000 }).where(eq(events.id, ofCancelledEvent.eventId));
      const partly = await bookingFor(email);
      await refund(partly.id, 400, "succeeded");
      const body = await (await lookup({ email, code: bookingCodeOf(refunded.id) })).json<AfterSaleFound>();
      const byCode = (id: string) => body.bookings.find((x) => x.code === bookingCodeOf(id))!;
      expect(byCode(refunded.id)).toMatchObject({ passStatus: "void", passSecret: null, state: "refunded", refunded: "15.00", cancellation: { allowed: false } });
      expect(byCode(ofCancelledEvent.id)).toMatchObject({ status: "paid", passStatus: "void", passSecret: null, eventCancelled: true, cancellation: { allowed: false } });
      expect(byCode(partly.id)).toMatchObject({ passStatus: "valid", state: "partly_refunded", refunded: "4.00", refundPending: false });
      expect(byCode(partly.id).passSecret).toBeTypeOf("string");
    });

    it("lets a paid booking be cancelled until the event's deadline, and tells when it closes; not after it", async () => {
      const email = `scadenza-${crypto.randomUUID().slice(0, 6)}@example.it`;
      const early = await bookingFor(email);
      const start = Date.now() + 3 * 86_400_000;
      await testDb().update(events).set({ datetime: start, cancelDeadlineHours: 48 }).where(eq(events.id, early.eventId));
      const late = await bookingFor(email);
      await testDb().update(events).set({ datetime: Date.now() + 3_600_000 }).where(eq(events.id, late.eventId));
      const body = await (await lookup({ email, code: bookingCodeOf(early.id) })).json<AfterSaleFound>();
      const byCode = (id: string) => body.bookings.find((x) => x.code === bookingCodeOf(id))!;
      expect(byCode(early.id).cancellation).toEqual({ allowed: true, deadline: new Date(start - 48 * 3_600_000).toISOString() });
      expect(byCode(late.id).cancellation).toEqual({ allowed: false, deadline: null });
    });
  });
});
