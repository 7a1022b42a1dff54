/**
 * Issue #40, finding 13: a season with a sold-out or already-played match. The owner chooses: it stops
 * selling (and says which match), or it sells without that match at the price × matches left ÷ all
 * matches, rounded down to the cent, unless the owner set another price (docs/decisions/054).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, categories, seasonHolders, seasonPasses } from "../../db/schema";
import { adminApi } from "../test/admin";
import type { SeasonDto } from "../services/seasons";
import type { SeasonPurchase } from "../services/season-purchase";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const holder = () => ({ customerName: "Gennaro Esposito", customerEmail: `fan-${crypto.randomUUID().slice(0, 8)}@example.it`, licensePlate: "NA123SS", carModel: "Fiat Panda" });
const buy = (seasonId: number) => api(`/api/seasons/${seasonId}/holders`, { method: "POST", json: holder(), headers: { "Idempotency-Key": crypto.randomUUID() } });

/** Three matches: one already played (yesterday), one sold out (its one spot paid), one on sale. */
async function seedSeason(price: number, season: Partial<typeof seasonPasses.$inferInsert> = {}) {
  const db = testDb();
  const cat = await db.insert(categories).values({ name: `Stadio ${crypto.randomUUID().slice(0, 6)}` }).returning().get();
  const played = await seedEvent({ category: null, categoryId: cat.id, datetime: Date.now() - DAY, title: "Napoli – Roma" });
  const soldOut = await seedEvent({ category: null, categoryId: cat.id, datetime: Date.now() + DAY, totalSpots: 1, title: "Napoli – Milan" });
  await seedBooking({ eventId: soldOut.eventId, rateId: soldOut.rateId, status: "paid" });
  const open = await seedEvent({ category: null, categoryId: cat.id, datetime: Date.now() + 2 * DAY, title: "Napoli – Inter" });
  const row = await db
    .insert(seasonPasses)
    .values({ name: "Abbonamento Curva B", categoryId: cat.id, startsAt: Date.now() - 10 * DAY, endsAt: Date.now() + 100 * DAY, priceCents: price, spots: 28, ...season })
    .returning()
    .get();
  return { played, soldOut, open, season: row };
}

const page = async (id: number) => (await api(`/api/seasons/${id}`)).json<SeasonDto>();

describe("finding 13: a season that can still be sold says what it covers", () => {
  // Before: the page said 28 seats left with no word of the sold-out match, and the purchase failed with
  // "Una delle partite dell'abbonamento non ha più posti liberi", without naming it.
  it("by default it stops selling: the page says it cannot be bought and which matches are missing; the error names the match", async () => {
    const { season } = await seedSeason(30_000);
    const dto = await page(season.id);
    expect(dto.sellable).toBe(false);
    expect(dto.matches.map((m) => [m.title, m.state])).toEqual([
      ["Napoli – Roma", "played"],
      ["Napoli – Milan", "sold_out"],
      ["Napoli – Inter", "on_sale"],
    ]);
    const res = await buy(season.id);
    expect(res.status).toBe(409);
    expect((await res.json<{ error: { message: string } }>()).error.message).toContain("Napoli – Roma");
    const en = await api(`/api/seasons/${season.id}/holders`, { method: "POST", json: { ...holder(), lang: "en" }, headers: { "Accept-Language": "en" } });
    expect((await en.json<{ error: { message: string } }>()).error.message).toMatch(/Napoli – Roma.*already been played/);
    expect(await testDb().select().from(seasonHolders).where(eq(seasonHolders.seasonId, season.id))).toEqual([]);
  });

  it("a sold-out match is named too", async () => {
    const { season, played } = await seedSeason(30_000);
    await testDb().update(seasonPasses).set({ startsAt: played.event.datetime! + 1 }).where(eq(seasonPasses.id, season.id));
    const res = await buy(season.id);
    expect(res.status).toBe(409);
    expect((await res.json<{ error: { message: string } }>()).error.message).toBe("«Napoli – Milan» non ha più posti liberi: l'abbonamento non è in vendita senza questa partita");
  });

  // Before: no such choice existed; the season could not be sold at all.
  it("sold without the missing matches: price × left ÷ all, rounded down to the cent; the holder gets the matches left only", async () => {
    const { season, open, soldOut } = await seedSeason(25_001, { partialSale: "sell" });
    const dto = await page(season.id);
    expect(dto).toMatchObject({ sellable: true, price: "250.01", salePrice: "83.33" }); // 25001 × 1 ÷ 3 = 8333.67 → 8333
    const res = await buy(season.id);
    expect(res.status).toBe(201);
    const purchase = await res.json<SeasonPurchase>();
    const spots = await testDb().select().from(bookings).where(eq(bookings.seasonHolderId, purchase.holderId));
    expect(spots.map((b) => [b.eventId, b.amountCents])).toEqual([[open.eventId, 8_333]]);
    expect(spots.some((b) => b.eventId === soldOut.eventId)).toBe(false);
    expect((await testDb().select().from(seasonHolders).where(eq(seasonHolders.id, purchase.holderId)).get())!.matchesAtPurchase).toBe(1);
  });

  it("the owner's own price for it wins, set from the admin's season form", async () => {
    const { season } = await seedSeason(30_000);
    const put = await adminApi(`/api/admin/seasons/${season.id}`, {
      method: "PUT",
      json: { name: season.name, categoryId: season.categoryId, from: "2026-01-01", to: "2027-12-31", price: 300, spots: 28, partialSale: "sell", partialPrice: 120 },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(await put.json<SeasonDto>()).toMatchObject({ partialSale: "sell", partialPrice: "120.00", salePrice: "120.00", sellable: true });
    const res = await buy(season.id);
    expect(res.status).toBe(201);
    const carrier = (await testDb().select().from(bookings).where(eq(bookings.id, (await res.json<SeasonPurchase>()).bookingId)).get())!;
    expect(carrier.amountCents).toBe(12_000);
  });

  it("with every match on sale it sells at its full price; with none, never says seats are for sale", async () => {
    const { season, played, soldOut, open } = await seedSeason(30_000, { partialSale: "sell" });
    await testDb().update(seasonPasses).set({ startsAt: played.event.datetime! + 1, eventIds: [open.eventId] }).where(eq(seasonPasses.id, season.id));
    expect(await page(season.id)).toMatchObject({ sellable: true, salePrice: "300.00" });
    await testDb().update(seasonPasses).set({ eventIds: [soldOut.eventId] }).where(eq(seasonPasses.id, season.id));
    expect(await page(season.id)).toMatchObject({ sellable: false });
    expect((await buy(season.id)).status).toBe(409);
  });
});
