import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, rates } from "../../db/schema";
import { adminApi, adminCookie } from "../test/admin";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";
import type { EventDto, RateDto } from "../services/events";
import { writeEventUpdate, type EventSave } from "../services/admin-events";

type ErrorJson = { error: { code: string; message: string } };

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

const call = (method: string, path: string, json?: unknown) => adminApi(path, { method, json, cookie });
const countEvents = async () => (await testDb().select({ id: events.id }).from(events)).length;
const ratesOf = (eventId: number) => testDb().select().from(rates).where(eq(rates.eventId, eventId)).orderBy(rates.sortOrder);

function payload(overrides: Record<string, unknown> = {}, rateList?: unknown[]) {
  return {
    event: {
      title: "Elodie – Palapartenope",
      description: "Concerto al Palapartenope",
      datetime: "2031-06-14T19:00:00.000Z",
      durationMinutes: 240,
      distanceMeters: 300,
      totalSpots: 50,
      reservedSpots: 2,
      occupiedSpots: 3,
      imageUrl: null,
      isAlwaysActive: false,
      prevendita_title: "Prevendita",
      prevendita_description: "Posto garantito",
      prevendita_price: "12.50",
      isPrevenditaVisible: true,
      isPrevenditaPayable: true,
      categoryId: null,
      ...overrides,
    },
    rates: rateList ?? [
      { name: "Auto", description: "Posto auto", price: "15.00", isVisible: true, isPayable: true, sortOrder: 1 },
      { name: "Moto", description: "", price: 8.5, isVisible: true, isPayable: false, sortOrder: 2 },
    ],
  };
}

async function create(body: unknown): Promise<EventDto> {
  const res = await call("POST", "/api/events", body);
  expect(res.status).toBe(201);
  return res.json<EventDto>();
}

