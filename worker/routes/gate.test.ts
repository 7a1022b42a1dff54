import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, events, gateScans, rates } from "../../db/schema";
import { passHash, REREAD_GRACE_MS } from "../../shared/gate";
import type { GateSummary } from "../services/gate";
import type { OfflinePassDto } from "../services/gate-offline";
import type { ScanAnswer } from "../services/gate-scan";
import { adminApi, adminCookie, staffCookie } from "../test/admin";
import { seedBooking, seedEvent, testDb } from "../test/helpers";

let cookie: string;
/** Other gate phones: each its own session. */
let otherGates: string[];
beforeAll(async () => {
  cookie = await adminCookie();
  otherGates = await Promise.all(Array.from({ length: 6 }, () => adminCookie()));
});

const scan = async (body: Record<string, unknown>, gate = cookie) => {
  const res = await adminApi("/api/gate/scan", { method: "POST", json: { direction: "in", ...body }, cookie: gate });
  expect(res.status).toBe(200);
  return res.json<ScanAnswer>();
};
const summary = async (eventId: number) => (await adminApi(`/api/gate/events/${eventId}/summary`, { cookie })).json<GateSummary>();
const row = async (id: string) => (await testDb().select().from(bookings).where(eq(bookings.id, id)).get())!;

/** An event starting in an hour: today's, so the gate may scan it. */
const todaysEvent = (input: Parameters<typeof seedEvent>[0] = {}) => seedEvent({ datetime: Date.now() + 3_600_000, ...input });

async function paidPass(eventId: number, rateId?: number, plate = "GA123TE") {
  const booking = await seedBooking({ eventId, rateId, status: "paid", licensePlate: plate });
  return { booking, url: `https://parcheggi.example/p/${booking.passSecret}` };
}

