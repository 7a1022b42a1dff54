import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, categories, seasonHolders, seasonPasses } from "../../db/schema";
import type { SeasonPurchase } from "../services/season-purchase";
import type { SeasonPassDto } from "../services/season-pass";
import { passHash } from "../../shared/gate";
import { freeSpotsNow } from "../services/holds";
import { sendReminders } from "../services/reminders";
import { renderOutboxRow } from "../services/email/render";
import { env } from "cloudflare:workers";
import { adminApi, staffCookie } from "../test/admin";
import { api, seedEvent, testDb } from "../test/helpers";

const HOUR = 3_600_000;
const holder = (plate = "NA123SS") => ({ customerName: "Gennaro Esposito", customerEmail: "gennaro@example.it", licensePlate: plate, carModel: "Fiat Panda" });

/** A category with two matches tonight (on the gate's list) and one outside the season's range. */
async function seedSeason(opts: { spots?: number; totalSpots?: number; price?: number } = {}) {
  const db = testDb();
  const cat = await db.insert(categories).values({ name: `Stadio ${crypto.randomUUID().slice(0, 6)}` }).returning().get();
  const totalSpots = opts.totalSpots ?? 10;
  const a = await seedEvent({ category: null, categoryId: cat.id, datetime: Date.now() + 2 * HOUR, totalSpots });
  const b = await seedEvent({ category: null, categoryId: cat.id, datetime: Date.now() + 3 * HOUR, totalSpots });
  const outside = await seedEvent({ category: null, categoryId: cat.id, datetime: Date.now() + 400 * 86_400_000, totalSpots });
  const other = await seedEvent({ datetime: Date.now() + 2 * HOUR });
  const season = await db
    .insert(seasonPasses)
    .values({ name: "Abbonamento di prova", categoryId: cat.id, startsAt: Date.now() - 86_400_000, endsAt: Date.now() + 200 * 86_400_000, priceCents: opts.price ?? 30_000, spots: opts.spots ?? 5 })
    .returning()
    .get();
  return { cat, a, b, outside, other, season };
}

const buy = (seasonId: number, body: unknown = holder(), key = crypto.randomUUID()) =>
  api(`/api/seasons/${seasonId}/holders`, { method: "POST", json: body, headers: { "Idempotency-Key": key } });

async function pay(bookingId: string) {
  const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId } })).json<{ paymentIntentId: string; amount: string }>();
  const res = await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
  expect(res.status).toBe(200);
  return intent;
}

async function secretOf(holderId: string) {
  return (await testDb().select().from(seasonHolders).where(eq(seasonHolders.id, holderId)).get())!.passSecret!;
}

const free = (eventId: number) => freeSpotsNow(testDb(), eventId, Date.now());
const scan = (eventId: number, secret: string, cookie?: string) =>
  adminApi("/api/gate/scan", { method: "POST", json: { eventId, scan: `http://localhost:8787/p/${secret}`, direction: "in" }, cookie });

