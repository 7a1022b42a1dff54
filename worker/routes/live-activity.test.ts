import { describe, expect, it } from "vitest";
import { events } from "../../db/schema";
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, pseudonymOf } from "../services/live-activity";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";
import { eq } from "drizzle-orm";

type Activity = { id: string; firstName: string; eventId: number; eventTitle: string; paidAt: string };

async function activity(query = ""): Promise<Activity[]> {
  const res = await api(`/api/live-activity${query}`);
  expect(res.status).toBe(200);
  return res.json();
}

describe("GET /api/live-activity", () => {
  it("lists recent paid bookings with a pseudonym, never the customer's data or booking id", async () => {
    const { eventId, rateId, event } = await seedEvent();
    const booking = await seedBooking({ eventId, rateId, status: "paid", paidAt: Date.now() - 60_000 });
    const list = await activity(`?eventId=${eventId}`);
    expect(list).toHaveLength(1);
    const [item] = list;
    expect(item).toEqual({ ...(await pseudonymOf(booking.id)), eventId, eventTitle: event.title, paidAt: new Date(booking.paidAt!).toISOString() });
    expect([...FEMALE_FIRST_NAMES, ...MALE_FIRST_NAMES]).toContain(item.firstName);
    const text = JSON.stringify(list);
    for (const secret of [booking.id, booking.customerName, booking.customerEmail, booking.licensePlate, "Mario"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("leaves out unpaid, old and inactive-event bookings, newest first", async () => {
    const now = Date.now();
    const { eventId, rateId } = await seedEvent();
    const older = await seedBooking({ eventId, rateId, status: "paid", paidAt: now - 3 * 3_600_000 });
    const newer = await seedBooking({ eventId, rateId, status: "paid", paidAt: now - 60_000 });
    await seedBooking({ eventId, rateId, status: "paid", paidAt: now - 25 * 3_600_000 });
    await seedBooking({ eventId, rateId, status: "pending" });
    await seedBooking({ eventId, rateId, status: "freed", paidAt: now - 60_000 });
    const hidden = await seedEvent({ isActive: false });
    await seedBooking({ eventId: hidden.eventId, rateId: hidden.rateId, status: "paid", paidAt: now - 60_000 });

    const ids = (await activity(`?eventId=${eventId}`)).map((a) => a.id);
    expect(ids).toEqual([(await pseudonymOf(newer.id)).id, (await pseudonymOf(older.id)).id]);
    expect((await activity(`?eventId=${hidden.eventId}`))).toEqual([]);

    await testDb().update(events).set({ isActive: false }).where(eq(events.id, eventId));
    expect(await activity(`?eventId=${eventId}`)).toEqual([]);
  });

  it("without eventId covers every event, at most 20 rows", async () => {
    const a = await seedEvent();
    const b = await seedEvent();
    for (let i = 0; i < 12; i++) {
      await seedBooking({ eventId: a.eventId, rateId: a.rateId, status: "paid", paidAt: Date.now() - i * 1000 });
      await seedBooking({ eventId: b.eventId, rateId: b.rateId, status: "paid", paidAt: Date.now() - i * 1000 - 500 });
    }
    const list = await activity();
    expect(list).toHaveLength(20);
    expect(new Set(list.map((x) => x.eventId))).toEqual(new Set([a.eventId, b.eventId]));
  });

  it("draws the same pseudonym for the same booking, and different ones across bookings", async () => {
    const ids = Array.from({ length: 40 }, () => crypto.randomUUID());
    const first = await Promise.all(ids.map(pseudonymOf));
    const again = await Promise.all(ids.map(pseudonymOf));
    expect(again).toEqual(first);
    expect(new Set(first.map((p) => p.firstName)).size).toBeGreaterThan(5);
    expect(new Set(first.map((p) => p.id)).size).toBe(40);
  });

  it("rejects a malformed eventId in Italian", async () => {
    const res = await api("/api/live-activity?eventId=abc");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "validation_failed", message: "Evento non valido" } });
  });
});