describe("POST /api/gate/scan", () => {
  it("lets a paid pass in once: ENTRA, then 'already inside since' for a second car (another gate, or later)", async () => {
    const { eventId, rateId } = await todaysEvent();
    const { booking, url } = await paidPass(eventId, rateId);
    const first = await scan({ eventId, scan: url });
    expect(first).toMatchObject({ result: "ok", booking: { licensePlate: "GA123TE", customerName: "Mario Rossi", rateName: "Tariffa 1", gateState: "inside" } });
    expect(JSON.stringify(first)).not.toContain("mario@example.it");
    const second = await scan({ eventId, scan: booking.passSecret! }, otherGates[0]);
    expect(second.result).toBe("already_in");
    expect(second.booking!.checkedInAt).toBe(first.booking!.checkedInAt);
    expect(await summary(eventId)).toEqual({ expected: 1, inside: 1, exited: 0 });
  });

  it("the same phone reading a pass it has just let in answers green again ('reread'); past the grace it is red", async () => {
    const { eventId, rateId } = await todaysEvent();
    const { booking, url } = await paidPass(eventId, rateId, "RR100AA");
    const first = await scan({ eventId, scan: url });
    expect(first.result).toBe("ok");
    // The QR still in front of the camera: this rule failing would flip the screen to red with the car at the barrier.
    const again = await scan({ eventId, scan: url });
    expect(again).toMatchObject({ result: "reread", booking: { checkedInAt: first.booking!.checkedInAt, gateState: "inside" } });
    expect(await summary(eventId)).toEqual({ expected: 1, inside: 1, exited: 0 });

    // A pass this phone let in longer ago than REREAD_GRACE_MS (an offline scan of a minute ago): a second car, red.
    const { url: earlier } = await paidPass(eventId, rateId, "RR200BB");
    expect((await scan({ eventId, scan: earlier, scanId: crypto.randomUUID(), scannedAt: Date.now() - REREAD_GRACE_MS - 5_000 })).result).toBe("ok");
    expect((await scan({ eventId, scan: earlier })).result).toBe("already_in");
    const stored = await testDb().select().from(gateScans).where(eq(gateScans.bookingId, booking.id));
    expect(stored.map((s) => s.result).sort()).toEqual(["ok", "reread"]);
  });

  it("finds a pass by its 8-character booking code (any case, spaced), another event's code says so, a void one is refused", async () => {
    const { eventId, rateId } = await todaysEvent();
    const other = await todaysEvent();
    const { booking } = await paidPass(eventId, rateId, "CO123DE");
    const code = booking.id.slice(0, 8);
    expect(await scan({ eventId, scan: `${code.slice(0, 4)} ${code.slice(4)}` })).toMatchObject({ result: "ok", booking: { licensePlate: "CO123DE", code: code.toUpperCase() } });
    const { booking: elsewhere } = await paidPass(other.eventId, other.rateId, "CO456DE");
    expect((await scan({ eventId, scan: elsewhere.id.slice(0, 8).toUpperCase() })).result).toBe("wrong_event");
    const refunded = await seedBooking({ eventId, rateId, status: "refunded", licensePlate: "CO789DE" });
    expect((await scan({ eventId, scan: refunded.id.slice(0, 8) })).result).toBe("void");
    // Eight hex digits of no booking: nothing found (it is read as a plate, of no pass either).
    expect(await scan({ eventId, scan: "00000000" })).toEqual({ result: "unknown" });
  });

  // Finding 9 of issue #40: before, a gate account typing any 8-character code got `wrong_event` with the
  // customer's name, plate and event of a booking for any day.
  it("a code of another day's event answers wrong_event without the customer's name, plate or event", async () => {
    const { eventId } = await todaysEvent();
    const later = await seedEvent({ datetime: Date.now() + 9 * 86_400_000 });
    const { booking } = await paidPass(later.eventId, later.rateId, "FU777RE");
    const gatePhone = await staffCookie("gate");
    for (const typed of [booking.id.slice(0, 8).toUpperCase(), `https://parcheggi.example/p/${booking.passSecret}`]) {
      const answer = await scan({ eventId, scan: typed }, gatePhone);
      expect(answer).toEqual({ result: "wrong_event" });
      expect(JSON.stringify(answer)).not.toContain("FU777RE");
    }
    // Another of today's events still says which one: the car is at the wrong gate, not a stranger.
    const tonight = await todaysEvent();
    const { booking: tonightBooking } = await paidPass(tonight.eventId, tonight.rateId, "TO123NI");
    expect(await scan({ eventId, scan: tonightBooking.id.slice(0, 8) }, gatePhone)).toMatchObject({ result: "wrong_event", booking: { licensePlate: "TO123NI" } });
  });

  it("two gates scanning the same pass at the same moment get one ok and one already_in", async () => {
    const { eventId, rateId } = await todaysEvent();
    const passes = await Promise.all([1, 2, 3].map((i) => paidPass(eventId, rateId, `CC${i}00AA`)));
    for (const { booking, url } of passes) {
      const answers = await Promise.all(otherGates.map((gate) => scan({ eventId, scan: url }, gate)));
      expect(answers.map((a) => a.result).sort()).toEqual(["already_in", "already_in", "already_in", "already_in", "already_in", "ok"]);
      expect((await row(booking.id)).gateState).toBe("inside");
    }
    expect(await summary(eventId)).toEqual({ expected: 3, inside: 3, exited: 0 });
  });

  it("refuses void passes (freed, cancelled, refunded), unpaid plates, another event's pass and unknown codes, changing nothing", async () => {
    const { eventId, rateId } = await todaysEvent();
    const other = await todaysEvent();
    for (const status of ["freed", "cancelled", "refunded"] as const) {
      const b = await seedBooking({ eventId, rateId, status, licensePlate: `VO${status.length}ID` });
      expect(await scan({ eventId, scan: `http://localhost/p/${b.passSecret}` }), status).toMatchObject({ result: "void", booking: { pass: "void" } });
      expect(await scan({ eventId, scan: b.licensePlate }), status).toMatchObject({ result: "void" });
      expect((await row(b.id)).gateState).toBeNull();
    }
    const pending = await seedBooking({ eventId, rateId, status: "pending", licensePlate: "NP000AA" });
    expect((await scan({ eventId, scan: "np 000 aa" })).result).toBe("not_paid");
    expect((await row(pending.id)).gateState).toBeNull();

    const { booking: elsewhere, url } = await paidPass(other.eventId, other.rateId);
    expect(await scan({ eventId, scan: url })).toMatchObject({ result: "wrong_event", booking: { eventTitle: other.event.title } });
    expect((await row(elsewhere.id)).gateState).toBeNull();

    expect(await scan({ eventId, scan: "http://localhost/p/AAAAAAAAAAAAAAAAAAAAAA" })).toEqual({ result: "unknown" });
    expect(await scan({ eventId, scan: "ZZ999ZZ" })).toEqual({ result: "unknown" });
    expect(await summary(eventId)).toEqual({ expected: 0, inside: 0, exited: 0 });
  });

  it("a plate with several passes asks which one; the chosen pass (by its hash) goes in", async () => {
    const { eventId, rateId } = await todaysEvent();
    const a = await paidPass(eventId, rateId, "DU000PL");
    const b = await paidPass(eventId, rateId, "DU000PL");
    const asked = await scan({ eventId, scan: "du000pl" });
    expect(asked.result).toBe("ambiguous");
    expect(asked.candidates!.map((c) => c.code).sort()).toEqual([a.booking.id, b.booking.id].map((id) => id.slice(0, 8).toUpperCase()).sort());
    const chosen = await scan({ eventId, scan: "DU000PL", passHash: await passHash(b.booking.passSecret!) });
    expect(chosen).toMatchObject({ result: "ok", booking: { code: b.booking.id.slice(0, 8).toUpperCase() } });
    expect((await row(a.booking.id)).gateState).toBeNull();
  });

  it("records exits, lets the car back in after an exit, and shows an overstay without blocking it", async () => {
    const { eventId, rateId } = await seedEvent({ datetime: Date.now() - 5 * 3_600_000, durationMinutes: 240 });
    const { booking, url } = await paidPass(eventId, rateId);
    expect((await scan({ eventId, scan: url })).result).toBe("ok");
    const out = await scan({ eventId, scan: url, direction: "out" });
    expect(out).toMatchObject({ result: "ok", booking: { gateState: "exited" } });
    expect(out.booking!.overstayMinutes).toBeGreaterThanOrEqual(59);
    expect(await summary(eventId)).toEqual({ expected: 1, inside: 0, exited: 1 });
    expect((await scan({ eventId, scan: url })).result).toBe("ok");
    expect((await row(booking.id)).gateState).toBe("inside");
  });

  it("an exit the gate never saw enter is recorded as 'no_entry' (amber), never refused", async () => {
    const { eventId, rateId } = await todaysEvent();
    const { booking } = await paidPass(eventId, rateId, "NE100AA");
    expect(await scan({ eventId, scan: "NE100AA", direction: "out" })).toMatchObject({ result: "no_entry", booking: { gateState: "exited" } });
    expect((await row(booking.id)).gateState).toBe("exited");
    // Leaving twice without coming back in: the second exit has no entry either.
    expect((await scan({ eventId, scan: "NE100AA", direction: "out" }, otherGates[1])).result).toBe("no_entry");
    expect((await scan({ eventId, scan: "NE100AA" })).result).toBe("ok");
    expect((await scan({ eventId, scan: "NE100AA", direction: "out" })).result).toBe("ok");
  });

  it("counts the overstay from the end of the rate's validity window, not the event's end", async () => {
    // Ended 3 hours ago; the rate is valid until 2 hours after the end: one hour over.
    const { eventId, rateId } = await seedEvent({ datetime: Date.now() - 7 * 3_600_000, durationMinutes: 240 });
    await testDb().update(rates).set({ minutesBeforeStart: 240, minutesAfterEnd: 120 }).where(eq(rates.id, rateId));
    const { url } = await paidPass(eventId, rateId, "OV100ER");
    expect((await scan({ eventId, scan: url })).result).toBe("ok");
    const out = await scan({ eventId, scan: url, direction: "out" }, otherGates[2]);
    expect(out.booking!.overstayMinutes).toBeGreaterThanOrEqual(59);
    expect(out.booking!.overstayMinutes).toBeLessThan(62);
    const { passes } = await (await adminApi(`/api/gate/events/${eventId}/passes`, { cookie })).json<{ passes: OfflinePassDto[] }>();
    expect(Date.parse(passes[0].leaveBy!)).toBe((await testDb().select().from(events).where(eq(events.id, eventId)).get())!.datetime! + 6 * 3_600_000);
  });

  it("replaying queued offline scans is idempotent and reports a pass used twice while offline", async () => {
    const { eventId, rateId } = await todaysEvent();
    const { booking, url } = await paidPass(eventId, rateId);
    const enteredAt = Date.now() - 10 * 60_000;
    const first = { eventId, scan: url, scanId: crypto.randomUUID(), scannedAt: enteredAt };
    // A second phone, also offline, let the same pass in two minutes later.
    const second = { eventId, scan: booking.licensePlate, scanId: crypto.randomUUID(), scannedAt: enteredAt + 120_000 };

    expect((await scan(first)).result).toBe("ok");
    expect((await scan(second)).result).toBe("already_in");
    // The sync runs again (lost answer, reload): every scan answers what it answered the first time.
    const replays = await Promise.all([scan(first), scan(second), scan(first)]);
    expect(replays.map((r) => r.result)).toEqual(["ok", "already_in", "ok"]);
    expect(await row(booking.id)).toMatchObject({ gateState: "inside", checkedInAt: enteredAt });
    const stored = await testDb().select().from(gateScans).where(eq(gateScans.bookingId, booking.id));
    expect(stored.map((s) => [s.result, s.offline]).sort()).toEqual([["already_in", true], ["ok", true]]);
  });

  it("answers 404 for an event that is not on today's gate list, and 400 in the error shape for bad input", async () => {
    const { eventId } = await seedEvent({ datetime: Date.now() + 7 * 86_400_000 });
    const res = await adminApi("/api/gate/scan", { method: "POST", json: { eventId, scan: "AB123CD", direction: "in" }, cookie });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Evento non disponibile al varco oggi" } });
    const bad = await adminApi("/api/gate/scan", { method: "POST", json: { eventId, scan: "", direction: "sideways" }, cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: { code: string } }>()).error.code).toBe("validation_failed");
  });
});

