import type { Translations } from "../../shared/translations";
import { parseTranslations } from "./translations";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { bookings, events, seasonHolders, seasonPasses, type SeasonPass } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import { messages } from "../i18n/it";
import { toIso } from "../lib/time";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { isEventInSeason, partialSeasonPriceCents, seasonSeatsLeft, seasonSellable, type SeasonCancelRefund, type SeasonPartialSale } from "../../shared/lifecycle/season";
import { seasonHoldersSql } from "../../shared/lifecycle/season-sql";
import { eventNotEndedText, eventSellsText, spotsForSaleSql } from "../../shared/lifecycle/sql";
import { ms } from "../lib/d1-batch";
import { reserveSeasonSpots } from "./season-spots";

// docs/decisions/034-season-passes-and-vouchers.md: a holder's spot at each event of the season is a
// booking of kind "season", so capacity, the gate, its offline list and the reminders count it like any
// paid booking; the holder's one pass secret opens every one of them.

export type SeasonInput = {
  name: string;
  nameTranslations: Translations;
  categoryId: number | null;
  eventIds: number[] | null;
  startsAt: number;
  endsAt: number;
  priceCents: number;
  spots: number;
  isOnSale: boolean;
  /** What a holder gets back for a cancelled match (decision 045). */
  cancelRefund: SeasonCancelRefund;
  /** Whether it sells without a match that cannot be bought, and the owner's price then (decision 054). */
  partialSale: SeasonPartialSale;
  partialPriceCents: number | null;
};

export type SeasonDto = {
  id: number;
  name: string;
  nameTranslations: Translations;
  categoryId: number | null;
  eventIds: number[] | null;
  startsAt: string;
  endsAt: string;
  price: string;
  spots: number;
  holders: number;
  seatsLeft: number;
  isOnSale: boolean;
  cancelRefund: SeasonCancelRefund;
  partialSale: SeasonPartialSale;
  partialPrice: string | null;
  /** The season's matches on sale, each with the holders' spots reserved there (paid season spots). */
  events: { id: number; title: string; datetime: string | null; reserved: number }[];
  /** Every match of the season (not cancelled) and whether a buyer gets it now: on sale, sold out or played. */
  matches: SeasonSaleMatch[];
  /** Whether a visitor can buy it now, and what they pay: less than the price when sold without missing matches. */
  sellable: boolean;
  salePrice: string;
};

export type SeasonSaleMatch = { id: number; title: string; titleTranslations: Translations; datetime: string | null; state: "on_sale" | "sold_out" | "played" };

/**
 * What a visitor can buy of a season now (decision 054): its matches (switched on, not cancelled),
 * each on sale (a spot for sale to the public, the line first), sold out or played; whether it sells;
 * and its price without the missing ones.
 */
export async function seasonSaleOf(db: Db, season: SeasonPass, seatsLeft: number, now: number) {
  const rows = await db.all<{ id: number; title: string; titleTranslations: string; datetime: number; categoryId: number | null; ended: number; forSale: number }>(sql`
    select ev.id as id, ev.title as title, ev.title_translations as titleTranslations, ev.datetime as datetime, ev.category_id as categoryId,
      not ${sql.raw(eventNotEndedText("ev", ms(now)))} as ended, ${spotsForSaleSql(sql`ev.id`, now)} as forSale
    from events ev
    where ev.is_active = 1 and ev.cancelled_at is null and ev.is_always_active = 0 and ev.datetime >= ${season.startsAt} and ev.datetime < ${season.endsAt}
    order by ev.datetime, ev.id`);
  const matches: SeasonSaleMatch[] = rows
    .filter((e) => isEventInSeason(season, { ...e, isAlwaysActive: false }))
    .map((e) => ({
      id: e.id,
      title: e.title,
      titleTranslations: parseTranslations(e.titleTranslations),
      datetime: toIso(e.datetime),
      state: Number(e.ended) === 1 ? "played" : Number(e.forSale) >= 1 ? "on_sale" : "sold_out",
    }));
  const left = matches.filter((m) => m.state === "on_sale");
  return {
    matches,
    left,
    missing: matches.filter((m) => m.state !== "on_sale"),
    sellable: seasonSellable(season, seatsLeft, left.length, matches.length),
    priceCents: partialSeasonPriceCents(season.priceCents, left.length, matches.length, season.partialPriceCents),
  };
}

/** The error that names the match a season cannot be sold without. */
export const missingMatchError = (m: SeasonSaleMatch) =>
  fail(409, "sold_out", m.state === "played" ? messages.seasonMatchPlayed(m.title) : messages.seasonMatchSoldOutNamed(m.title));

/** The season's events that still sell (dated, on, not cancelled, not over), earliest first. */
export async function sellingEventsOf(db: Db, season: SeasonPass, now: number) {
  const rows = await db
    .select({ id: events.id, title: events.title, datetime: events.datetime, categoryId: events.categoryId, isAlwaysActive: events.isAlwaysActive })
    .from(events)
    .where(and(sql.raw(eventSellsText(`"events"`, ms(now))), sql`${events.datetime} >= ${season.startsAt} and ${events.datetime} < ${season.endsAt}`))
    .orderBy(asc(events.datetime), asc(events.id));
  return rows.filter((e) => isEventInSeason(season, e));
}

