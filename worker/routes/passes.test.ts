import { eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bookings, categories, refunds, seasonHolders, seasonPasses } from "../../db/schema";
import { untouchedPass } from "../../shared/test/pass";
import type { PassDto } from "../services/passes";
import { adminApi } from "../test/admin";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";

describe("GET /api/passes/:secret", () => {
  it("shows the pass (event, date, rate, plate, status) to anyone with the link, never the e-mail or name", async () => {
    const { eventId, rateId, event } = await seedEvent();
    const booking = await seedBooking({ eventId, rateId, status: "paid", customerEmail: "segreta@example.it", licensePlate: "PA555SS" });
    const res = await api(`/api/passes/${booking.passSecret}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject<PassDto>({
      status: "valid",
      code: booking.id.slice(0, 8).toUpperCase(),
      eventTitle: event.title,
      eventDatetime: new Date(event.datetime!).toISOString(),
      isAlwaysActive: false,
      rateName: "Tariffa 1",
      licensePlate: "PA555SS",
      ...untouchedPass(),
    });
    for (const hidden of ["segreta@example.it", "Mario Rossi", booking.id]) expect(text).not.toContain(hidden);
  });

  it("voids the pass of a paid booking whose event was cancelled, and says the event was cancelled and what went back (finding 6)", async () => {
    const { eventId, rateId } = await seedEvent({ cancelledAt: Date.now() - 60_000 });
    const booking = await seedBooking({ eventId, rateId, status: "paid", amountCents: 1000 });
    await testDb().insert(refunds).values({ id: crypto.randomUUID(), bookingId: booking.id, amountCents: 1000, source: "admin", status: "pending" });
    const res = await api(`/api/passes/${booking.passSecret}`);
    expect(res.status).toBe(200);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ status: "void", eventCancelled: true, refundPending: true });
    expect(body).not.toHaveProperty("refunded");
  });

  it("turns void once the booking is freed, and shows when the car entered", async () => {
    const { eventId, rateId } = await seedEvent({ datetime: Date.now() + 3_600_000 });
    const booking = await seedBooking({ eventId, rateId, status: "paid" });
    const scanned = await adminApi("/api/gate/scan", { method: "POST", json: { eventId, scan: booking.passSecret, direction: "in" } });
    expect((await scanned.json<{ result: string }>()).result).toBe("ok");
    const inside = await (await api(`/api/passes/${booking.passSecret}`)).json<PassDto>();
    expect(inside).toMatchObject({ status: "valid", gateState: "inside" });
    expect(Date.parse(inside.checkedInAt!)).toBeGreaterThan(Date.now() - 60_000);

    expect((await adminApi(`/api/admin/bookings/${booking.id}/free`, { method: "PUT" })).status).toBe(200);
    expect((await (await api(`/api/passes/${booking.passSecret}`)).json<PassDto>()).status).toBe("void");
  });

  // Issue #48: the pass page asked /api/season-passes/<secret> for every booking's pass and logged its 404.
  it("names a season holder's secret as a season pass (200), so the page asks the season endpoint only then", async () => {
    const db = testDb();
    // A paid holder's secret is also its carrier booking's (the first match's).
    const { eventId, rateId } = await seedEvent();
    const carrier = await seedBooking({ eventId, rateId, status: "paid", licensePlate: "NA123SS" });
    const cat = await db.insert(categories).values({ name: `Stadio ${crypto.randomUUID().slice(0, 6)}` }).returning().get();
    const season = await db
      .insert(seasonPasses)
      .values({ name: "Abbonamento", categoryId: cat.id, startsAt: Date.now() - 86_400_000, endsAt: Date.now() + 86_400_000, priceCents: 30_000, spots: 5 })
      .returning()
      .get();
    const secret = carrier.passSecret!;
    await db.insert(seasonHolders).values({
      id: crypto.randomUUID(),
      seasonId: season.id,
      status: "active",
      holdExpiresAt: Date.now(),
      customerName: "Gennaro Esposito",
      customerEmail: "gennaro@example.it",
      licensePlate: "NA123SS",
      carModel: "Fiat Panda",
      passSecret: secret,
    });
    const res = await api(`/api/passes/${secret}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ kind: "season" });
    expect(text).not.toContain("NA123SS");
    expect((await api(`/api/season-passes/${secret}`)).status).toBe(200);
  });

  it("answers 404 in the error shape for an unknown or malformed secret", async () => {
    for (const secret of ["AAAAAAAAAAAAAAAAAAAAAA", "short", "not%20a%20secret%20at%20all%20really"]) {
      const res = await api(`/api/passes/${secret}`);
      expect(res.status, secret).toBe(secret === "AAAAAAAAAAAAAAAAAAAAAA" ? 404 : 400);
      expect((await res.json<{ error: { message: string } }>()).error.message).toBe("Pass non trovato");
    }
  });
});

describe("the migration that added passes", () => {
  it("gives every booking ever paid a 128-bit secret, and none to unpaid ones", async () => {
    const backfill = env.TEST_MIGRATIONS.flatMap((m) => m.queries).find((q) => q.includes("SET `pass_secret`"));
    expect(backfill).toBeDefined();
    const { eventId, rateId } = await seedEvent();
    const paid = await seedBooking({ eventId, rateId, status: "paid" });
    const refunded = await seedBooking({ eventId, rateId, status: "refunded", paidAt: Date.now() - 60_000 });
    const pending = await seedBooking({ eventId, rateId, status: "pending" });
    await testDb().update(bookings).set({ passSecret: null }).where(eq(bookings.eventId, eventId));
    await env.DB.prepare(backfill!).run();
    const secretOf = async (id: string) => (await testDb().select().from(bookings).where(eq(bookings.id, id)).get())!.passSecret;
    expect(await secretOf(paid.id)).toMatch(/^[0-9a-f]{32}$/);
    expect(await secretOf(refunded.id)).toMatch(/^[0-9a-f]{32}$/);
    expect(await secretOf(paid.id)).not.toBe(await secretOf(refunded.id));
    expect(await secretOf(pending.id)).toBeNull();
  });
});

describe("the pass in the booking's language (issue #14)", () => {
  // Fails when an English booking's pass shows the Italian title though the garage gave an English one.
  it("names the event and rate in English for an English booking, in Italian otherwise", async () => {
    const { eventId, rateId } = await seedEvent({ title: "Partita", titleTranslations: { en: "Match" }, rates: [{ name: "Posto auto", nameTranslations: { en: "Car space" } }] });
    const english = await seedBooking({ eventId, rateId, status: "paid", licensePlate: "EN111GB" });
    await testDb().update(bookings).set({ lang: "en" }).where(eq(bookings.id, english.id));
    const italian = await seedBooking({ eventId, rateId, status: "paid", licensePlate: "IT222NA" });
    const pass = async (secret: string | null) => (await api(`/api/passes/${secret}`)).json<PassDto>();
    expect(await pass(english.passSecret)).toMatchObject({ eventTitle: "Match", rateName: "Car space" });
    expect(await pass(italian.passSecret)).toMatchObject({ eventTitle: "Partita", rateName: "Posto auto" });
  });
});