describe("POST /api/events", () => {
  it("creates an event with its rates (prices in cents), last in order, shown on the public list", async () => {
    const { category } = await seedEvent({ category: { name: "Concerti POST", color: "#FF00AA" } });
    const before = await create(payload());
    const event = await create(payload({ title: "Nuovo evento", categoryId: category!.id }));
    expect(event).toMatchObject({
      title: "Nuovo evento",
      datetime: "2031-06-14T19:00:00.000Z",
      totalSpots: 50,
      availableSpots: 45,
      isActive: true,
      category: { id: category!.id, name: "Concerti POST", color: "#FF00AA" },
      prevendita_price: "12.50",
    });
    expect(event.sortOrder).toBeGreaterThan(before.sortOrder);
    expect(event.rates.map((r) => [r.name, r.price, r.isPayable, r.sortOrder])).toEqual([
      ["Auto", "15.00", true, 1],
      ["Moto", "8.50", false, 2],
    ]);
    expect((await ratesOf(event.id)).map((r) => r.priceCents)).toEqual([1500, 850]);
    const publicList = await (await api("/api/events")).json<EventDto[]>();
    expect(publicList.find((e) => e.id === event.id)?.rates).toHaveLength(2);
  });

  // Fails when the admin's English texts are dropped on the way, or blanks are kept instead of "none given".
  it("saves the title, description and rate names in other languages (decision 062), dropping blanks", async () => {
    const event = await create(
      payload({ title_translations: { en: "  Elodie live  ", de: "Elodie live in Neapel" }, description_translations: { en: "Concert at the Palapartenope", fr: "  " } }, [
        { name: "Auto", description: "Posto auto", name_translations: { en: "Car", es: "Coche" }, description_translations: { en: "Car space" }, price: "15.00", sortOrder: 1 },
        { name: "Moto", description: "", name_translations: { en: "   " }, price: "8.00", sortOrder: 2 },
      ]),
    );
    expect(event).toMatchObject({ titleTranslations: { en: "Elodie live", de: "Elodie live in Neapel" }, descriptionTranslations: { en: "Concert at the Palapartenope" } });
    expect(event.rates.map((r) => [r.nameTranslations, r.descriptionTranslations])).toEqual([[{ en: "Car", es: "Coche" }, { en: "Car space" }], [{}, {}]]);
    const listed = (await (await api("/api/events")).json<EventDto[]>()).find((e) => e.id === event.id)!;
    expect(listed).toMatchObject({ titleTranslations: { en: "Elodie live" }, rates: [{ nameTranslations: { en: "Car" } }, { nameTranslations: {} }] });
    const cleared = await call("PUT", `/api/events/${event.id}`, payload({ title_translations: { en: "" } }, [{ id: event.rates[0].id, name: "Auto", price: "15.00" }]));
    expect(cleared.status).toBe(200);
    expect((await testDb().select().from(events).where(eq(events.id, event.id)).get())?.titleTranslations).toEqual({});
  });

  it("reads a datetime-local value as Rome time (summer and winter)", async () => {
    expect((await create(payload({ datetime: "2031-07-01T21:00" }))).datetime).toBe("2031-07-01T19:00:00.000Z");
    expect((await create(payload({ datetime: "2031-12-01T21:00" }))).datetime).toBe("2031-12-01T20:00:00.000Z");
  });

  it("always-active clears the date", async () => {
    const event = await create(payload({ isAlwaysActive: true, datetime: "2031-07-01T21:00" }));
    expect(event).toMatchObject({ isAlwaysActive: true, datetime: null });
    const row = await testDb().select().from(events).where(eq(events.id, event.id)).get();
    expect(row?.datetime).toBeNull();
  });

  // Fails when the field is dropped on the way to the column, a blank is stored as 0 (closing cancellation at the start)
  // instead of "the default 24", or an always-active event keeps a deadline it has no start for.
  it("saves the customer cancellation deadline in hours, blank as the default, none for always-active events", async () => {
    const event = await create(payload({ cancelDeadlineHours: "48" }));
    expect(event.cancelDeadlineHours).toBe(48);
    expect((await testDb().select().from(events).where(eq(events.id, event.id)).get())?.cancelDeadlineHours).toBe(48);
    const rateList = event.rates.map((r) => ({ id: r.id, name: r.name, price: r.price }));
    const cleared = await call("PUT", `/api/events/${event.id}`, payload({ cancelDeadlineHours: "" }, rateList));
    expect(cleared.status).toBe(200);
    expect((await cleared.json<EventDto>()).cancelDeadlineHours).toBeNull();
    expect((await create(payload({ cancelDeadlineHours: 0 }))).cancelDeadlineHours).toBe(0);
    expect((await create(payload({ isAlwaysActive: true, cancelDeadlineHours: 12 }))).cancelDeadlineHours).toBeNull();
  });

  it("saves a rate's validity window in minutes, blank as none, and refuses a negative or over-a-week one", async () => {
    const event = await create(payload({}, [{ name: "Con finestra", price: "10", minutesBeforeStart: 240, minutesAfterEnd: "120" }, { name: "Senza", price: "8" }]));
    expect(event.rates.map((r) => [r.minutesBeforeStart, r.minutesAfterEnd])).toEqual([[240, 120], [null, null]]);
    for (const bad of [-1, 7 * 24 * 60 + 1, "4 ore"]) {
      const res = await call("POST", "/api/events", payload({}, [{ name: "Finestra", price: "10", minutesAfterEnd: bad }]));
      expect(res.status, String(bad)).toBe(400);
    }
  });

  it("accepts numbers sent as strings, as form inputs give them", async () => {
    const event = await create(payload({ totalSpots: "40", reservedSpots: "", occupiedSpots: "1", categoryId: "" }));
    expect(event).toMatchObject({ totalSpots: 40, reservedSpots: 0, occupiedSpots: 1, categoryId: null });
  });

  it.each([
    ["a missing title", payload({ title: "  " }), "Tutti i campi sono obbligatori"],
    ["a missing description", payload({ description: null }), "Tutti i campi sono obbligatori"],
    ["a missing duration", payload({ durationMinutes: "" }), "Tutti i campi sono obbligatori"],
    ["a missing distance", payload({ distanceMeters: undefined }), "Tutti i campi sono obbligatori"],
    ["a duration of no minutes", payload({ durationMinutes: 0 }), "La durata deve essere tra 1 minuto e 7 giorni"],
    ["a duration in words", payload({ durationMinutes: "4 ore" }), "La durata deve essere tra 1 minuto e 7 giorni"],
    ["a duration over a week", payload({ durationMinutes: 7 * 24 * 60 + 1 }), "La durata deve essere tra 1 minuto e 7 giorni"],
    ["a distance with its unit", payload({ distanceMeters: "300 m" }), "La distanza deve essere un numero intero di metri, fino a 100 km"],
    ["a negative distance", payload({ distanceMeters: -5 }), "La distanza deve essere un numero intero di metri, fino a 100 km"],
    ["a fractional distance", payload({ distanceMeters: 1.5 }), "La distanza deve essere un numero intero di metri, fino a 100 km"],
    ["missing total spots", payload({ totalSpots: "" }), "Tutti i campi sono obbligatori"],
    ["only the date missing", payload({ datetime: "" }), "Tutti i campi sono obbligatori (data/ora o 'Sempre Attivo')"],
    // Spec §5: the suffix whenever the date is missing, as the staff screen says it (shared/forms/admin-event-form.ts).
    ["the date and the title missing", payload({ datetime: null, title: "" }), "Tutti i campi sono obbligatori (data/ora o 'Sempre Attivo')"],
    ["no rates", payload({}, []), "Aggiungi almeno una tariffa valida"],
    ["only blank rates", payload({}, [{ name: "", price: "" }]), "Aggiungi almeno una tariffa valida"],
    ["a rate without price", payload({}, [{ name: "Auto", price: "" }]), "Aggiungi almeno una tariffa valida"],
    ["a half-filled rate next to a good one", payload({}, [{ name: "Auto", price: "10" }, { name: "", price: "5" }]), "Ogni tariffa deve avere nome e prezzo"],
    ["a bad price", payload({}, [{ name: "Auto", price: "dieci" }]), "Prezzo della tariffa non valido"],
    ["a negative price", payload({}, [{ name: "Auto", price: "-5" }]), "Prezzo della tariffa non valido"],
    ["a bad date", payload({ datetime: "domani" }), "Data/ora non valida"],
    ["negative reserved spots", payload({ reservedSpots: -1 }), "I posti riservati e occupati devono essere numeri interi non negativi"],
    ["negative occupied spots", payload({ occupiedSpots: "-3" }), "I posti riservati e occupati devono essere numeri interi non negativi"],
    ["zero total spots", payload({ totalSpots: 0 }), "I posti totali devono essere un numero intero maggiore di zero"],
    ["an unknown category", payload({ categoryId: 987654 }), "Categoria non trovata"],
    ["a payable presale without price", payload({ prevendita_price: "" }), "Indica il prezzo della prevendita per renderla acquistabile"],
    ["a negative cancellation deadline", payload({ cancelDeadlineHours: "-1" }), "Termine per l'annullamento non valido: ore intere da 0 a 720 prima dell'inizio"],
    ["a fractional cancellation deadline", payload({ cancelDeadlineHours: "1,5" }), "Termine per l'annullamento non valido: ore intere da 0 a 720 prima dell'inizio"],
    ["a cancellation deadline over 30 days", payload({ cancelDeadlineHours: 721 }), "Termine per l'annullamento non valido: ore intere da 0 a 720 prima dell'inizio"],
    ["an outside image", payload({ imageUrl: "https://evil.example.com/x.jpg" }), "Indirizzo immagine non valido"],
    ["an image never uploaded", payload({ imageUrl: "/objects/uploads/missing.jpg" }), "Immagine non trovata: caricala di nuovo"],
  ])("refuses %s with 400 and its message, writing nothing", async (_, body, message) => {
    const before = await countEvents();
    const res = await call("POST", "/api/events", body);
    expect(res.status).toBe(400);
    const json = await res.json<ErrorJson>();
    expect(json.error.code).toBe("validation_failed");
    expect(json.error.message).toBe(message);
    expect(await countEvents()).toBe(before);
  });

  it("refuses fewer total spots than reserved + occupied with 409", async () => {
    const before = await countEvents();
    const res = await call("POST", "/api/events", payload({ totalSpots: 4, reservedSpots: 2, occupiedSpots: 3 }));
    expect(res.status).toBe(409);
    expect((await res.json<ErrorJson>()).error.message).toMatch(/^I posti totali non possono essere meno di 5/);
    expect(await countEvents()).toBe(before);
  });
});

