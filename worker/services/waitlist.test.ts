import { messages } from "../i18n/it";
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, emailOutbox, events, waitlistEntries } from "../../db/schema";
import { adminApi } from "../test/admin";
import { anyClient, api, seedBooking, seedEvent, testDb } from "../test/helpers";
import { bookingInput } from "../routes/bookings";
import { createBooking, freeBooking } from "./bookings";
import { renderOutboxRow } from "./email/render";
import { DEFAULT_OFFER_MINUTES, offerExpiresAt, OFFER_START_MARGIN_MINUTES } from "../../shared/lifecycle/waitlist";
import {
  joinWaitlist,
  leaveWaitlist,
  saveWaitlistSettings,
  takeOffer,
  waitlistView,
  WAITLIST_ENTRIES_PER_CLIENT,
  type WaitlistJoinInput,
} from "./waitlist";
import { offerFreedSpots } from "./waitlist-offers";
import { adminWaitlist } from "./waitlist-admin";
import { requirePaymentProvider } from "./payments/create-provider";

const MIN = 60_000;
const HOUR = 60 * MIN;
// A fixed clock: every rule below reads `now` from here, never from the wall.
const T0 = Date.UTC(2026, 11, 1, 10);

const db = () => testDb();
const join = (eventId: number, rateId: number, email: string, client = crypto.randomUUID(), now = T0, plate = "NA123AB") =>
  joinWaitlist(db(), { eventId, rateId, email, licensePlate: plate, lang: "it" } satisfies WaitlistJoinInput, client, now);

/** An event whose `spots` spots are all paid, starting in `startsIn`. */
async function soldOut(spots = 1, startsIn = 3 * 24 * HOUR, priceCents = 2000) {
  const seeded = await seedEvent({ totalSpots: spots, datetime: T0 + startsIn, rates: [{ priceCents }] });
  const paid = [];
  for (let i = 0; i < spots; i++) paid.push(await seedBooking({ eventId: seeded.eventId, rateId: seeded.rateId, status: "paid", holdExpiresAt: T0 }));
  return { ...seeded, paid };
}