async function seasonDto(db: Db, season: SeasonPass, now: number): Promise<SeasonDto> {
  const holders = await db.get<{ n: number }>(sql`select ${seasonHoldersSql(season.id, now)} as n`);
  const held = Number(holders?.n ?? 0);
  const evs = await sellingEventsOf(db, season, now);
  const reserved = evs.length
    ? await db
        .select({ eventId: bookings.eventId, n: sql<number>`count(*)` })
        .from(bookings)
        .innerJoin(seasonHolders, eq(seasonHolders.id, bookings.seasonHolderId))
        .where(and(eq(seasonHolders.seasonId, season.id), eq(bookings.status, "paid"), inArray(bookings.eventId, evs.map((e) => e.id))))
        .groupBy(bookings.eventId)
    : [];
  const reservedAt = new Map(reserved.map((r) => [r.eventId, Number(r.n)]));
  const seatsLeft = seasonSeatsLeft(season.spots, held);
  const sale = await seasonSaleOf(db, season, seatsLeft, now);
  return {
    id: season.id,
    name: season.name,
    nameTranslations: season.nameTranslations,
    categoryId: season.categoryId,
    eventIds: season.eventIds,
    startsAt: toIso(season.startsAt)!,
    endsAt: toIso(season.endsAt)!,
    price: centsToDecimal(season.priceCents),
    spots: season.spots,
    holders: held,
    seatsLeft,
    isOnSale: season.isOnSale,
    cancelRefund: season.cancelRefund,
    partialSale: season.partialSale,
    partialPrice: season.partialPriceCents == null ? null : centsToDecimal(season.partialPriceCents),
    events: evs.map((e) => ({ id: e.id, title: e.title, datetime: toIso(e.datetime), reserved: reservedAt.get(e.id) ?? 0 })),
    matches: sale.matches,
    sellable: sale.sellable,
    salePrice: centsToDecimal(sale.priceCents),
  };
}

export async function createSeason(db: Db, input: SeasonInput, now: number): Promise<Outcome<SeasonDto>> {
  if (input.categoryId == null && !input.eventIds?.length) return fail(400, "validation_failed", messages.seasonScopeRequired);
  if (input.endsAt <= input.startsAt) return fail(400, "validation_failed", messages.seasonRangeInvalid);
  if (input.spots < 1) return fail(400, "validation_failed", messages.seasonSpotsInvalid);
  const [row] = await db
    .insert(seasonPasses)
    .values({ ...input, eventIds: input.eventIds?.length ? input.eventIds : null })
    .returning();
  return ok(await seasonDto(db, row, now));
}

export async function setSeasonOnSale(db: Db, id: number, isOnSale: boolean, now: number): Promise<Outcome<SeasonDto>> {
  const [row] = await db.update(seasonPasses).set({ isOnSale }).where(eq(seasonPasses.id, id)).returning();
  return row ? ok(await seasonDto(db, row, now)) : fail(404, "not_found", messages.seasonNotFound);
}

/**
 * The owner edits a season. Its seats never drop below the holders it has; a match that the new
 * scope brings in gets every active holder's spot at once (reserveSeasonSpots, each guarded by a
 * free spot). Spots at matches the new scope leaves out stay booked: a holder paid for them.
 */
export async function updateSeason(db: Db, id: number, input: SeasonInput, now: number): Promise<Outcome<SeasonDto>> {
  if (input.categoryId == null && !input.eventIds?.length) return fail(400, "validation_failed", messages.seasonScopeRequired);
  if (input.endsAt <= input.startsAt) return fail(400, "validation_failed", messages.seasonRangeInvalid);
  const exists = await db.select({ id: seasonPasses.id }).from(seasonPasses).where(eq(seasonPasses.id, id)).get();
  if (!exists) return fail(404, "not_found", messages.seasonNotFound);
  // The seats guard is read by D1 as it writes, so a purchase racing the edit cannot slip under it.
  const [row] = await db
    .update(seasonPasses)
    .set({ ...input, eventIds: input.eventIds?.length ? input.eventIds : null })
    .where(and(eq(seasonPasses.id, id), sql`${input.spots} >= ${seasonHoldersSql(id, now)}`))
    .returning();
  if (!row) return fail(409, "conflict", messages.seasonSpotsBelowHolders);
  for (const ev of await sellingEventsOf(db, row, now)) await reserveSeasonSpots(db, ev.id, now);
  return ok(await seasonDto(db, row, now));
}

export async function listSeasons(db: Db, now: number, opts: { onSaleOnly: boolean }): Promise<SeasonDto[]> {
  const rows = await db
    .select()
    .from(seasonPasses)
    .where(opts.onSaleOnly ? eq(seasonPasses.isOnSale, true) : undefined)
    .orderBy(desc(seasonPasses.id));
  return Promise.all(rows.map((s) => seasonDto(db, s, now)));
}

export async function getSeason(db: Db, id: number, now: number, opts: { onSaleOnly: boolean }): Promise<SeasonDto | null> {
  const row = await db.select().from(seasonPasses).where(eq(seasonPasses.id, id)).get();
  if (!row || (opts.onSaleOnly && !row.isOnSale)) return null;
  return seasonDto(db, row, now);
}
