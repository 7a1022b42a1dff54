import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { carouselSettings, liveNotificationConfig, partners } from "../../db/schema";
import { getAdminStats } from "../services/stats";
import { adminCookie, staffCookie } from "../test/admin";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";

describe("GET /api/categories", () => {
  it("lists categories with id, name and colour", async () => {
    const { category } = await seedEvent({ category: { name: "Zzz Teatro", color: "#123456" } });
    const res = await api("/api/categories");
    expect(res.status).toBe(200);
    expect(await res.json()).toContainEqual({ id: category!.id, name: "Zzz Teatro", nameTranslations: {}, color: "#123456" });
  });
});

describe("GET /api/partners", () => {
  it("lists active partners by sortOrder and hides inactive ones", async () => {
    await testDb()
      .insert(partners)
      .values([
        { name: "Secondo", imageUrl: "/objects/uploads/b.png", sortOrder: 2 },
        { name: "Primo", imageUrl: "/objects/uploads/a.png", sortOrder: 1 },
        { name: "Spento", imageUrl: "/objects/uploads/c.png", sortOrder: 0, isActive: false },
      ]);
    const res = await api("/api/partners");
    expect(res.status).toBe(200);
    const list = await res.json<{ name: string; imageUrl: string; isActive: boolean }[]>();
    expect(list.map((p) => p.name)).toEqual(["Primo", "Secondo"]);
    expect(list[0]).toMatchObject({ imageUrl: "/objects/uploads/a.png", isActive: true, sortOrder: 1 });
  });
});

describe("settings", () => {
  it("answers the spec's defaults before anything is saved, then the stored row", async () => {
    expect(await (await api("/api/carousel-settings")).json()).toEqual({ isEnabled: true, scrollSpeed: 1, frameRate: 16 });
    expect(await (await api("/api/live-notifications/config")).json()).toEqual({
      isEnabled: true,
      frequency: 10000,
      targetEventId: null,
      isRandomEvents: true,
    });
    await testDb().insert(carouselSettings).values({ id: 1, isEnabled: false, scrollSpeed: 2.5, frameRate: 33 });
    await testDb().insert(liveNotificationConfig).values({ id: 1, isEnabled: false, frequency: 30000, isRandomEvents: false });
    expect(await (await api("/api/carousel-settings")).json()).toEqual({ isEnabled: false, scrollSpeed: 2.5, frameRate: 33 });
    expect(await (await api("/api/live-notifications/config")).json()).toMatchObject({ isEnabled: false, frequency: 30000 });
  });
});

describe("GET /api/stats", () => {
  it("counts active events, their spots and the spots not free; today's revenue only for owners and managers", async () => {
    await env.DB.exec("DELETE FROM bookings; DELETE FROM rates; DELETE FROM events;");
    const a = await seedEvent({ totalSpots: 10, reservedSpots: 1, occupiedSpots: 2 });
    await seedEvent({ totalSpots: 5 });
    await seedEvent({ totalSpots: 50, isActive: false });
    // Ended yesterday: neither an active event nor free spots for the hero.
    await seedEvent({ totalSpots: 40, datetime: Date.now() - 86_400_000 });
    await seedBooking({ eventId: a.eventId, rateId: a.rateId, status: "paid", amountCents: 2500 });
    await seedBooking({ eventId: a.eventId, rateId: a.rateId, status: "pending" });
    const res = await api("/api/stats");
    expect(res.status).toBe(200);
    // Issue #22 finding 8: the public counters carried today's takings.
    expect(await res.json()).toEqual({ activeEvents: 2, totalSpots: 15, occupiedSpots: 5, freeSpots: 10 });
    const adminRes = await api("/api/admin/stats", { headers: { Cookie: await adminCookie() } });
    expect(await adminRes.json()).toEqual({ activeEvents: 2, totalSpots: 15, occupiedSpots: 5, freeSpots: 10, todayRevenue: "25.00" });
    expect((await api("/api/admin/stats")).status).toBe(401);
    expect((await api("/api/admin/stats", { headers: { Cookie: await staffCookie("gate") } })).status).toBe(403);
  });

  it("leaves a cancelled event out of the counters, though the home still lists it as Annullato", async () => {
    await env.DB.exec("DELETE FROM bookings; DELETE FROM rates; DELETE FROM events;");
    await seedEvent({ totalSpots: 5 });
    const cancelled = await seedEvent({ totalSpots: 30, isActive: false, cancelledAt: Date.now() - 60_000 });
    expect(await (await api("/api/stats")).json()).toMatchObject({ activeEvents: 1, totalSpots: 5, freeSpots: 5 });
    const listed = await (await api("/api/events")).json<{ id: number; cancelled: boolean }[]>();
    expect(listed.find((e) => e.id === cancelled.eventId)).toMatchObject({ cancelled: true });
    // The Worker-rendered home counts from the same list: the hero must say 1 event, 5 free spots.
    const { loadHomeData } = await import("../services/home");
    expect((await loadHomeData(testDb(), Date.now())).stats).toMatchObject({ activeEvents: 1, freeSpots: 5 });
  });

  it("puts a payment at 23:30 UTC in winter on the next Rome day", async () => {
    const { eventId, rateId } = await seedEvent();
    // 2026-01-15 23:30 UTC is 2026-01-16 00:30 in Rome.
    const lateEvening = Date.UTC(2026, 0, 15, 23, 30);
    await seedBooking({ eventId, rateId, status: "paid", amountCents: 777, paidAt: lateEvening });
    const db = testDb();
    expect((await getAdminStats(db, Date.UTC(2026, 0, 16, 10, 0))).todayRevenue).toBe("7.77");
    expect((await getAdminStats(db, Date.UTC(2026, 0, 15, 22, 0))).todayRevenue).toBe("0.00");
  });

  it("keeps revenue of a booking freed after payment and drops refunded ones", async () => {
    const { eventId, rateId } = await seedEvent();
    const at = Date.UTC(2026, 5, 1, 10, 0);
    await seedBooking({ eventId, rateId, status: "freed", amountCents: 1000, paidAt: at });
    await seedBooking({ eventId, rateId, status: "refunded", amountCents: 5000, paidAt: at });
    expect((await getAdminStats(testDb(), at + 3_600_000)).todayRevenue).toBe("10.00");
  });
});
