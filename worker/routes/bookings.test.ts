import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, demoPaymentIntents } from "../../db/schema";
import { takesSpotSql } from "../../shared/lifecycle/sql";
import type { BookingDto } from "../services/bookings";
import { freeSpotsNow } from "../services/holds";
import { api, seedBooking, seedEvent, testDb, typedApi } from "../test/helpers";

type ErrorAnswer = { error: { code: string; message: string } };

const valid = (eventId: number, rateId: number, over: Record<string, unknown> = {}) => ({
  eventId,
  rateId,
  customerName: "Mario Rossi",
  // One customer per event, so the per-client hold cap plays no part unless a test means it to.
  customerEmail: `mario.${eventId}@example.it`,
  licensePlate: "ab 123-cd",
  carModel: "Fiat Panda",
  ...over,
});

const book = (body: unknown, key?: string) =>
  api("/api/bookings", { method: "POST", json: body, headers: key ? { "Idempotency-Key": key } : {} });

/**
 * A well-formed booking through the typed client (hono/testing): the answer reads as the route's
 * own type, so a renamed field of the request or the answer fails type-checking.
 */
async function bookTyped(body: ReturnType<typeof valid>, key?: string) {
  const res = await typedApi().bookings.$post({ json: body, header: key ? { "idempotency-key": key } : {} });
  if (res.status !== 201 && res.status !== 200) throw new Error(`expected a booking, got ${res.status}`);
  return res;
}
const getBooking = (id: string) => typedApi().bookings[":id"].$get({ param: { id } });

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

async function expectError(res: Response, status: number, message: string, code?: string) {
  expect(res.status).toBe(status);
  const body = await res.json<ErrorAnswer>();
  expect(body.error.message).toBe(message);
  if (code) expect(body.error.code).toBe(code);
}

async function bookingsOf(eventId: number) {
  return testDb().select().from(bookings).where(eq(bookings.eventId, eventId));
}

describe("POST /api/bookings — validation (nothing written on bad input)", () => {
  it.each([
    ["customerName", { customerName: "" }],
    ["customerName (blank)", { customerName: "   " }],
    ["customerEmail", { customerEmail: undefined }],
    ["licensePlate", { licensePlate: " " }],
    ["carModel", { carModel: null }],
    ["rateId", { rateId: undefined }],
  ])("a missing %s answers 400 'Tutti i campi sono obbligatori'", async (_field, over) => {
    const { eventId, rateId } = await seedEvent();
    await expectError(await book(valid(eventId, rateId, over)), 400, "Tutti i campi sono obbligatori", "validation_failed");
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });

  it("prefers the required-fields message when a field is missing and another is malformed", async () => {
    const { eventId, rateId } = await seedEvent();
    await expectError(await book(valid(eventId, rateId, { customerEmail: "not-an-email", carModel: "" })), 400, "Tutti i campi sono obbligatori");
  });

  it.each([
    ["a malformed e-mail", { customerEmail: "mario@" }, "Indirizzo email non valido"],
    ["an over-long name", { customerName: "x".repeat(101) }, "Nome troppo lungo"],
    ["an over-long e-mail", { customerEmail: `${"a".repeat(250)}@example.it` }, "Indirizzo email troppo lungo"],
    ["an over-long car model", { carModel: "y".repeat(61) }, "Modello auto troppo lungo"],
    ["a one-character plate", { licensePlate: "a-" }, "Targa non valida: usa da 2 a 10 lettere o cifre"],
    ["an eleven-character plate", { licensePlate: "AB123CD4567" }, "Targa non valida: usa da 2 a 10 lettere o cifre"],
    ["a plate with symbols", { licensePlate: "AB#123" }, "Targa non valida: usa da 2 a 10 lettere o cifre"],
    ["a NUL in the name", { customerName: "Mario\u0000Rossi" }, "Nome contiene caratteri non validi"],
    ["a line break in the name", { customerName: "Mario\nRossi" }, "Nome contiene caratteri non validi"],
    ["an escape in the car model", { carModel: "Fiat\u001b[31m Panda" }, "Modello auto contiene caratteri non validi"],
    ["a DEL in the car model", { carModel: "Fiat\u007fPanda" }, "Modello auto contiene caratteri non validi"],
  ])("refuses %s with a clear Italian message", async (_what, over, message) => {
    const { eventId, rateId } = await seedEvent();
    await expectError(await book(valid(eventId, rateId, over)), 400, message, "validation_failed");
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });

  it("refuses a malformed Idempotency-Key", async () => {
    const { eventId, rateId } = await seedEvent();
    await expectError(await book(valid(eventId, rateId), "x".repeat(201)), 400, "Chiave di idempotenza non valida");
  });

  it("answers 404 'Tariffa non trovata' for an unknown rate or a rate of another event", async () => {
    const a = await seedEvent();
    const b = await seedEvent();
    await expectError(await book(valid(a.eventId, 99_999_999)), 404, "Tariffa non trovata", "not_found");
    await expectError(await book(valid(a.eventId, b.rateId)), 404, "Tariffa non trovata", "not_found");
    expect(await bookingsOf(a.eventId)).toHaveLength(0);
    expect(await bookingsOf(b.eventId)).toHaveLength(0);
  });
});

