/**
 * Issue #40, findings 3 and 4: the caps of decision 012 count everything a client holds — season
 * purchases and waiting-list offers included — per client (its address, /64 for IPv6, or its e-mail)
 * and per event (docs/decisions/054). Each test says how it failed before.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, categories, seasonHolders, seasonPasses, waitlistEntries } from "../../db/schema";
import { hashedClientKey } from "../services/rate-limit";
import type { SeasonPurchase } from "../services/season-purchase";
import { offerFreedSpots } from "../services/waitlist-offers";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";

const DAY = 86_400_000;
let n = 0;
const ipv4 = () => `198.51.${Math.floor(Math.random() * 250)}.${(++n % 250) + 1}`;
const email = (who: string) => `${who}-${crypto.randomUUID().slice(0, 8)}@example.it`;
const holder = (mail: string) => ({ customerName: "Ciro Esposito", customerEmail: mail, licensePlate: "NA123SS", carModel: "Fiat Panda" });

/** A category with two matches and a season over it, roomy enough that only the caps refuse. */
async function seedSeason(totalSpots = 30, spots = 30) {
  const db = testDb();
  const cat = await db.insert(categories).values({ name: `Stadio ${crypto.randomUUID().slice(0, 6)}` }).returning().get();
  const a = await seedEvent({ category: null, categoryId: cat.id, datetime: Date.now() + DAY, totalSpots });
  const b = await seedEvent({ category: null, categoryId: cat.id, datetime: Date.now() + 2 * DAY, totalSpots });
  const season = await db
    .insert(seasonPasses)
    .values({ name: "Abbonamento Curva", categoryId: cat.id, startsAt: Date.now() - DAY, endsAt: Date.now() + 100 * DAY, priceCents: 20_000, spots })
    .returning()
    .get();
  return { a, b, season };
}

const buy = (seasonId: number, ip: string, mail = email("tifoso")) =>
  api(`/api/seasons/${seasonId}/holders`, { method: "POST", json: holder(mail), headers: { "Idempotency-Key": crypto.randomUUID(), "CF-Connecting-IP": ip } });

async function pay(bookingId: string) {
  const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId } })).json<{ paymentIntentId: string }>();
  const res = await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
  expect(res.status).toBe(200);
}

const errorCode = async (res: Response) => (await res.json<{ error: { code: string } }>()).error.code;

describe("finding 3: season purchases count against the client's caps", () => {
  // Before: every purchase answered 201 — the season took no client key and no cap guard — so 14
  // purchases from one address took every seat and a spot at every match.
  it("one address holds at most 4 unpaid season purchases (the per-event hold cap, at every match); a 5th from its /64 is refused and holds nothing", async () => {
    const { a, b, season } = await seedSeason();
    const prefix = `2001:db8:${(++n).toString(16)}:1`;
    for (let i = 1; i <= 4; i++) expect((await buy(season.id, `${prefix}::${i}`)).status).toBe(201);
    const fifth = await buy(season.id, `${prefix}::99`);
    expect(fifth.status).toBe(429);
    expect(await errorCode(fifth)).toBe("rate_limited");
    expect(await testDb().select().from(seasonHolders).where(eq(seasonHolders.seasonId, season.id))).toHaveLength(4);
    for (const ev of [a, b]) expect(await testDb().select().from(bookings).where(and(eq(bookings.eventId, ev.eventId), eq(bookings.kind, "season")))).toHaveLength(4);
    // Another address is not held back by this one.
    expect((await buy(season.id, ipv4())).status).toBe(201);
  });

  // Before: the season's spots carried no client key, so with 8 bookings and 2 paid seasons (10 spots
  // at the match) the address still booked an 11th spot there (201) and bought a 3rd season (201).
  it("paid season spots count at every match: at 10 spots of a match the address can buy neither a booking there nor another season", async () => {
    const { a, season } = await seedSeason();
    const ip = ipv4();
    const clientKey = await hashedClientKey(ip);
    for (let i = 0; i < 8; i++) await seedBooking({ eventId: a.eventId, rateId: a.rateId, status: "paid", clientKey, customerEmail: email("gruppo") });
    for (let i = 0; i < 2; i++) {
      const res = await buy(season.id, ip);
      expect(res.status).toBe(201);
      await pay((await res.json<SeasonPurchase>()).bookingId);
    }
    const booking = await api("/api/bookings", {
      method: "POST",
      json: { eventId: a.eventId, rateId: a.rateId, customerName: "Ciro Esposito", customerEmail: email("altro"), licensePlate: "NA999ZZ", carModel: "Fiat Uno" },
      headers: { "CF-Connecting-IP": ip },
    });
    expect(booking.status).toBe(409);
    expect(await errorCode(booking)).toBe("booking_cap");
    const third = await buy(season.id, ip);
    expect(third.status).toBe(409);
    expect(await errorCode(third)).toBe("booking_cap");
    expect(await testDb().select().from(seasonHolders).where(eq(seasonHolders.seasonId, season.id))).toHaveLength(2);
  });

  // Before: the 8th hold over all events (the purchase) was accepted, and so was a 9th (another purchase).
  it("over all events a season purchase is one hold, not one per match: 7 holds + 1 purchase reach the cap of 8", async () => {
    const { season } = await seedSeason();
    const ip = ipv4();
    const clientKey = await hashedClientKey(ip);
    for (let i = 0; i < 7; i++) {
      const other = await seedEvent();
      await seedBooking({ eventId: other.eventId, rateId: other.rateId, status: "pending", holdExpiresAt: Date.now() + 10 * 60_000, clientKey, customerEmail: email("weekend") });
    }
    expect((await buy(season.id, ip)).status).toBe(201);
    const ninth = await buy(season.id, ip);
    expect(ninth.status).toBe(429);
  });
});