const valueOf = <T,>(r: { ok: true; value: T } | { ok: false }) => {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r)}`);
  return r.value;
};

const entriesOf = (eventId: number) => db().select().from(waitlistEntries).where(eq(waitlistEntries.eventId, eventId)).orderBy(waitlistEntries.id);

describe("how long an offer holds its spot", () => {
  const start = T0 + 10 * HOUR;
  it("the owner's time (2 hours by default) when the start is far", () => {
    expect(offerExpiresAt(T0, DEFAULT_OFFER_MINUTES, 15, { datetime: start, isAlwaysActive: false })).toBe(T0 + 2 * HOUR);
  });
  it("never past the start minus the margin", () => {
    expect(offerExpiresAt(T0, DEFAULT_OFFER_MINUTES, 15, { datetime: T0 + HOUR, isAlwaysActive: false })).toBe(T0 + HOUR - OFFER_START_MARGIN_MINUTES * MIN);
  });
  it("but always at least the normal hold, so a last-minute spot still gets a fair chance", () => {
    expect(offerExpiresAt(T0, DEFAULT_OFFER_MINUTES, 15, { datetime: T0 + 20 * MIN, isAlwaysActive: false })).toBe(T0 + 15 * MIN);
  });
  it("always-active events get the owner's time", () => {
    expect(offerExpiresAt(T0, 45, 15, { datetime: null, isAlwaysActive: true })).toBe(T0 + 45 * MIN);
  });
});

describe("joining the list", () => {
  it("is refused while the event still has spots for sale, writing nothing", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 2, datetime: T0 + 24 * HOUR });
    const result = await join(eventId, rateId, "presto@example.it");
    expect(result).toMatchObject({ ok: false, status: 409, error: { error: { code: "conflict", message: messages.waitlistNotSoldOut } } });
    expect(await entriesOf(eventId)).toEqual([]);
  });

  it("on a sold-out event gives each visitor a position in the order they came", async () => {
    const { eventId, rateId } = await soldOut();
    const first = valueOf(await join(eventId, rateId, "uno@example.it"));
    const second = valueOf(await join(eventId, rateId, "due@example.it"));
    expect(first).toMatchObject({ state: "waiting", position: 1, licensePlate: "NA123AB", offer: null });
    expect(second).toMatchObject({ state: "waiting", position: 2 });
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  });

  it("once per e-mail while in line; a client may not fill the list with made-up e-mails", async () => {
    const { eventId, rateId } = await soldOut();
    const client = crypto.randomUUID();
    valueOf(await join(eventId, rateId, "una@example.it", client));
    expect(await join(eventId, rateId, "una@example.it")).toMatchObject({ ok: false, status: 409, error: { error: { message: messages.waitlistAlreadyIn } } });
    for (let i = 1; i < WAITLIST_ENTRIES_PER_CLIENT; i++) valueOf(await join(eventId, rateId, `altra${i}@example.it`, client));
    expect(await join(eventId, rateId, "troppe@example.it", client)).toMatchObject({ ok: false, status: 429, error: { error: { code: "rate_limited" } } });
    expect(await entriesOf(eventId)).toHaveLength(WAITLIST_ENTRIES_PER_CLIENT);
  });

  it("is refused for a rate of another event, an ended or a cancelled event", async () => {
    const a = await soldOut();
    const b = await soldOut();
    expect(await join(a.eventId, b.rateId, "x@example.it")).toMatchObject({ ok: false, status: 404 });
    expect(await join(a.eventId, a.rateId, "x@example.it", undefined, T0 + 4 * 24 * HOUR)).toMatchObject({ ok: false, status: 409, error: { error: { code: "event_ended" } } });
    await db().update(events).set({ cancelledAt: T0 }).where(eq(events.id, b.eventId));
    expect(await join(b.eventId, b.rateId, "x@example.it")).toMatchObject({ ok: false, status: 409, error: { error: { code: "event_cancelled" } } });
    expect([...(await entriesOf(a.eventId)), ...(await entriesOf(b.eventId))]).toEqual([]);
  });

  it("answers bad input with a clear 400 in the visitor's language, writing nothing", async () => {
    const { eventId, rateId } = await soldOut();
    const missing = await api("/api/waitlist", { method: "POST", json: { eventId, rateId, email: "", licensePlate: "NA1" } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { code: "validation_failed", message: "Tutti i campi sono obbligatori" } });
    const badPlate = await api("/api/waitlist", { method: "POST", json: { eventId, rateId, email: "a@example.it", licensePlate: "!" }, headers: { "Accept-Language": "en" } });
    expect(badPlate.status).toBe(400);
    expect(JSON.stringify(await badPlate.json())).toContain("plate");
    expect(await entriesOf(eventId)).toEqual([]);
  });
});

describe("offering a freed spot", () => {
  it("goes to the first in line as a hold, with an e-mail in their language carrying the personal link", async () => {
    const { eventId, rateId, paid } = await soldOut();
    const first = valueOf(await joinWaitlist(db(), { eventId, rateId, email: "first@example.com", licensePlate: "EN111GB", lang: "en" }, "c1", T0));
    const second = valueOf(await join(eventId, rateId, "second@example.it"));
    expect(await offerFreedSpots(db(), env, eventId, T0)).toBe(0); // nothing free yet

    expect(await freeBooking(db(), paid[0].id, T0 + MIN)).toMatchObject({ ok: true });
    expect(await offerFreedSpots(db(), env, eventId, T0 + MIN)).toBe(1);

    const offered = (await waitlistView(db(), first.token, T0 + MIN))!;
    expect(offered).toMatchObject({ state: "offered", position: null, offer: { amount: "20.00", expiresAt: new Date(T0 + MIN + 2 * HOUR).toISOString() } });
    expect(await waitlistView(db(), second.token, T0 + MIN)).toMatchObject({ state: "waiting", position: 1 });
    const hold = await db().select().from(bookings).where(eq(bookings.id, offered.offer!.bookingId)).get();
    expect(hold).toMatchObject({ status: "pending", customerEmail: "first@example.com", licensePlate: "EN111GB", amountCents: 2000, lang: "en", eventId, rateId });

    const mail = await db().select().from(emailOutbox).where(and(eq(emailOutbox.bookingId, hold!.id), eq(emailOutbox.kind, "waitlist_offer"))).get();
    expect(mail).toBeTruthy();
    const rendered = await renderOutboxRow(db(), env, mail!);
    expect(rendered).toMatchObject({ to: "first@example.com", subject: expect.stringContaining("A space has freed up") });
    expect(rendered!.text).toContain(`/lista-attesa/${first.token}`);
  });

  it("a spot freed while people wait is theirs: the public cannot book it first", async () => {
    const { eventId, rateId, paid } = await soldOut();
    valueOf(await join(eventId, rateId, "waiting@example.it"));
    await freeBooking(db(), paid[0].id, T0);
    const input = bookingInput.parse({ eventId, rateId, customerName: "Luca Bianchi", customerEmail: "svelto@example.it", licensePlate: "FA555ST", carModel: "Fiat" });
    expect(await createBooking(db(), input, { now: T0 + 1, holdMinutes: 15, client: anyClient() })).toMatchObject({ ok: false, status: 409, error: { error: { code: "sold_out" } } });
  });

  it("an offer that lapses passes to the next in line, and is never offered again", async () => {
    const { eventId, rateId, paid } = await soldOut();
    const first = valueOf(await join(eventId, rateId, "lento@example.it"));
    const second = valueOf(await join(eventId, rateId, "pronto@example.it"));
    await freeBooking(db(), paid[0].id, T0);
    await offerFreedSpots(db(), env, eventId, T0);
    const expiry = T0 + 2 * HOUR;
    // Still held one millisecond before it lapses: nobody else gets it.
    expect(await offerFreedSpots(db(), env, eventId, expiry - 1)).toBe(0);
    expect(await offerFreedSpots(db(), env, eventId, expiry)).toBe(1);
    expect(await waitlistView(db(), first.token, expiry)).toMatchObject({ state: "lapsed", offer: null });
    expect(await waitlistView(db(), second.token, expiry)).toMatchObject({ state: "offered" });
    expect(await takeOffer(db(), first.token, { customerName: "Lento", carModel: "Fiat" }, expiry)).toMatchObject({
      ok: false,
      status: 409,
      error: { error: { message: messages.waitlistOfferLapsed } },
    });
    const offers = await db().all<{ n: number }>(sql`select count(*) as n from waitlist_entries where event_id = ${eventId} and booking_id is not null`);
    expect(offers[0].n).toBe(2);
  });

  it("under a race, each free spot is offered once, to the first in line, and capacity holds", async () => {
    const { eventId, rateId, paid } = await soldOut(3);
    const tokens = [];
    for (let i = 0; i < 6; i++) tokens.push(valueOf(await join(eventId, rateId, `r${i}@example.it`)).token);
    await freeBooking(db(), paid[0].id, T0);
    await freeBooking(db(), paid[1].id, T0);
    const made = await Promise.all(Array.from({ length: 12 }, () => offerFreedSpots(db(), env, eventId, T0 + 1)));
    expect(made.reduce((a, b) => a + b, 0)).toBe(2);
    const states = await Promise.all(tokens.map(async (t) => (await waitlistView(db(), t, T0 + 1))!.state));
    expect(states).toEqual(["offered", "offered", "waiting", "waiting", "waiting", "waiting"]);
    const taken = await db().all<{ n: number }>(sql`select count(*) as n from bookings where event_id = ${eventId} and (status = 'paid' or (status = 'pending' and hold_expires_at > ${T0 + 1}))`);
    expect(taken[0].n).toBe(3);
  });

  it("more capacity is offered in line order, only as many as were added", async () => {
    const { eventId, rateId } = await soldOut(1);
    for (let i = 0; i < 3; i++) valueOf(await join(eventId, rateId, `c${i}@example.it`));
    await db().update(events).set({ totalSpots: 3 }).where(eq(events.id, eventId));
    expect(await offerFreedSpots(db(), env, eventId, T0)).toBe(2);
    expect((await entriesOf(eventId)).map((e) => e.bookingId !== null)).toEqual([true, true, false]);
  });
});

describe("taking and leaving", () => {
  it("taking the offer names the held booking, which the normal checkout then pays", async () => {
    const { eventId, rateId, paid } = await soldOut();
    const entry = valueOf(await join(eventId, rateId, "prende@example.it"));
    expect(await takeOffer(db(), entry.token, { customerName: "Anna", carModel: "Fiat" }, T0)).toMatchObject({ ok: false, status: 409, error: { error: { message: messages.waitlistNoOfferYet } } });
    await freeBooking(db(), paid[0].id, T0);
    await offerFreedSpots(db(), env, eventId, T0);
    const taken = valueOf(await takeOffer(db(), entry.token, { customerName: "Anna Esposito", carModel: "Fiat 500" }, T0 + MIN));
    expect(taken.amount).toBe("20.00");
    expect(await db().select().from(bookings).where(eq(bookings.id, taken.bookingId)).get()).toMatchObject({ customerName: "Anna Esposito", carModel: "Fiat 500", status: "pending" });
    expect(await takeOffer(db(), "x".repeat(22), { customerName: "Anna", carModel: "Fiat" }, T0)).toMatchObject({ ok: false, status: 404 });
  });

  it("leaving in line moves everyone behind up; leaving with an offer releases it to the next", async () => {
    const { eventId, rateId, paid } = await soldOut();
    const a = valueOf(await join(eventId, rateId, "a@example.it"));
    const b = valueOf(await join(eventId, rateId, "b@example.it"));
    const c = valueOf(await join(eventId, rateId, "c@example.it"));
    const provider = requirePaymentProvider(env, db());
    expect(valueOf(await leaveWaitlist(db(), provider, b.token, T0)).view).toMatchObject({ state: "left", position: null });
    expect(await waitlistView(db(), c.token, T0)).toMatchObject({ position: 2 });
    // Leaving twice answers the same.
    expect(valueOf(await leaveWaitlist(db(), provider, b.token, T0 + 1)).view.state).toBe("left");

    await freeBooking(db(), paid[0].id, T0);
    await offerFreedSpots(db(), env, eventId, T0);
    const offer = (await waitlistView(db(), a.token, T0))!.offer!;
    valueOf(await leaveWaitlist(db(), provider, a.token, T0 + MIN));
    expect(await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, offer.bookingId)).get()).toEqual({ status: "cancelled" });
    expect(await offerFreedSpots(db(), env, eventId, T0 + MIN)).toBe(1);
    expect(await waitlistView(db(), c.token, T0 + MIN)).toMatchObject({ state: "offered" });
  });

  it("a paid offer is a booking: leaving the list does not cancel it", async () => {
    const { eventId, rateId, paid } = await soldOut();
    const a = valueOf(await join(eventId, rateId, "paga@example.it"));
    await freeBooking(db(), paid[0].id, T0);
    await offerFreedSpots(db(), env, eventId, T0);
    const offer = (await waitlistView(db(), a.token, T0))!.offer!;
    await db().update(bookings).set({ status: "paid", paidAt: T0 }).where(eq(bookings.id, offer.bookingId));
    expect(await leaveWaitlist(db(), requirePaymentProvider(env, db()), a.token, T0 + 1)).toMatchObject({ ok: false, status: 409 });
    expect(await waitlistView(db(), a.token, T0 + 1)).toMatchObject({ state: "booked" });
  });
});

describe("the admin's view", () => {
  it("lists the line and what opening a spot for each person waiting would earn", async () => {
    const { eventId, rates, paid } = await soldOut(1, 3 * 24 * HOUR, 2500);
    for (let i = 0; i < 3; i++) valueOf(await join(eventId, rates[0].id, `ad${i}@example.it`));
    await freeBooking(db(), paid[0].id, T0);
    await offerFreedSpots(db(), env, eventId, T0);
    const list = (await adminWaitlist(db(), eventId, T0))!;
    expect(list).toMatchObject({ waiting: 2, offered: 1, potential: "50.00" });
    expect(list.entries.map((e) => [e.state, e.position])).toEqual([
      ["offered", null],
      ["waiting", 1],
      ["waiting", 2],
    ]);
  });

  it("the offer time is the owner's, within 15 minutes and a day", async () => {
    expect(await saveWaitlistSettings(db(), { offerMinutes: 5 })).toMatchObject({ ok: false, status: 400 });
    const res = await adminApi("/api/admin/waitlist-settings", { method: "PUT", json: { offerMinutes: 2000 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: "Minuti non validi: da 15 a 1440" } });
    expect(valueOf(await saveWaitlistSettings(db(), { offerMinutes: DEFAULT_OFFER_MINUTES }))).toEqual({ offerMinutes: DEFAULT_OFFER_MINUTES });
  });
});