describe("POST /api/bookings — what can be booked", () => {
  it("creates a 15-minute hold with the rate's price and a normalised plate", async () => {
    const { eventId, rateId, event } = await seedEvent({ rates: [{ name: "Serata", priceCents: 1500 }] });
    const before = Date.now();
    const res = await bookTyped(valid(eventId, rateId));
    expect(res.status).toBe(201);
    const booking = await res.json();
    expect(booking).toMatchObject({
      eventId,
      rateId,
      kind: "booking",
      status: "pending",
      amount: "15.00",
      currency: "eur",
      customerName: "Mario Rossi",
      licensePlate: "AB123CD",
      carModel: "Fiat Panda",
      event: { id: eventId, title: event.title, datetime: new Date(event.datetime!).toISOString() },
      rate: { id: rateId, name: "Serata" },
    });
    const hold = Date.parse(booking.holdExpiresAt) - before;
    expect(hold).toBeGreaterThanOrEqual(15 * 60_000 - 1_000);
    expect(hold).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    expect(booking.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(booking).not.toHaveProperty("customerEmail");
  });

  it("ignores a tampered client amount: booking and payment intent carry the rate's price", async () => {
    const { eventId, rateId } = await seedEvent({ rates: [{ priceCents: 2550 }] });
    const res = await bookTyped(valid(eventId, rateId, { amount: "0.01" }));
    expect(res.status).toBe(201);
    const booking = await res.json();
    expect(booking.amount).toBe("25.50");
    const row = (await testDb().select().from(bookings).where(eq(bookings.id, booking.id)).get())!;
    expect(row.amountCents).toBe(2550);

    const intentRes = await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id, amount: 0.01 } });
    expect(intentRes.status).toBe(200);
    const intent = await intentRes.json<{ paymentIntentId: string; amount: string }>();
    expect(intent.amount).toBe("25.50");
    const stored = (await testDb().select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, intent.paymentIntentId)).get())!;
    expect(stored.amountCents).toBe(2550);
  });

  it.each([
    ["a hidden rate", { rates: [{ isVisible: false }] }],
    ["a non-payable rate", { rates: [{ isPayable: false }] }],
    ["an inactive event", { isActive: false }],
    ["an inactive event that also ended", { isActive: false, datetime: Date.now() - 30 * 86_400_000 }],
  ])("refuses %s with 409 'Tariffa non disponibile per questo evento'", async (_what, seed) => {
    const { eventId, rateId } = await seedEvent(seed);
    await expectError(await book(valid(eventId, rateId)), 409, "Tariffa non disponibile per questo evento", "conflict");
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });

  it("refuses a cancelled event saying so (an inactive event would only say the rate is unavailable)", async () => {
    const { eventId, rateId } = await seedEvent({ isActive: false, cancelledAt: Date.now() - 60_000 });
    await expectError(await book(valid(eventId, rateId)), 409, "Evento annullato: non è più possibile prenotare un posto", "event_cancelled");
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });

  it.each([
    ["an event that ended (start + 4 hours is past)", { datetime: Date.now() - 4 * 3_600_000 - 60_000 }],
    ["an event whose stated duration is over", { datetime: Date.now() - 3 * 3_600_000, durationMinutes: 120 }],
    ["an ended event with free spots and a hidden rate", { datetime: Date.now() - 86_400_000, rates: [{ isVisible: false }] }],
  ])("refuses %s saying it has ended, not that the rate is unavailable", async (_what, seed) => {
    const { eventId, rateId } = await seedEvent(seed);
    await expectError(await book(valid(eventId, rateId)), 409, "Evento concluso: non è più possibile prenotare un posto", "event_ended");
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });

  it("still books an event that started but has not ended, and an always-active one", async () => {
    const running = await seedEvent({ datetime: Date.now() - 5 * 3_600_000, durationMinutes: 480 });
    expect((await book(valid(running.eventId, running.rateId))).status).toBe(201);
    const always = await seedEvent({ isAlwaysActive: true, datetime: Date.now() - 30 * 86_400_000 });
    expect((await book(valid(always.eventId, always.rateId))).status).toBe(201);
  });

  it("answers 409 'Posti esauriti' when no spot is free, counting base figures, holds and paid bookings", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 4, reservedSpots: 1, occupiedSpots: 1 });
    await seedBooking({ eventId, rateId, status: "paid" });
    await seedBooking({ eventId, rateId, status: "pending" });
    await expectError(await book(valid(eventId, rateId)), 409, "Posti esauriti", "sold_out");
    await seedBooking({ eventId, rateId, status: "pending", holdExpiresAt: Date.now() - 1 }); // lapsed: frees nothing new
    await expectError(await book(valid(eventId, rateId)), 409, "Posti esauriti", "sold_out");
  });

  it("books again once a hold lapsed, without any cron run", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 1 });
    const lapsed = await seedBooking({ eventId, rateId, status: "pending", holdExpiresAt: Date.now() - 1_000 });
    expect((await book(valid(eventId, rateId))).status).toBe(201);
    const row = (await testDb().select().from(bookings).where(eq(bookings.id, lapsed.id)).get())!;
    expect(row.status).toBe("pending"); // untouched: it just stopped counting
  });
});