describe("finding 4: waiting-list offers and their bookings count against the client's caps", () => {
  const join = (eventId: number, rateId: number, ip: string, mail = email("attesa")) =>
    api("/api/waitlist", { method: "POST", json: { eventId, rateId, email: mail, licensePlate: "NA555WL" }, headers: { "CF-Connecting-IP": ip } });
  const freeOne = async (eventId: number, except: string[] = []) => {
    const row = (await testDb().select().from(bookings).where(and(eq(bookings.eventId, eventId), eq(bookings.status, "paid")))).find((b) => !except.includes(b.id) && b.clientKey == null)!;
    await testDb().update(bookings).set({ status: "freed", freedAt: Date.now() }).where(eq(bookings.id, row.id));
  };

  // Before: offers carried no client key and the line took no cap, so the 5th entry of the address
  // (joined again once its first four were offered) got the 5th freed spot too: every freed spot was its.
  it("an address holding 4 offers of an event is passed over: the next freed spot goes to the next in line", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 5 });
    for (let i = 0; i < 5; i++) await seedBooking({ eventId, rateId, status: "paid", holdExpiresAt: Date.now() });
    const ip = ipv4();
    for (let i = 0; i < 4; i++) expect((await join(eventId, rateId, ip)).status).toBe(201);
    for (let i = 0; i < 4; i++) await freeOne(eventId);
    expect(await offerFreedSpots(testDb(), env, eventId, Date.now())).toBe(4);
    const fifth = await join(eventId, rateId, ip);
    expect(fifth.status).toBe(201);
    const fan = await join(eventId, rateId, ipv4(), "primo.fan@example.it");
    expect(fan.status).toBe(201);
    await freeOne(eventId);
    expect(await offerFreedSpots(testDb(), env, eventId, Date.now())).toBe(1);
    const entries = await testDb().select().from(waitlistEntries).where(eq(waitlistEntries.eventId, eventId));
    expect(entries.find((e) => e.email === "primo.fan@example.it")?.bookingId).not.toBeNull();
    const fifthToken = (await fifth.json<{ token: string }>()).token;
    expect(entries.find((e) => e.token === fifthToken)?.bookingId).toBeNull();
    // The offers carry the address: they count as its holds.
    const offers = await testDb().select().from(bookings).where(and(eq(bookings.eventId, eventId), eq(bookings.status, "pending")));
    expect(offers.filter((o) => o.clientKey === null)).toEqual([]);
  });

  // Before: the address at 10 spots of the event got the offer, and its lapsed offer paid late was
  // kept: 11 paid spots where the cap is 10.
  it("an address at 10 spots of an event gets no offer, and its lapsed offer paid late is refunded, not an 11th spot", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 12 });
    const ip = ipv4();
    const clientKey = await hashedClientKey(ip);
    for (let i = 0; i < 9; i++) await seedBooking({ eventId, rateId, status: "paid", clientKey, customerEmail: email("gruppo") });
    for (let i = 0; i < 3; i++) await seedBooking({ eventId, rateId, status: "paid" });
    const entry = await join(eventId, rateId, ip);
    expect(entry.status).toBe(201);
    await freeOne(eventId);
    expect(await offerFreedSpots(testDb(), env, eventId, Date.now())).toBe(1);
    const offerId = (await testDb().select().from(waitlistEntries).where(eq(waitlistEntries.token, (await entry.json<{ token: string }>()).token)).get())!.bookingId!;
    const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: offerId } })).json<{ paymentIntentId: string }>();
    // The offer lapses unpaid; meanwhile the address takes a 10th spot, and a spot is free again for sale.
    await testDb().update(bookings).set({ holdExpiresAt: Date.now() - 1 }).where(eq(bookings.id, offerId));
    await seedBooking({ eventId, rateId, status: "paid", clientKey, customerEmail: email("gruppo") });
    await freeOne(eventId);
    const paid = await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
    expect(paid.status).toBe(200);
    expect((await testDb().select().from(bookings).where(eq(bookings.id, offerId)).get())!.status).toBe("refunded");
    const taken = await testDb().select().from(bookings).where(and(eq(bookings.eventId, eventId), eq(bookings.clientKey, clientKey), eq(bookings.status, "paid")));
    expect(taken).toHaveLength(10);
    // At 10 spots, a new entry of the address waits but is offered nothing when a spot frees.
    await seedBooking({ eventId, rateId, status: "paid" });
    const again = await join(eventId, rateId, ip);
    expect(again.status).toBe(201);
    await freeOne(eventId);
    expect(await offerFreedSpots(testDb(), env, eventId, Date.now())).toBe(0);
  });
});
