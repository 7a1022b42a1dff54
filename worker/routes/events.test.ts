import { describe, expect, it } from "vitest";
import { api, seedBooking, seedEvent } from "../test/helpers";
import type { EventDto, RateDto } from "../services/events";

const publicEvents = async () => (await (await api("/api/events")).json()) as EventDto[];

describe("GET /api/events", () => {
  it("lists active events with category, visible rates by sortOrder and availability", async () => {
    const { eventId, category } = await seedEvent({
      title: "Concerto di prova",
      totalSpots: 20,
      reservedSpots: 2,
      occupiedSpots: 3,
      prevenditaTitle: "Prevendita",
      prevenditaPriceCents: 1000,
      isPrevenditaVisible: true,
      isPrevenditaPayable: true,
      category: { name: "Concerti", color: "#FF0000" },
      rates: [
        { name: "Seconda", priceCents: 2000, sortOrder: 2 },
        { name: "Nascosta", priceCents: 500, sortOrder: 3, isVisible: false },
        { name: "Prima", priceCents: 1550, sortOrder: 1 },
      ],
    });
    const res = await api("/api/events");
    expect(res.status).toBe(200);
    const event = (await res.json<EventDto[]>()).find((e) => e.id === eventId)!;
    expect(event).toMatchObject({
      title: "Concerto di prova",
      category: { id: category!.id, name: "Concerti", color: "#FF0000" },
      totalSpots: 20,
      reservedSpots: 2,
      occupiedSpots: 3,
      availableSpots: 15,
      counters: { liberi: 15, prenotati: 2, opzionati: 3 },
      isActive: true,
      prevendita_title: "Prevendita",
      prevendita_price: "10.00",
      isPrevenditaVisible: true,
      isPrevenditaPayable: true,
    });
    expect(event.datetime).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(event.rates.map((r) => [r.name, r.price])).toEqual([
      ["Prima", "15.50"],
      ["Seconda", "20.00"],
    ]);
  });

  it("never lists inactive events", async () => {
    const { eventId } = await seedEvent({ isActive: false });
    expect((await publicEvents()).some((e) => e.id === eventId)).toBe(false);
  });

  it("orders events by sortOrder", async () => {
    const late = await seedEvent({ sortOrder: 900 });
    const early = await seedEvent({ sortOrder: 899 });
    const ids = (await publicEvents()).map((e) => e.id);
    expect(ids.indexOf(early.eventId)).toBeLessThan(ids.indexOf(late.eventId));
  });

  it("renders an always-active event with a null datetime", async () => {
    const { eventId } = await seedEvent({ isAlwaysActive: true, datetime: null });
    expect((await publicEvents()).find((e) => e.id === eventId)).toMatchObject({ isAlwaysActive: true, datetime: null });
  });
});

describe("availability arithmetic", () => {
  const availabilityOf = async (eventId: number) => (await publicEvents()).find((e) => e.id === eventId)!;

  it("counts base figures, active holds and paid bookings; ignores lapsed holds and freed ones", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 10, reservedSpots: 1, occupiedSpots: 2 });
    const now = Date.now();
    await seedBooking({ eventId, rateId, status: "pending", holdExpiresAt: now + 60_000 }); // active hold
    await seedBooking({ eventId, rateId, status: "pending", holdExpiresAt: now - 1_000 }); // lapsed, cron not run
    await seedBooking({ eventId, rateId, status: "paid" });
    await seedBooking({ eventId, rateId, status: "paid" });
    for (const status of ["freed", "expired", "cancelled", "refunded"] as const) await seedBooking({ eventId, rateId, status });
    const event = await availabilityOf(eventId);
    expect(event.availableSpots).toBe(10 - 1 - 2 - 1 - 2);
    expect(event.counters).toEqual({ liberi: 4, prenotati: 2, opzionati: 4 });
    expect(event.heldSpots).toBe(1);
    expect(event.paidSpots).toBe(2);
  });

  it("never goes below zero", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 3, reservedSpots: 2, occupiedSpots: 2 });
    await seedBooking({ eventId, rateId, status: "paid" });
    expect((await availabilityOf(eventId)).availableSpots).toBe(0);
  });
});

describe("GET /api/events/:id/rates", () => {
  it("returns the visible rates of an active event in order", async () => {
    const { eventId } = await seedEvent({
      rates: [
        { name: "B", sortOrder: 2, priceCents: 1000 },
        { name: "A", sortOrder: 1, priceCents: 999, isPayable: false },
        { name: "Hidden", sortOrder: 0, isVisible: false },
      ],
    });
    const res = await api(`/api/events/${eventId}/rates`);
    expect(res.status).toBe(200);
    const list = await res.json<RateDto[]>();
    expect(list.map((r) => r.name)).toEqual(["A", "B"]);
    expect(list[0]).toMatchObject({ eventId, price: "9.99", isVisible: true, isPayable: false, sortOrder: 1 });
  });

  it("answers 404 in the error shape for an inactive or unknown event", async () => {
    const { eventId } = await seedEvent({ isActive: false });
    for (const id of [eventId, 999999]) {
      const res = await api(`/api/events/${id}/rates`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not_found", message: "Evento non trovato" } });
    }
  });

  it("rejects a malformed id with 400", async () => {
    const res = await api("/api/events/abc/rates");
    expect(res.status).toBe(400);
    expect((await res.json<{ error: { code: string } }>()).error.code).toBe("validation_failed");
  });
});