describe("the same plate twice for one event", () => {
  it("asked to warn, answers 409 repeat_plate for a plate that holds or paid a spot, writing nothing", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 10 });
    expect((await book(valid(eventId, rateId, { warnRepeatPlate: true }))).status).toBe(201);
    const warned = await book(valid(eventId, rateId, { licensePlate: "AB123CD", customerEmail: "other@example.it", warnRepeatPlate: true }));
    await expectError(warned, 409, "Hai già un posto per questo evento con questa targa", "repeat_plate");
    // Only the yes/no: nothing about whose booking it is.
    expect(JSON.stringify(await book(valid(eventId, rateId, { warnRepeatPlate: true })).then((r) => r.json()))).not.toMatch(/mario|Rossi|[0-9a-f]{8}-/i);
    expect(await bookingsOf(eventId)).toHaveLength(1);
  });

  it("books on purpose once the customer continues, and never warns for another plate, another event or a spent booking", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 10 });
    expect((await book(valid(eventId, rateId))).status).toBe(201);
    expect((await book(valid(eventId, rateId))).status).toBe(201); // continued on purpose: no flag
    expect((await book(valid(eventId, rateId, { licensePlate: "ZZ999ZZ", warnRepeatPlate: true }))).status).toBe(201);
    const other = await seedEvent();
    expect((await book(valid(other.eventId, other.rateId, { warnRepeatPlate: true }))).status).toBe(201);
    const spent = await seedEvent();
    for (const status of ["freed", "expired", "cancelled", "refunded"] as const) await seedBooking({ eventId: spent.eventId, rateId: spent.rateId, status });
    await seedBooking({ eventId: spent.eventId, rateId: spent.rateId, status: "pending", holdExpiresAt: Date.now() - 1 }); // lapsed hold
    expect((await book(valid(spent.eventId, spent.rateId, { warnRepeatPlate: true }))).status).toBe(201);
  });

  it("warns for a paid booking of the plate, and still says 'Posti esauriti' first when nothing is free", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 2 });
    const first = await (await bookTyped(valid(eventId, rateId))).json();
    await testDb().update(bookings).set({ status: "paid", paidAt: Date.now() }).where(eq(bookings.id, first.id));
    await expectError(await book(valid(eventId, rateId, { warnRepeatPlate: true })), 409, "Hai già un posto per questo evento con questa targa", "repeat_plate");
    expect((await book(valid(eventId, rateId, { licensePlate: "XY111ZZ" }))).status).toBe(201);
    await expectError(await book(valid(eventId, rateId, { warnRepeatPlate: true })), 409, "Posti esauriti", "sold_out");
  });
});