describe("GET /api/gate/events/:id/overstays: the admin's overstays of an event", () => {
  it("lists cars that left after the rate's window or are still inside past it, longest first; not those on time", async () => {
    // Ended 3 hours ago; rate A valid 2 hours after the end, rate B has no window (the event's end).
    const { eventId, rateId } = await seedEvent({ datetime: Date.now() - 7 * 3_600_000, durationMinutes: 240 });
    await testDb().update(rates).set({ minutesAfterEnd: 120 }).where(eq(rates.id, rateId));
    const [b] = await testDb().insert(rates).values({ eventId, name: "Senza finestra", priceCents: 1000 }).returning();
    const ended = Date.now() - 3 * 3_600_000;
    const onTime = await seedBooking({ eventId, rateId, status: "paid", licensePlate: "OT100AA" });
    const late = await seedBooking({ eventId, rateId, status: "paid", licensePlate: "LT200BB" });
    const inside = await seedBooking({ eventId, rateId: b.id, status: "paid", licensePlate: "IN300CC" });
    const refunded = await seedBooking({ eventId, rateId: b.id, status: "refunded", licensePlate: "RF400DD" });
    const set = (id: string, v: Partial<typeof bookings.$inferInsert>) => testDb().update(bookings).set(v).where(eq(bookings.id, id));
    await set(onTime.id, { gateState: "exited", checkedInAt: ended - 5 * 3_600_000, checkedOutAt: ended + 100 * 60_000 });
    await set(late.id, { gateState: "exited", checkedInAt: ended - 5 * 3_600_000, checkedOutAt: ended + 150 * 60_000 });
    await set(inside.id, { gateState: "inside", checkedInAt: ended - 5 * 3_600_000 });
    await set(refunded.id, { gateState: "inside", checkedInAt: ended - 5 * 3_600_000 });
    const res = await adminApi(`/api/gate/events/${eventId}/overstays`, { cookie });
    expect(res.status).toBe(200);
    const { overstays } = await res.json<{ overstays: { licensePlate: string; overstayMinutes: number; checkedOutAt: string | null }[] }>();
    // A rule failing here: the window ignored (LT200BB at 150), a void pass listed (RF400DD), or an on-time car listed.
    expect(overstays.map((o) => o.licensePlate)).toEqual(["IN300CC", "LT200BB"]);
    expect(overstays[0].overstayMinutes).toBeGreaterThanOrEqual(179);
    expect(overstays[0].checkedOutAt).toBeNull();
    expect(overstays[1].overstayMinutes).toBe(30);
    expect((await adminApi("/api/gate/events/999999/overstays", { cookie })).status).toBe(404);
  });
});