describe("season passes: buying one", () => {
  it("holds a spot at every match of the season, is paid through the usual checkout at the season's price, and then holds them all", async () => {
    const { a, b, outside, other, season } = await seedSeason();
    const before = [await free(a.eventId), await free(b.eventId), await free(outside.eventId), await free(other.eventId)];
    const res = await buy(season.id);
    expect(res.status).toBe(201);
    const purchase = await res.json<SeasonPurchase>();
    // Held while paying: one spot of each match of the season, none elsewhere.
    expect([await free(a.eventId), await free(b.eventId), await free(outside.eventId), await free(other.eventId)]).toEqual([before[0] - 1, before[1] - 1, before[2], before[3]]);

    const intent = await pay(purchase.bookingId);
    expect(intent.amount).toBe("300.00");
    const spots = await testDb().select().from(bookings).where(eq(bookings.seasonHolderId, purchase.holderId));
    expect(spots.map((s) => [s.eventId, s.status, s.kind]).sort()).toEqual(
      [
        [a.eventId, "paid", "season"],
        [b.eventId, "paid", "season"],
      ].sort(),
    );
    const row = (await testDb().select().from(seasonHolders).where(eq(seasonHolders.id, purchase.holderId)).get())!;
    expect(row.status).toBe("active");
    expect(row.passSecret).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    const pass = await (await api(`/api/season-passes/${row.passSecret}`)).json<SeasonPassDto>();
    expect(pass).toMatchObject({ status: "valid", seasonName: "Abbonamento di prova", licensePlate: "NA123SS" });
    expect(pass.matches.map((m) => [m.eventId, m.state, m.canRelease])).toEqual([
      [a.eventId, "reserved", true],
      [b.eventId, "reserved", true],
    ]);
    expect(JSON.stringify(pass)).not.toContain("gennaro@example.it");
  });

  it("answers the same purchase to a retry with the same key", async () => {
    const { season } = await seedSeason();
    const key = crypto.randomUUID();
    const first = await (await buy(season.id, holder(), key)).json<SeasonPurchase>();
    const again = await buy(season.id, holder(), key);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...first, created: false });
    expect(await testDb().select().from(seasonHolders).where(eq(seasonHolders.seasonId, season.id))).toHaveLength(1);
  });

  it("never sells more season passes than its spots, under a burst (Abbonamenti esauriti), and the losers write nothing", async () => {
    const { a, season } = await seedSeason({ spots: 2 });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => buy(season.id, holder(`NA${100 + i}XX`))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(6);
    for (const r of refused) expect(await r.json()).toEqual({ error: { code: "sold_out", message: "Abbonamenti esauriti" } });
    expect(await testDb().select().from(seasonHolders).where(eq(seasonHolders.seasonId, season.id))).toHaveLength(2);
    expect(await testDb().select().from(bookings).where(and(eq(bookings.eventId, a.eventId), eq(bookings.kind, "season")))).toHaveLength(2);
  });

  it("sells nothing when one match has no free spot: all or nothing, never a spot sold twice", async () => {
    const { a, b, season } = await seedSeason({ totalSpots: 1 });
    const taken = await api("/api/bookings", { method: "POST", json: { eventId: b.eventId, rateId: b.rateId, ...holder("NA999ZZ"), customerEmail: "altro@example.it" } });
    expect(taken.status).toBe(201);
    const res = await buy(season.id);
    expect(res.status).toBe(409);
    // The error names the match (issue #40, finding 13; decision 054).
    expect(await res.json()).toEqual({ error: { code: "sold_out", message: `«${b.event.title}» non ha più posti liberi: l'abbonamento non è in vendita senza questa partita` } });
    expect(await free(a.eventId)).toBe(1);
    expect(await testDb().select().from(seasonHolders).where(eq(seasonHolders.seasonId, season.id))).toHaveLength(0);
  });

  it("refuses bad details with the visitor's language, a season not on sale, and an unknown one, writing nothing", async () => {
    const { season } = await seedSeason();
    const bad = await api(`/api/seasons/${season.id}/holders`, { method: "POST", json: { ...holder(), licensePlate: "" }, headers: { "Accept-Language": "en" } });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: { message: string } }>()).error.message).toBe("All fields are required");
    await testDb().update(seasonPasses).set({ isOnSale: false }).where(eq(seasonPasses.id, season.id));
    const off = await buy(season.id);
    expect(off.status).toBe(409);
    expect((await off.json<{ error: { message: string } }>()).error.message).toBe("Questo abbonamento non è in vendita");
    expect((await buy(999_999)).status).toBe(404);
    expect(await testDb().select().from(seasonHolders).where(eq(seasonHolders.seasonId, season.id))).toHaveLength(0);
  });

  it("a lapsed purchase gives its seat and its spots back", async () => {
    const { a, season } = await seedSeason({ spots: 1 });
    const purchase = await (await buy(season.id)).json<SeasonPurchase>();
    const lapsed = Date.now() - 1000;
    await testDb().update(seasonHolders).set({ holdExpiresAt: lapsed }).where(eq(seasonHolders.id, purchase.holderId));
    await testDb().update(bookings).set({ holdExpiresAt: lapsed }).where(eq(bookings.seasonHolderId, purchase.holderId));
    expect(await free(a.eventId)).toBe(10);
    expect((await buy(season.id, holder("NA777YY"))).status).toBe(201);
  });
});