describe("GET /api/admin/events", () => {
  it("lists inactive events and hidden rates too", async () => {
    const { eventId } = await seedEvent({ isActive: false, rates: [{ name: "Visibile" }, { name: "Nascosta", isVisible: false }] });
    const res = await call("GET", "/api/admin/events");
    expect(res.status).toBe(200);
    const event = (await res.json<EventDto[]>()).find((e) => e.id === eventId)!;
    expect(event.isActive).toBe(false);
    expect(event.rates.map((r) => r.name)).toEqual(["Visibile", "Nascosta"]);
  });

  it("keeps ended events for the staff", async () => {
    const { eventId } = await seedEvent({ datetime: Date.now() - 86_400_000 });
    expect((await (await call("GET", "/api/admin/events")).json<EventDto[]>()).some((e) => e.id === eventId)).toBe(true);
  });
});

describe("PUT /api/events/:id", () => {
  it("merges rates by id: changed ones updated, new added, removed deleted — or hidden when booked", async () => {
    const { eventId, rates: [keep, drop, booked] } = await seedEvent({
      rates: [{ name: "Tieni", priceCents: 1000 }, { name: "Togli", priceCents: 1100 }, { name: "Prenotata", priceCents: 1200 }],
    });
    await seedBooking({ eventId, rateId: booked.id, status: "paid" });
    const res = await call(
      "PUT",
      `/api/events/${eventId}`,
      payload({ title: "Aggiornato" }, [
        { id: keep.id, name: "Tieni (nuovo nome)", description: "", price: "10.50", isVisible: true, isPayable: true, sortOrder: 2 },
        { name: "Nuova", description: "aggiunta", price: "7", isVisible: true, isPayable: true, sortOrder: 1 },
      ]),
    );
    expect(res.status).toBe(200);
    const event = await res.json<EventDto>();
    expect(event.title).toBe("Aggiornato");
    expect(event.rates.map((r) => [r.name, r.price, r.isVisible])).toEqual([
      ["Nuova", "7.00", true],
      ["Tieni (nuovo nome)", "10.50", true],
      ["Prenotata", "12.00", false],
    ]);
    const ids = (await ratesOf(eventId)).map((r) => r.id);
    expect(ids).toContain(keep.id);
    expect(ids).not.toContain(drop.id);
    expect(ids).toContain(booked.id);
  });

  it("refuses a rate id of another event and changes nothing", async () => {
    const { eventId, event } = await seedEvent();
    const other = await seedEvent();
    const res = await call("PUT", `/api/events/${eventId}`, payload({ title: "Non salvato" }, [{ id: other.rateId, name: "X", price: "1" }]));
    expect(res.status).toBe(400);
    expect((await res.json<ErrorJson>()).error.message).toBe("Tariffa non trovata");
    expect((await testDb().select().from(events).where(eq(events.id, eventId)).get())?.title).toBe(event.title);
  });

  it("keeps total spots at or above what is held, paid, reserved and occupied (409 otherwise)", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 10 });
    await seedBooking({ eventId, rateId, status: "paid" });
    await seedBooking({ eventId, rateId, status: "paid" });
    await seedBooking({ eventId, rateId, status: "pending", holdExpiresAt: Date.now() + 600_000 });
    await seedBooking({ eventId, rateId, status: "freed" });
    const rateList = [{ id: rateId, name: "Auto", price: "15" }];
    const tooFew = await call("PUT", `/api/events/${eventId}`, payload({ totalSpots: 5, reservedSpots: 2, occupiedSpots: 1 }, rateList));
    expect(tooFew.status).toBe(409);
    expect((await tooFew.json<ErrorJson>()).error.message).toMatch(/^I posti totali non possono essere meno di 6/);
    expect((await testDb().select().from(events).where(eq(events.id, eventId)).get())?.totalSpots).toBe(10);
    const exact = await call("PUT", `/api/events/${eventId}`, payload({ totalSpots: 6, reservedSpots: 2, occupiedSpots: 1 }, rateList));
    expect(exact.status).toBe(200);
    expect((await exact.json<EventDto>()).availableSpots).toBe(0);
  });

  it("the in-statement capacity guard aborts the whole batch (rates untouched)", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 10 });
    await seedBooking({ eventId, rateId, status: "paid" });
    await seedBooking({ eventId, rateId, status: "paid" });
    const save: EventSave = {
      kind: "full",
      event: {
        title: "Mai salvato", description: "d", titleTranslations: {}, descriptionTranslations: {}, datetime: null, isAlwaysActive: true, durationMinutes: 60, distanceMeters: 1,
        totalSpots: 1, reservedSpots: 0, occupiedSpots: 0, imageUrl: null, categoryId: null,
        prevenditaTitle: null, prevenditaDescription: null, prevenditaPriceCents: null, isPrevenditaVisible: false, isPrevenditaPayable: false, cancelDeadlineHours: null,
      },
      rates: [{ id: rateId, name: "Cambiata", description: "", nameTranslations: {}, descriptionTranslations: {}, priceCents: 1, isVisible: true, isPayable: true, sortOrder: 1 }],
    };
    // Skips the service's read-then-check on purpose: this is the path of a booking made meanwhile.
    const result = await writeEventUpdate(testDb(), eventId, save, [], Date.now());
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect((await testDb().select().from(events).where(eq(events.id, eventId)).get())?.title).not.toBe("Mai salvato");
    expect((await ratesOf(eventId))[0]).toMatchObject({ name: "Tariffa 1", priceCents: 1500 });
  });

  it("toggles active with {event:{isActive}} alone, leaving everything else", async () => {
    const { eventId, event } = await seedEvent({ rates: [{ name: "A" }, { name: "B" }] });
    const res = await call("PUT", `/api/events/${eventId}`, { event: { isActive: false } });
    expect(res.status).toBe(200);
    expect(await res.json<EventDto>()).toMatchObject({ id: eventId, isActive: false, title: event.title });
    expect(await ratesOf(eventId)).toHaveLength(2);
    expect((await (await api("/api/events")).json<EventDto[]>()).some((e) => e.id === eventId)).toBe(false);
    expect((await (await call("PUT", `/api/events/${eventId}`, { event: { isActive: true } })).json<EventDto>()).isActive).toBe(true);
  });

  it("answers 404 for an unknown event", async () => {
    expect((await call("PUT", "/api/events/987654", payload())).status).toBe(404);
    expect((await call("PUT", "/api/events/987654", { event: { isActive: true } })).status).toBe(404);
  });
});