describe("idempotency", () => {
  it("the same key returns the same booking with 200, even for 20 identical requests at once", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 50 });
    const answers = await Promise.all(range(20).map(() => book(valid(eventId, rateId), "same-key-20")));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json<BookingDto>()).id)));
    expect(ids.size).toBe(1);
    expect(await bookingsOf(eventId)).toHaveLength(1);

    const again = await bookTyped(valid(eventId, rateId), "same-key-20");
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe([...ids][0]);
  });

  it("a retry of a sold-out attempt with the winner's key still answers the winner's booking", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 1 });
    const first = await book(valid(eventId, rateId), "last-spot-key");
    expect(first.status).toBe(201);
    const retry = await book(valid(eventId, rateId), "last-spot-key");
    expect(retry.status).toBe(200);
  });

  it("refuses a key reused for a different booking", async () => {
    const { eventId, rateId } = await seedEvent();
    expect((await book(valid(eventId, rateId), "reused-key")).status).toBe(201);
    await expectError(await book(valid(eventId, rateId, { licensePlate: "ZZ999ZZ" }), "reused-key"), 409, "Questa richiesta è già stata usata per un'altra prenotazione");
    expect(await bookingsOf(eventId)).toHaveLength(1);
  });

  it.each([
    ["name", { customerName: "Giulia Esposito" }],
    ["car model", { carModel: "Lancia Ypsilon" }],
  ])("refuses a key replayed with a different %s (any different body is another booking)", async (_what, change) => {
    const { eventId, rateId } = await seedEvent();
    expect((await book(valid(eventId, rateId), `replay-${_what.replace(" ", "-")}`)).status).toBe(201);
    await expectError(await book(valid(eventId, rateId, change), `replay-${_what.replace(" ", "-")}`), 409, "Questa richiesta è già stata usata per un'altra prenotazione");
    expect(await bookingsOf(eventId)).toHaveLength(1);
  });

  it("without a key every submission is a new booking", async () => {
    const { eventId, rateId } = await seedEvent();
    expect((await book(valid(eventId, rateId))).status).toBe(201);
    expect((await book(valid(eventId, rateId))).status).toBe(201);
    expect(await bookingsOf(eventId)).toHaveLength(2);
  });
});

describe("rush: never oversell", () => {
  /** Spot-taking bookings of the event right now, as the database shows them. */
  async function activeBookings(eventId: number): Promise<number> {
    const db = testDb();
    const row = await db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), takesSpotSql(Date.now(), "bookings")))
      .get();
    return row!.n;
  }

  /** Fires `n` attempts at once and samples the active bookings until they all answered. */
  async function rush(eventId: number, n: number, attempt: (i: number) => Promise<number>) {
    let finished = false;
    const all = Promise.all(range(n).map(attempt)).finally(() => (finished = true));
    let maxActive = 0;
    while (!finished) {
      maxActive = Math.max(maxActive, await activeBookings(eventId));
      await new Promise((r) => setTimeout(r, 1));
    }
    const statuses = await all;
    maxActive = Math.max(maxActive, await activeBookings(eventId));
    const tally = (pred: (s: number) => boolean) => statuses.filter(pred).length;
    return { created: tally((s) => s === 201), soldOut: tally((s) => s === 409), serverErrors: tally((s) => s >= 500), maxActive };
  }

  /** Deliberately wrong: reads the free spots, then writes. Kept here to prove the harness catches an oversell. */
  async function naiveReadThenWrite(eventId: number, rateId: number, i: number): Promise<number> {
    const db = testDb();
    const now = Date.now();
    if ((await freeSpotsNow(db, eventId, now)) < 1) return 409;
    await db.insert(bookings).values({
      id: crypto.randomUUID(),
      eventId,
      rateId,
      customerName: `Cliente ${i}`,
      customerEmail: `c${i}@example.it`,
      licensePlate: `NA${i}`,
      carModel: "Fiat Panda",
      amountCents: 1500,
      holdExpiresAt: now + 15 * 60_000,
    });
    return 201;
  }

  it("5 free spots, 200 concurrent bookings: exactly 5 holds, 195 × 409, no 5xx", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 25, reservedSpots: 10, occupiedSpots: 10 });
    const result = await rush(eventId, 200, async (i) => {
      const res = await book(valid(eventId, rateId, { licensePlate: `NA${i}`, customerEmail: `c${i}@example.it` }), `rush-${i}`);
      if (res.status === 409) expect((await res.json<ErrorAnswer>()).error.message).toBe("Posti esauriti");
      return res.status;
    });
    expect(result).toEqual({ created: 5, soldOut: 195, serverErrors: 0, maxActive: 5 });
    expect(await activeBookings(eventId)).toBe(5);
    const events = await (await api("/api/events")).json<{ id: number; availableSpots: number }[]>();
    expect(events.find((e) => e.id === eventId)!.availableSpots).toBe(0);
    // Correctness, not speed, is checked here: on a shared 2-core machine 200 requests can take seconds.
  }, 30_000);

  it("control: a naive read-then-write under the same rush oversells, and the harness sees it", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 25, reservedSpots: 10, occupiedSpots: 10 });
    const result = await rush(eventId, 200, (i) => naiveReadThenWrite(eventId, rateId!, i));
    expect(result.created).toBeGreaterThan(5);
    expect(result.maxActive).toBeGreaterThan(5);
  });
});