describe("the gate's event list and offline download", () => {
  it("lists today's and always-active events, not next week's", async () => {
    const today = await todaysEvent();
    const always = await seedEvent({ isAlwaysActive: true, datetime: null });
    const later = await seedEvent({ datetime: Date.now() + 7 * 86_400_000 });
    const { events } = await (await adminApi("/api/gate/events", { cookie })).json<{ events: { id: number }[] }>();
    const ids = events.map((e) => e.id);
    expect(ids).toContain(today.eventId);
    expect(ids).toContain(always.eventId);
    expect(ids).not.toContain(later.eventId);
  });

  it("downloads only the valid passes, as secret hashes and plates: no secret, name or e-mail", async () => {
    const { eventId, rateId } = await todaysEvent();
    const { booking } = await paidPass(eventId, rateId, "OF111LN");
    await seedBooking({ eventId, rateId, status: "refunded", licensePlate: "RE222FD" });
    const res = await adminApi(`/api/gate/events/${eventId}/passes`, { cookie });
    const body = await res.json<{ passes: OfflinePassDto[] }>();
    expect(body.passes).toEqual([
      { hash: await passHash(booking.passSecret!), code: booking.id.slice(0, 8).toUpperCase(), licensePlate: "OF111LN", rateName: "Tariffa 1", gateState: null, checkedInAt: null, leaveBy: expect.any(String) },
    ]);
    const text = JSON.stringify(body);
    for (const secretish of [booking.passSecret!, "Mario Rossi", "mario@example.it", booking.id]) expect(text).not.toContain(secretish);
  });
});
