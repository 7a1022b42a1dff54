import { describe, expect, it } from "vitest";
import { api, seedBooking, seedEvent, testDb, typedApi } from "../test/helpers";
import { listEvents, PUBLIC_EVENTS_SQL, publicEventsJson, type EventDto } from "../services/events";

// Through the typed client: the answers' fields are the route's own types.
const publicEvents = async () => (await typedApi().events.$get()).json();
const ratesOf = (id: number) => typedApi().events[":id"].rates.$get({ param: { id: String(id) } });

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
    const res = await typedApi().events.$get();
    expect(res.status).toBe(200);
    const event = (await res.json()).find((e) => e.id === eventId)!;
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

  it("leaves out events that ended (start + duration passed), keeps running and always-active ones", async () => {
    const ended = await seedEvent({ datetime: Date.now() - 5 * 3_600_000, durationMinutes: 240 });
    const endedByOwnDuration = await seedEvent({ datetime: Date.now() - 3 * 3_600_000, durationMinutes: 120 });
    const running = await seedEvent({ datetime: Date.now() - 3 * 3_600_000, durationMinutes: 240 });
    const always = await seedEvent({ isAlwaysActive: true, datetime: null });
    const ids = (await publicEvents()).map((e) => e.id);
    expect(ids).not.toContain(ended.eventId);
    expect(ids).not.toContain(endedByOwnDuration.eventId);
    expect(ids).toEqual(expect.arrayContaining([running.eventId, always.eventId]));
    const shown = (await publicEvents()).find((e) => e.id === running.eventId)!;
    expect(Date.parse(shown.endsAt!)).toBe(running.event.datetime! + 4 * 3_600_000);
    expect((await publicEvents()).find((e) => e.id === always.eventId)!.endsAt).toBeNull();
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
    // Decision 016: a paid spot is "prenotato", a held one "opzionato".
    expect(event.counters).toEqual({ liberi: 4, prenotati: 1 + 2, opzionati: 2 + 1 });
    expect(event.heldSpots).toBe(1);
    expect(event.paidSpots).toBe(2);
  });

  it("counts unpaid holds as opzionati and paid bookings as prenotati", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 5, reservedSpots: 0, occupiedSpots: 0 });
    for (let i = 0; i < 5; i++) await seedBooking({ eventId, rateId, status: "pending", holdExpiresAt: Date.now() + 60_000 });
    expect((await availabilityOf(eventId)).counters).toEqual({ liberi: 0, prenotati: 0, opzionati: 5 });
    const paid = await seedEvent({ totalSpots: 5, reservedSpots: 1, occupiedSpots: 0 });
    await seedBooking({ eventId: paid.eventId, rateId: paid.rateId, status: "paid" });
    expect((await availabilityOf(paid.eventId)).counters).toEqual({ liberi: 3, prenotati: 2, opzionati: 0 });
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
    const res = await ratesOf(eventId);
    if (res.status !== 200) throw new Error(`expected 200, got ${res.status}`);
    const list = await res.json();
    expect(list.map((r) => r.name)).toEqual(["A", "B"]);
    expect(list[0]).toMatchObject({ eventId, price: "9.99", isVisible: true, isPayable: false, sortOrder: 1 });
  });

  it("answers 404 in the error shape for an inactive or unknown event", async () => {
    const { eventId } = await seedEvent({ isActive: false });
    for (const id of [eventId, 999999]) {
      const res = await ratesOf(id);
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

describe("GET /api/events as one SQL statement", () => {
  it("answers exactly the document the service builds row by row, whatever the mix of events", async () => {
    const now = Date.now();
    const a = await seedEvent({
      title: "Con prevendita e tariffe",
      datetime: Date.UTC(2031, 2, 14, 20, 0, 0, 123),
      totalSpots: 9,
      reservedSpots: 1,
      occupiedSpots: 2,
      prevenditaTitle: "Prevendita",
      prevenditaDescription: "Posto garantito",
      prevenditaPriceCents: 1505,
      isPrevenditaVisible: true,
      category: { name: "Concerti \"live\" <b>", color: "#123ABC" },
      rates: [
        { name: "Zero", priceCents: 0, sortOrder: 2, nameTranslations: { en: "Free \"space\"" }, descriptionTranslations: { en: "Near the <gate>" } },
        { name: "Nascosta", priceCents: 900, isVisible: false },
        { name: "Non pagabile", priceCents: 12345, isPayable: false, sortOrder: 1 },
      ],
    });
    await seedBooking({ eventId: a.eventId, rateId: a.rateId, status: "pending", holdExpiresAt: now + 60_000 });
    await seedBooking({ eventId: a.eventId, rateId: a.rateId, status: "pending", holdExpiresAt: now - 1 });
    await seedBooking({ eventId: a.eventId, rateId: a.rateId, status: "paid" });
    await seedBooking({ eventId: a.eventId, rateId: a.rateId, status: "freed" });
    const full = await seedEvent({ title: "Esaurito", totalSpots: 1, category: null, description: "Descrizione con “virgolette” e àccènti", titleTranslations: { en: "Sold out" }, descriptionTranslations: { en: "English “quotes”" } });
    await seedBooking({ eventId: full.eventId, rateId: full.rateId, status: "paid" });
    await seedBooking({ eventId: full.eventId, rateId: full.rateId, status: "paid" });
    await seedEvent({ title: "Sempre attivo", isAlwaysActive: true, rates: [] });
    await seedEvent({ title: "Senza data", datetime: null, imageUrl: "/objects/uploads/x.webp" });
    await seedEvent({ title: "Spento", isActive: false });
    const ended = await seedEvent({ title: "Concluso", datetime: now - 5 * 3_600_000, durationMinutes: 180 });
    const running = await seedEvent({ title: "In corso", datetime: now - 3_600_000, durationMinutes: 180 });
    // Cancelled (issue #12): off sale but still listed as "Annullato" until it ends; once ended it leaves like any other.
    const cancelled = await seedEvent({ title: "Annullato", isActive: false, cancelledAt: now - 60_000, cancelDeadlineHours: 48 });
    const cancelledEnded = await seedEvent({ title: "Annullato e concluso", isActive: false, cancelledAt: now - 86_400_000, datetime: now - 5 * 3_600_000, durationMinutes: 180 });

    const fromSql = JSON.parse(await publicEventsJson(testDb(), now));
    const rowByRow = await listEvents(testDb(), now, { includeInactive: false });
    expect(fromSql).toEqual(rowByRow);
    expect(fromSql.length).toBeGreaterThanOrEqual(4);
    expect(fromSql.find((e: EventDto) => e.id === a.eventId)).toMatchObject({
      datetime: "2031-03-14T20:00:00.123Z",
      availableSpots: 4,
      prevendita_price: "15.05",
      titleTranslations: {},
      descriptionTranslations: {},
      rates: [{ name: "Non pagabile", price: "123.45", isPayable: false, nameTranslations: {} }, { name: "Zero", price: "0.00", nameTranslations: { en: "Free \"space\"" }, descriptionTranslations: { en: "Near the <gate>" } }],
    });
    // The optional English content (issue #14) reaches the list in both.
    expect(fromSql.find((e: EventDto) => e.id === full.eventId)).toMatchObject({ titleTranslations: { en: "Sold out" }, descriptionTranslations: { en: "English “quotes”" } });
    // Ended events leave the list in both; a running one stays, with its end.
    expect(fromSql.map((e: EventDto) => e.id)).not.toContain(ended.eventId);
    expect(fromSql.find((e: EventDto) => e.id === running.eventId)).toMatchObject({ endsAt: new Date(now - 3_600_000 + 3 * 3_600_000).toISOString() });
    expect(fromSql.find((e: EventDto) => e.id === cancelled.eventId)).toMatchObject({ cancelled: true, isActive: false, cancelDeadlineHours: 48 });
    expect(fromSql.map((e: EventDto) => e.id)).not.toContain(cancelledEnded.eventId);
    expect(fromSql.filter((e: EventDto) => e.id !== cancelled.eventId).every((e: EventDto) => e.cancelled === false)).toBe(true);
    expect(await (await api("/api/events")).json()).toEqual(rowByRow);
  });

  it("counts each event's holds and paid bookings once, not at each of the document's six uses", async () => {
    // A flattened subquery runs its counts wherever the outer query names them: 4× over an event's
    // bookings index, which costs 3× the whole statement for an event with thousands of bookings.
    const plan = await testDb().$client.prepare(`explain query plan ${PUBLIC_EVENTS_SQL}`).bind(Date.now()).all<{ detail: string }>();
    const countSearches = plan.results.filter((step) => step.detail.includes("bookings_event_status_idx"));
    expect(countSearches).toHaveLength(2);
  });
});