describe("GET /api/bookings/:id", () => {
  it("answers the checkout summary of one booking", async () => {
    const { eventId, rateId, event } = await seedEvent({ rates: [{ name: "Intera serata", priceCents: 1200 }] });
    const created = await (await bookTyped(valid(eventId, rateId))).json();
    const res = await getBooking(created.id);
    if (res.status !== 200) throw new Error(`expected 200, got ${res.status}`);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const booking = await res.json();
    expect(booking).toEqual(created);
    expect(booking).toMatchObject({ event: { title: event.title }, rate: { name: "Intera serata" }, amount: "12.00", status: "pending" });
  });

  it("shows a lapsed hold as expired even before the cron ran", async () => {
    const { eventId, rateId } = await seedEvent();
    const lapsed = await seedBooking({ eventId, rateId, status: "pending", holdExpiresAt: Date.now() - 1 });
    const res = await getBooking(lapsed.id);
    if (res.status !== 200) throw new Error(`expected 200, got ${res.status}`);
    expect((await res.json()).status).toBe("expired");
  });

  it("answers 404 for an unknown id", async () => {
    await expectError(await api(`/api/bookings/${crypto.randomUUID()}`), 404, "Prenotazione non trovata", "not_found");
  });

  it("never serves the list of bookings publicly", async () => {
    const res = await api("/api/bookings");
    expect(res.status).not.toBe(200);
  });
});

describe("bad booking ids", () => {
  it("answers an over-long booking id in Italian", async () => {
    const res = await api(`/api/bookings/${"a".repeat(65)}`);
    expect(res.status).toBe(400);
    expect((await res.json<ErrorAnswer>()).error.message).toBe("Testo troppo lungo (massimo 64 caratteri)");
  });
});