describe("DELETE /api/events/:id", () => {
  it("refuses an event with bookings with the spec's message", async () => {
    const { eventId, rateId } = await seedEvent();
    await seedBooking({ eventId, rateId, status: "expired" });
    const res = await call("DELETE", `/api/events/${eventId}`);
    expect(res.status).toBe(409);
    expect((await res.json<ErrorJson>()).error.message).toBe("Impossibile eliminare: l'evento ha prenotazioni. Disattivalo.");
    expect(await testDb().select().from(events).where(eq(events.id, eventId)).get()).toBeDefined();
  });

  it("deletes an event without bookings, with its rates", async () => {
    const { eventId } = await seedEvent({ rates: [{}, {}] });
    expect((await call("DELETE", `/api/events/${eventId}`)).status).toBe(204);
    expect(await testDb().select().from(events).where(eq(events.id, eventId)).get()).toBeUndefined();
    expect(await ratesOf(eventId)).toHaveLength(0);
    expect((await call("DELETE", `/api/events/${eventId}`)).status).toBe(404);
  });
});

describe("reordering and rate switches", () => {
  it("PUT /api/reorder-events sets each event's sortOrder", async () => {
    const a = await seedEvent({ sortOrder: 1 });
    const b = await seedEvent({ sortOrder: 2 });
    const res = await call("PUT", "/api/reorder-events", { eventOrders: [{ id: a.eventId, sortOrder: 8002 }, { id: b.eventId, sortOrder: 8001 }] });
    expect(res.status).toBe(200);
    const ids = (await (await call("GET", "/api/admin/events")).json<EventDto[]>()).map((e) => e.id);
    expect(ids.indexOf(b.eventId)).toBeLessThan(ids.indexOf(a.eventId));
    expect((await call("PUT", "/api/reorder-events", { eventOrders: [{ id: 987654, sortOrder: 1 }] })).status).toBe(404);
  });

  it("PUT /api/events/:id/rates/reorder orders rates as listed, others after", async () => {
    const { eventId, rates: [r1, r2, r3] } = await seedEvent({ rates: [{ name: "1" }, { name: "2" }, { name: "3" }] });
    const res = await call("PUT", `/api/events/${eventId}/rates/reorder`, { orderedRateIds: [r3.id, r1.id] });
    expect(res.status).toBe(200);
    expect((await res.json<RateDto[]>()).map((r) => [r.id, r.sortOrder])).toEqual([[r3.id, 1], [r1.id, 2], [r2.id, 3]]);
    const other = await seedEvent();
    const foreign = await call("PUT", `/api/events/${eventId}/rates/reorder`, { orderedRateIds: [other.rateId] });
    expect(foreign.status).toBe(400);
    expect((await ratesOf(eventId)).map((r) => r.id)).toEqual([r3.id, r1.id, r2.id]);
  });

  it("PUT /api/rates/:id/visibility and /payability switch one rate at once", async () => {
    const { eventId, rateId } = await seedEvent({ rates: [{ name: "Sola" }, { name: "Altra" }] });
    const hidden = await call("PUT", `/api/rates/${rateId}/visibility`, { isVisible: false });
    expect(hidden.status).toBe(200);
    expect(await hidden.json<RateDto>()).toMatchObject({ id: rateId, isVisible: false });
    const publicRates = await (await api(`/api/events/${eventId}/rates`)).json<RateDto[]>();
    expect(publicRates.map((r) => r.id)).not.toContain(rateId);
    const unpayable = await call("PUT", `/api/rates/${rateId}/payability`, { isPayable: false });
    expect(await unpayable.json<RateDto>()).toMatchObject({ id: rateId, isPayable: false, isVisible: false });
    expect((await call("PUT", "/api/rates/987654/visibility", { isVisible: true })).status).toBe(404);
    expect((await call("PUT", `/api/rates/${rateId}/payability`, { isPayable: "sì" })).status).toBe(400);
  });
});