describe("season passes: the gate, releases, new matches, reminders", () => {
  async function activeHolder() {
    const seeded = await seedSeason();
    const purchase = await (await buy(seeded.season.id)).json<SeasonPurchase>();
    await pay(purchase.bookingId);
    return { ...seeded, purchase, secret: await secretOf(purchase.holderId) };
  }

  it("the holder's one pass enters every match of the season once, and no other event", async () => {
    const { a, b, other, secret } = await activeHolder();
    expect((await (await scan(a.eventId, secret)).json<{ result: string }>()).result).toBe("ok");
    const gatePhone = await staffCookie("gate");
    expect((await (await scan(a.eventId, secret, gatePhone)).json<{ result: string }>()).result).toBe("already_in");
    const atB = await (await scan(b.eventId, secret)).json<{ result: string; booking: { passHash: string; licensePlate: string } }>();
    expect(atB.result).toBe("ok");
    expect(atB.booking).toMatchObject({ passHash: await passHash(secret), licensePlate: "NA123SS" });
    expect((await (await scan(other.eventId, secret)).json<{ result: string }>()).result).toBe("wrong_event");
  });

  it("puts the holder on each match's offline list under the hash of the holder's pass", async () => {
    const { a, b, secret } = await activeHolder();
    for (const eventId of [a.eventId, b.eventId]) {
      const list = await (await adminApi(`/api/gate/events/${eventId}/passes`)).json<{ passes: { hash: string; licensePlate: string }[] }>();
      expect(list.passes).toContainEqual(expect.objectContaining({ hash: await passHash(secret), licensePlate: "NA123SS" }));
    }
  });

  it("a released match goes back on sale and the gate no longer admits the pass there; a second release or another event is refused", async () => {
    const { a, b, other, secret } = await activeHolder();
    const before = await free(b.eventId);
    const res = await api(`/api/season-passes/${secret}/release`, { method: "POST", json: { eventId: b.eventId } });
    expect(res.status).toBe(200);
    const pass = await res.json<SeasonPassDto>();
    expect(pass.matches.find((m) => m.eventId === b.eventId)).toMatchObject({ state: "released", canRelease: false });
    expect(await free(b.eventId)).toBe(before + 1);
    expect((await (await scan(b.eventId, secret)).json<{ result: string }>()).result).toBe("void");
    expect((await (await scan(a.eventId, secret)).json<{ result: string }>()).result).toBe("ok");

    const again = await api(`/api/season-passes/${secret}/release`, { method: "POST", json: { eventId: b.eventId } });
    expect(again.status).toBe(409);
    // Entered already: the match can no longer be handed back.
    expect((await api(`/api/season-passes/${secret}/release`, { method: "POST", json: { eventId: a.eventId } })).status).toBe(409);
    const notMine = await api(`/api/season-passes/${secret}/release`, { method: "POST", json: { eventId: other.eventId } });
    expect(notMine.status).toBe(404);
    expect((await api(`/api/season-passes/${"x".repeat(22)}/release`, { method: "POST", json: { eventId: a.eventId } })).status).toBe(404);
  });

  it("a match added to the season later reserves the holders' spots at once", async () => {
    const { cat, purchase } = await activeHolder();
    const created = await adminApi("/api/events", {
      method: "POST",
      json: {
        event: { title: "Napoli - Nuova partita", description: "Partita di campionato", datetime: new Date(Date.now() + 30 * 86_400_000).toISOString(), durationMinutes: 240, distanceMeters: 1000, totalSpots: 50, reservedSpots: 0, occupiedSpots: 0, imageUrl: null, categoryId: cat.id, isAlwaysActive: false, prevendita_title: "Prevendita", prevendita_description: "Posto garantito", prevendita_price: "12.50", isPrevenditaVisible: false, isPrevenditaPayable: false },
        rates: [{ name: "Auto", description: "", price: "15.00", isVisible: true, isPayable: true, sortOrder: 1 }],
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const event = await created.json<{ id: number; availableSpots: number }>();
    expect(event.availableSpots).toBe(49);
    const spot = await testDb().select().from(bookings).where(and(eq(bookings.seasonHolderId, purchase.holderId), eq(bookings.eventId, event.id))).get();
    expect(spot?.status).toBe("paid");
  });

  it("the reminder reaches each holder before each match, with the holder's one pass", async () => {
    const { a, purchase, secret } = await activeHolder();
    // The spot was booked a day and more before the match, and the reminder time has come.
    await testDb().update(bookings).set({ createdAt: Date.now() - 3 * 86_400_000 }).where(eq(bookings.seasonHolderId, purchase.holderId));
    await sendReminders(testDb(), Date.now());
    const rows = await testDb().all<{ n: number }>(
      sql`select count(*) as n from email_outbox o join bookings b on b.id = o.booking_id where o.kind = 'reminder' and b.season_holder_id = ${purchase.holderId} and b.event_id = ${a.eventId}`,
    );
    expect(Number(rows[0].n)).toBe(1);
    // The second match's spot has no pass of its own; its reminder carries the holder's one pass.
    const second = await testDb().select({ id: bookings.id }).from(bookings).where(and(eq(bookings.seasonHolderId, purchase.holderId), sql`${bookings.id} <> ${purchase.bookingId}`)).get();
    const mail = await renderOutboxRow(testDb(), env, { bookingId: second!.id, kind: "reminder", data: null });
    expect(mail?.html).toContain(`/p/${secret}`);
  });

  it("refunding a season pass refunds its spot at every match to come, not only the first (carrier) match's", async () => {
    // Before, the refund ended the carrier booking only: the holder kept a paid spot at every other
    // match, the pass still opened the gate there and the spots never went back on sale.
    const { a, b, purchase, secret } = await activeHolder();
    const freeBefore = await free(b.eventId);
    const res = await adminApi(`/api/admin/season-holders/${purchase.holderId}/refund`, { method: "POST", json: {} });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ status: "cancelled", refundable: false, reserved: 0 });
    const spots = await testDb().select().from(bookings).where(eq(bookings.seasonHolderId, purchase.holderId));
    expect(spots.map((s) => [s.eventId, s.status]).sort()).toEqual([[a.eventId, "refunded"], [b.eventId, "refunded"]].sort());
    expect(await free(b.eventId)).toBe(freeBefore + 1);
    expect((await (await scan(b.eventId, secret)).json<{ result: string }>()).result).toBe("void");
    // A second refund finds nothing left to give back, and writes nothing.
    expect((await adminApi(`/api/admin/season-holders/${purchase.holderId}/refund`, { method: "POST", json: {} })).status).toBe(409);
  });

  it("a refund of the carrier made from the bookings list ends the other matches too; a match already entered stays", async () => {
    const { a, b, purchase, secret } = await activeHolder();
    expect((await (await scan(a.eventId, secret)).json<{ result: string }>()).result).toBe("ok");
    const res = await adminApi(`/api/admin/bookings/${purchase.bookingId}/refunds`, { method: "POST", json: {} });
    expect([201, 202]).toContain(res.status);
    const spots = await testDb().select().from(bookings).where(eq(bookings.seasonHolderId, purchase.holderId));
    const carrier = spots.find((s) => s.id === purchase.bookingId)!;
    expect(carrier.status).toBe("refunded");
    expect(spots.find((s) => s.eventId === b.eventId)?.status).toBe("refunded");
  });

  it("staff release a holder's match and revoke a partner's pass, freeing every match to come", async () => {
    const { a, b, season } = await seedSeason();
    const h = await (await adminApi(`/api/admin/seasons/${season.id}/holders`, { method: "POST", json: holder("PA002RT") })).json<{ id: string }>();
    const released = await adminApi(`/api/admin/season-holders/${h.id}/release`, { method: "POST", json: { eventId: a.eventId } });
    expect(released.status).toBe(200);
    const dto = await released.json<{ matches: { eventId: number; state: string }[]; released: number }>();
    expect(dto.released).toBe(1);
    expect(dto.matches.find((m) => m.eventId === a.eventId)?.state).toBe("released");
    expect((await adminApi(`/api/admin/season-holders/${h.id}/release`, { method: "POST", json: { eventId: a.eventId } })).status).toBe(409);
    const freeB = await free(b.eventId);
    const revoked = await adminApi(`/api/admin/season-holders/${h.id}/refund`, { method: "POST", json: {} });
    expect(await revoked.json()).toMatchObject({ status: "cancelled" });
    expect(await free(b.eventId)).toBe(freeB + 1);
  });

  it("the owner edits a season: seats never below its holders, and a match the new scope brings in is reserved at once", async () => {
    const { a, season, cat } = await seedSeason();
    const h = await (await adminApi(`/api/admin/seasons/${season.id}/holders`, { method: "POST", json: holder("PA003RT") })).json<{ id: string }>();
    const later = await seedEvent({ category: null, datetime: Date.now() + 5 * HOUR });
    const body = { name: "Abbonamento modificato", categoryId: null, eventIds: [a.eventId, later.eventId], from: "2020-01-01", to: "2099-12-31", price: 99.5, spots: 3, isOnSale: false };
    const res = await adminApi(`/api/admin/seasons/${season.id}`, { method: "PUT", json: body });
    expect(res.status, await res.clone().text()).toBe(200);
    const dto = await res.json<{ price: string; isOnSale: boolean; events: { id: number; reserved: number }[] }>();
    expect(dto).toMatchObject({ price: "99.50", isOnSale: false });
    expect(dto.events.find((e) => e.id === later.eventId)?.reserved).toBe(1);
    const spot = await testDb().select().from(bookings).where(and(eq(bookings.seasonHolderId, h.id), eq(bookings.eventId, later.eventId))).get();
    expect(spot?.status).toBe("paid");
    const tooFew = await adminApi(`/api/admin/seasons/${season.id}`, { method: "PUT", json: { ...body, spots: 0 } });
    expect((await tooFew.json<{ error: { message: string } }>()).error.message).toBe("Il numero di abbonamenti deve essere almeno 1");
    await adminApi(`/api/admin/seasons/${season.id}/holders`, { method: "POST", json: holder("PA004RT") });
    const below = await adminApi(`/api/admin/seasons/${season.id}`, { method: "PUT", json: { ...body, spots: 1, categoryId: cat.id } });
    expect(below.status).toBe(409);
    expect((await below.json<{ error: { message: string } }>()).error.message).toBe("Gli abbonamenti non possono essere meno degli abbonati attuali");
  });

  it("staff assign a season pass for nothing: active at once, every match held, and the gate role may not", async () => {
    const { a, b, season } = await seedSeason();
    const res = await adminApi(`/api/admin/seasons/${season.id}/holders`, { method: "POST", json: holder("PA000RT") });
    expect(res.status).toBe(201);
    const h = await res.json<{ id: string; status: string; reserved: number; assigned: boolean }>();
    expect(h).toMatchObject({ status: "active", reserved: 2, assigned: true });
    const secret = await secretOf(h.id);
    expect((await (await scan(a.eventId, secret)).json<{ result: string }>()).result).toBe("ok");
    expect((await (await scan(b.eventId, secret)).json<{ result: string }>()).result).toBe("ok");
    const payments = await (await adminApi("/api/admin/payments")).json<{ id: string }[] | { payments: { id: string }[] }>();
    expect(JSON.stringify(payments)).not.toContain("PA000RT");
    const gate = await adminApi(`/api/admin/seasons/${season.id}/holders`, { method: "POST", json: holder("PA001RT"), cookie: await staffCookie("gate") });
    expect(gate.status).toBe(403);
  });

  it("the owner defines a season; a scope and a sensible range are required", async () => {
    const { cat } = await seedSeason();
    const ok = await adminApi("/api/admin/seasons", { method: "POST", json: { name: "Abbonamento Napoli 2026/27", nameTranslations: { en: "Napoli season 2026/27" }, categoryId: cat.id, from: "2026-08-01", to: "2027-05-31", price: 250, spots: 40 } });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ name: "Abbonamento Napoli 2026/27", price: "250.00", spots: 40, seatsLeft: 40 });
    const noScope = await adminApi("/api/admin/seasons", { method: "POST", json: { name: "X", from: "2026-08-01", to: "2027-05-31", price: 250, spots: 40 } });
    expect((await noScope.json<{ error: { message: string } }>()).error.message).toBe("Scegli una categoria oppure almeno un evento");
    const backwards = await adminApi("/api/admin/seasons", { method: "POST", json: { name: "X", categoryId: cat.id, from: "2027-08-01", to: "2026-05-31", price: 250, spots: 40 } });
    expect((await backwards.json<{ error: { message: string } }>()).error.message).toBe("La data di fine deve essere dopo quella di inizio");
    const manager = await adminApi("/api/admin/seasons", { method: "POST", json: { name: "X", categoryId: cat.id, from: "2026-08-01", to: "2027-05-31", price: 250, spots: 40 }, cookie: await staffCookie("manager") });
    expect(manager.status).toBe(403);
  });
});