describe("hold cap: one client cannot hoard the spots", () => {
  const from = (ip: string, body: unknown, key: string = crypto.randomUUID()) =>
    api("/api/bookings", { method: "POST", json: body, headers: { "CF-Connecting-IP": ip, "Idempotency-Key": key } });
  const people = (eventId: number, rateId: number, i: number) =>
    valid(eventId, rateId, { customerEmail: `persona${i}.${eventId}@example.it`, licensePlate: `HC${i}00` });

  it("100 parallel bookings from one address take 4 spots; the rest are 429 in Italian and others can still book", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 300 });
    const answers = await Promise.all(range(100).map((i) => from("203.0.113.66", people(eventId, rateId, i))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(4);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(96);
    // Past the hold cap, or past the request rate (the binding) when a burst is this large: both 429 in Italian.
    const bodies = await Promise.all(refused.map((r) => r.json<ErrorAnswer>()));
    expect(new Set(bodies.map((b) => b.error.code))).toEqual(new Set(["rate_limited"]));
    expect(bodies.map((b) => b.error.message)).toContain(
      "Hai già troppe prenotazioni in attesa di pagamento: completa o lascia scadere quelle aperte e riprova tra qualche minuto",
    );
    expect(await bookingsOf(eventId)).toHaveLength(4);
    expect((await from("203.0.113.67", people(eventId, rateId, 999))).status).toBe(201);
  }, 30_000);

  it("one e-mail from many addresses is one client too", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 50 });
    const same = (i: number) => valid(eventId, rateId, { customerEmail: `stessa.${eventId}@example.it`, licensePlate: `EM${i}00` });
    const answers = await Promise.all(range(20).map((i) => from(`198.51.100.${i + 1}`, same(i))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(4);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(16);
  }, 30_000);

  it("caps the holds of one client over all events too, and frees the cap as holds are paid or lapse", async () => {
    const ip = "203.0.113.68";
    const seeded = await Promise.all(range(3).map(() => seedEvent({ totalSpots: 20 })));
    const statuses: number[] = [];
    for (const { eventId, rateId } of seeded) {
      for (let i = 0; i < 4; i++) statuses.push((await from(ip, people(eventId, rateId!, i))).status);
    }
    // 8 over all events (the default), the 9th onwards refused.
    expect(statuses.filter((s) => s === 201)).toHaveLength(8);
    expect(statuses.slice(8)).toEqual([429, 429, 429, 429]);
    // A paid booking is no longer a hold: the client may book again.
    const [first] = await bookingsOf(seeded[0].eventId);
    await testDb().update(bookings).set({ status: "paid", paidAt: Date.now() }).where(eq(bookings.id, first.id));
    expect((await from(ip, people(seeded[2].eventId, seeded[2].rateId!, 50))).status).toBe(201);
  });

  it("an idempotent retry at the cap still answers the first booking", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 20 });
    const ip = "203.0.113.69";
    for (let i = 0; i < 3; i++) expect((await from(ip, people(eventId, rateId, i))).status).toBe(201);
    expect((await from(ip, people(eventId, rateId, 3), "at-the-cap")).status).toBe(201);
    expect((await from(ip, people(eventId, rateId, 3), "at-the-cap")).status).toBe(200);
    expect((await from(ip, people(eventId, rateId, 4))).status).toBe(429);
  });
});

describe("the booking's language (issue #14)", () => {
  // Fails when the language a booking was made in is lost: its e-mails would go out in Italian.
  it("stores the lang the client sends, else the browser's Accept-Language, else Italian", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 5 });
    const sent = await book(valid(eventId, rateId, { lang: "en", customerEmail: "a@example.co.uk" }), crypto.randomUUID());
    expect(sent.status).toBe(201);
    const fromHeader = await api("/api/bookings", {
      method: "POST",
      json: valid(eventId, rateId, { customerEmail: "b@example.co.uk" }),
      headers: { "Idempotency-Key": crypto.randomUUID(), "Accept-Language": "en-GB,en;q=0.9" },
    });
    expect(fromHeader.status).toBe(201);
    const plain = await book(valid(eventId, rateId, { customerEmail: "c@example.it" }), crypto.randomUUID());
    expect(plain.status).toBe(201);
    const langs = Object.fromEntries((await bookingsOf(eventId)).map((b) => [b.customerEmail, b.lang]));
    expect(langs).toEqual({ "a@example.co.uk": "en", "b@example.co.uk": "en", "c@example.it": "it" });
  });

  // Fails when the checkout of an English booking shows the Italian title though the garage gave an English one.
  it("GET /api/bookings/:id names the event and rate in the booking's language", async () => {
    const { eventId, rateId } = await seedEvent({ title: "Partita", titleTranslations: { en: "Match" }, rates: [{ name: "Posto auto", nameTranslations: { en: "Car space" } }] });
    const english = await (await book(valid(eventId, rateId, { lang: "en", customerEmail: "en@example.co.uk" }), crypto.randomUUID())).json<BookingDto>();
    const italian = await (await book(valid(eventId, rateId, { lang: "it", customerEmail: "it@example.it" }), crypto.randomUUID())).json<BookingDto>();
    const read = async (id: string) => (await (await api(`/api/bookings/${id}`)).json<BookingDto>());
    expect([(await read(english.id)).event.title, (await read(english.id)).rate?.name]).toEqual(["Match", "Car space"]);
    expect([(await read(italian.id)).event.title, (await read(italian.id)).rate?.name]).toEqual(["Partita", "Posto auto"]);
  });

  // Fails when any string is accepted as a language.
  it("refuses a language the shop does not speak, writing nothing", async () => {
    const { eventId, rateId } = await seedEvent();
    await expectError(await book(valid(eventId, rateId, { lang: "nl" }), crypto.randomUUID()), 400, "Valore non valido");
    expect(await bookingsOf(eventId)).toHaveLength(0);
  });
});
