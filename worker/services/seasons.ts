import type { Translations } from "../../shared/translations";
import { parseTranslations } from "./translations";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bookings, events, seasonHolders, seasonPasses, type SeasonHolder, type SeasonPass } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import { insertWhere } from "../lib/insert-where";
import { messages } from "../i18n/it";
import { toIso } from "../lib/time";
import { passStatusOf, type PassStatus } from "../../shared/lifecycle/booking";
import { centsToDecimal } from "../../shared/lifecycle/money";
import {
  canReleaseMatch,
  holderTakesSeat,
  isEventInSeason,
  partialSeasonPriceCents,
  seasonSeatsLeft,
  seasonSellable,
  type SeasonCancelRefund,
  type SeasonPartialSale,
} from "../../shared/lifecycle/season";
import { canReleaseMatchText, eventInSeasonText, holderTakesSeatText, seasonHoldersSql } from "../../shared/lifecycle/season-sql";
import { activeHoldText, claimedCentsSql, eventNotEndedText, eventSellsSql, eventSellsText, freeSpotsSql, spotsForSaleSql } from "../../shared/lifecycle/sql";
import { bookingCodeOf } from "../../shared/rules";
import { newPassSecret } from "./pass-secret";
import { type Lang } from "../../shared/lang";
import { capReached, clientBookingsSql, underCapSql, type HoldClient } from "./client-caps";

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

export type HolderInput = { customerName: string; customerEmail: string; licensePlate: string; carModel: string; lang: Lang };

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
const missingMatchError = (m: SeasonSaleMatch) =>
  fail(409, "sold_out", m.state === "played" ? messages.seasonMatchPlayed(m.title) : messages.seasonMatchSoldOutNamed(m.title));

const ms = (now: number) => String(Math.trunc(now));
const changesOf = (result: unknown): number => (result as { meta?: { changes?: number } }).meta?.changes ?? 0;

function causedBy(err: unknown, text: string): boolean {
  for (let e = err; e; e = (e as { cause?: unknown }).cause) if (String((e as Error).message ?? e).includes(text)) return true;
  return false;
}
// The guards below write NULL into a NOT NULL column when a rule fails, which aborts the whole batch.
const SEATS_GUARD = "NOT NULL constraint failed: season_holders.hold_expires_at";
const SPOT_GUARD = "NOT NULL constraint failed: bookings.hold_expires_at";
const CAP_GUARD = "NOT NULL constraint failed: bookings.discount_cents";

async function runBatch(db: Db, items: BatchItem<"sqlite">[]) {
  return items.length ? db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]) : [];
}

/** The season's events that still sell (dated, on, not cancelled, not over), earliest first. */
async function sellingEventsOf(db: Db, season: SeasonPass, now: number) {
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

// ---------- a holder: sold or assigned ----------

type NewHolder = {
  holderId: string;
  status: "pending" | "active";
  holdExpiresAt: number;
  passSecret: string | null;
  staffId: number | null;
  idempotencyKey: string | null;
  /** The carrier's amount: the season's price when sold, nothing when assigned. */
  carrierCents: number;
  /** A visitor's purchase: its client, whose caps it counts against at every match (staff's assignment has none). */
  client: HoldClient | null;
};

/**
 * One all-or-nothing batch: the holder (a seat of the season, guarded by the seats left) and its spot
 * at every event of the season that sells (each guarded by that event's free spots, like any hold).
 * The first event's spot is the carrier: it carries the price, and the payment goes through it.
 */
function holderStatements(db: Db, season: SeasonPass, evs: { id: number }[], h: NewHolder, who: HolderInput, now: number) {
  const paid = h.status === "active";
  const seatGuarded = sql`case when ${seasonHoldersSql(season.id, now)} < s.spots then ${h.holdExpiresAt} else null end`;
  const statements: BatchItem<"sqlite">[] = [
    insertWhere(
      db,
      seasonHolders,
      {
        id: h.holderId,
        seasonId: season.id,
        status: h.status,
        holdExpiresAt: seatGuarded,
        customerName: who.customerName,
        customerEmail: who.customerEmail,
        licensePlate: who.licensePlate,
        carModel: who.carModel,
        lang: who.lang,
        passSecret: h.passSecret,
        assignedByStaffId: h.staffId,
        idempotencyKey: h.idempotencyKey,
        matchesAtPurchase: evs.length,
        createdAt: now,
      },
      sql`s.id = ${season.id} ${h.staffId == null ? sql`and s.is_on_sale = 1` : sql``}`,
      sql`season_passes s`,
    ).onConflictDoNothing(),
  ];
  const ids = evs.map(() => crypto.randomUUID());
  evs.forEach((ev, i) => {
    statements.push(
      insertWhere(
        db,
        bookings,
        {
          id: ids[i],
          eventId: sql`e.id`,
          kind: "season",
          status: h.status === "active" ? "paid" : "pending",
          customerName: who.customerName,
          customerEmail: who.customerEmail,
          licensePlate: who.licensePlate,
          carModel: who.carModel,
          amountCents: i === 0 ? h.carrierCents : 0,
          currency: "eur",
          // A visitor's purchase leaves each match's freed spots to its waiting line; staff's assignment does not queue.
          holdExpiresAt: sql`case when ${h.staffId == null ? spotsForSaleSql(ev.id, now) : freeSpotsSql(ev.id, now)} >= 1 then ${h.holdExpiresAt} else null end`,
          paidAt: paid ? now : null,
          passSecret: paid && i === 0 ? h.passSecret : null,
          createdAt: now,
          updatedAt: now,
          lang: who.lang,
          seasonHolderId: h.holderId,
          clientKey: h.client?.clientKey ?? null,
          // A purchase holds a spot at every match, so it counts against the client's caps at every match
          // (over all events once, at the first): a failed cap writes NULL here and aborts the batch.
          discountCents: h.client
            ? sql`case when ${underCapSql({ key: h.client.clientKey, email: who.customerEmail, now }, ev.id, h.client.cap, i === 0)} then 0 else null end`
            : 0,
          source: "direct",
        },
        sql`e.id = ${ev.id} and ${eventSellsSql(now)} and exists (select 1 from season_holders h where h.id = ${h.holderId})`,
        sql`events e`,
      ),
    );
  });
  if (ids.length) {
    statements.push(db.update(seasonHolders).set({ carrierBookingId: ids[0] }).where(sql`${seasonHolders.id} = ${h.holderId} and exists (select 1 from bookings b where b.id = ${ids[0]})`));
  }
  return statements;
}

async function writeHolder(db: Db, statements: BatchItem<"sqlite">[], capRefusal?: () => Promise<Outcome<null>>): Promise<Outcome<null>> {
  try {
    await runBatch(db, statements);
    return ok(null);
  } catch (err) {
    if (causedBy(err, SEATS_GUARD)) return fail(409, "sold_out", messages.seasonSoldOut);
    if (causedBy(err, SPOT_GUARD)) return fail(409, "sold_out", messages.seasonMatchSoldOut);
    if (capRefusal && causedBy(err, CAP_GUARD)) return capRefusal();
    throw err;
  }
}

/** Which of the client's caps refused a season purchase, read after the batch failed (the first match where one binds). */
async function seasonCapRefusal(db: Db, evs: { id: number }[], email: string, client: HoldClient, now: number): Promise<Outcome<null>> {
  for (const ev of evs) {
    const reached = await capReached(db, { key: client.clientKey, email, now }, ev.id, client.cap);
    if (reached === "bookings") return fail(409, "booking_cap", messages.bookingCapReached(client.cap.bookingsPerEvent));
    if (reached === "holds") break;
  }
  return fail(429, "rate_limited", messages.holdCapReached);
}

const samePurchase = (known: SeasonHolder, seasonId: number, who: HolderInput) =>
  known.seasonId === seasonId &&
  known.customerName === who.customerName &&
  known.customerEmail === who.customerEmail &&
  known.licensePlate === who.licensePlate &&
  known.carModel === who.carModel;

export type SeasonPurchase = { holderId: string; bookingId: string; created: boolean };

/**
 * A visitor buys a season pass: a pending holder with a hold of `holdMinutes`, and a pending spot at
 * every match; the checkout then pays the carrier booking like any other (settleSeasonItems does the rest).
 */
export async function buySeason(
  db: Db,
  seasonId: number,
  who: HolderInput,
  ctx: { now: number; holdMinutes: number; idempotencyKey: string | null; client: HoldClient },
): Promise<Outcome<SeasonPurchase>> {
  const { now } = ctx;
  const known = ctx.idempotencyKey ? await db.select().from(seasonHolders).where(eq(seasonHolders.idempotencyKey, ctx.idempotencyKey)).get() : undefined;
  // A key answers the purchase it made only to the same request: another body with it is refused, as for bookings.
  if (known && !samePurchase(known, seasonId, who)) return fail(409, "conflict", messages.idempotencyKeyReused);
  if (known?.carrierBookingId) return ok({ holderId: known.id, bookingId: known.carrierBookingId, created: false });
  const season = await db.select().from(seasonPasses).where(eq(seasonPasses.id, seasonId)).get();
  if (!season) return fail(404, "not_found", messages.seasonNotFound);
  if (!season.isOnSale) return fail(409, "conflict", messages.seasonNotOnSale);
  // The seats are checked by the batch's guard; here only what the season covers and costs now.
  const sale = await seasonSaleOf(db, season, 1, now);
  if (sale.left.length === 0) return fail(409, "conflict", messages.seasonNoEvents);
  if (sale.missing.length > 0 && season.partialSale === "stop") return missingMatchError(sale.missing[0]);
  const evs = sale.left;
  const holderId = crypto.randomUUID();
  const h: NewHolder = {
    holderId,
    status: "pending",
    holdExpiresAt: now + ctx.holdMinutes * 60_000,
    passSecret: null,
    staffId: null,
    idempotencyKey: ctx.idempotencyKey,
    carrierCents: sale.priceCents,
    client: ctx.client,
  };
  const written = await writeHolder(db, holderStatements(db, season, evs, h, who, now), () => seasonCapRefusal(db, evs, who.customerEmail, ctx.client, now));
  if (!written.ok && written.error.error.message === messages.seasonMatchSoldOut) {
    // A match sold out between the read and the purchase: name it.
    const gone = (await seasonSaleOf(db, season, 1, now)).missing.find((m) => evs.some((e) => e.id === m.id));
    if (gone) return missingMatchError(gone);
  }
  if (!written.ok) return written;
  const row = await db
    .select()
    .from(seasonHolders)
    .where(ctx.idempotencyKey ? eq(seasonHolders.idempotencyKey, ctx.idempotencyKey) : eq(seasonHolders.id, holderId))
    .get();
  if (!row) return fail(409, "conflict", messages.seasonNotOnSale);
  if (row.id !== holderId && !samePurchase(row, seasonId, who)) return fail(409, "conflict", messages.idempotencyKeyReused);
  if (!row.carrierBookingId) return fail(409, "conflict", messages.seasonNoEvents);
  return ok({ holderId: row.id, bookingId: row.carrierBookingId, created: row.id === holderId });
}

/** Staff give a season pass for nothing (a partner): active at once, a paid spot at every match. */
export async function assignSeason(db: Db, seasonId: number, who: HolderInput, ctx: { now: number; staffId: number }): Promise<Outcome<HolderDto>> {
  const { now } = ctx;
  const season = await db.select().from(seasonPasses).where(eq(seasonPasses.id, seasonId)).get();
  if (!season) return fail(404, "not_found", messages.seasonNotFound);
  const evs = await sellingEventsOf(db, season, now);
  const holderId = crypto.randomUUID();
  const h: NewHolder = { holderId, status: "active", holdExpiresAt: now, passSecret: newPassSecret(), staffId: ctx.staffId, idempotencyKey: null, carrierCents: 0, client: null };
  const written = await writeHolder(db, holderStatements(db, season, evs, h, who, now));
  if (!written.ok) return written;
  const row = (await db.select().from(seasonHolders).where(eq(seasonHolders.id, holderId)).get())!;
  return ok((await holderDtos(db, [row], now))[0]);
}

/**
 * The guard a season's payment adds to the carrier's paying UPDATE (settleIntent): the purchase's hold
 * still stands (its seat and spots are held), or — paid late — a seat of the season is still free and
 * every other match it held still has a spot for sale. Otherwise nothing is paid and the money goes
 * back: no path activates a holder "where free" (finding 2 of issue #40).
 */
export function seasonPayableSql(carrierBookingId: string, now: number, bookingsPerEvent: number): SQL {
  return sql`exists (select 1 from season_holders h join season_passes s on s.id = h.season_id
    where h.carrier_booking_id = ${carrierBookingId} and h.status = 'pending'
      and (h.hold_expires_at > ${now}
        or ((select count(*) from season_holders sh where sh.season_id = s.id and sh.id <> h.id and ${sql.raw(holderTakesSeatText("sh", ms(now)))}) < s.spots
          and not exists (select 1 from bookings o where o.season_holder_id = h.id and o.id <> ${carrierBookingId}
            and o.status in ('pending', 'expired') and not ${sql.raw(activeHoldText("o", ms(now)))}
            and (${spotsForSaleSql(sql`o.event_id`, now)} < 1
              or ${clientBookingsSql({ key: sql`o.client_key`, email: sql`o.customer_email`, now }, sql`o.event_id`)} >= ${bookingsPerEvent})))))`;
}

/**
 * The carrier booking was just paid (settleIntent's batch): the holder becomes active with the
 * carrier's pass secret as its one pass, and its other spots are paid — each only while its hold
 * lasts or a spot of its event is still free, the same guard as any late payment.
 */
export function settleSeasonItems(db: Db, carrierBookingId: string, now: number): BatchItem<"sqlite">[] {
  const carrierPaid = sql`exists (select 1 from bookings c where c.id = ${carrierBookingId} and c.status = 'paid' and c.kind = 'season')`;
  return [
    db
      .update(seasonHolders)
      .set({ status: "active", passSecret: sql`(select c.pass_secret from bookings c where c.id = ${carrierBookingId})` })
      .where(and(eq(seasonHolders.carrierBookingId, carrierBookingId), eq(seasonHolders.status, "pending"), carrierPaid)),
    db
      .update(bookings)
      .set({ status: "paid", paidAt: now, updatedAt: now })
      .where(
        and(
          sql`${bookings.seasonHolderId} = (select h.id from season_holders h where h.carrier_booking_id = ${carrierBookingId})`,
          sql`${bookings.id} <> ${carrierBookingId}`,
          inArray(bookings.status, ["pending", "expired"]),
          carrierPaid,
          sql`(${sql.raw(activeHoldText(`"bookings"`, ms(now)))} or ${spotsForSaleSql(sql`"bookings"."event_id"`, now)} >= 1)`,
          sql`not exists (select 1 from events ce where ce.id = ${bookings.eventId} and ce.cancelled_at is not null)`,
        ),
      ),
  ];
}

/**
 * A new or edited event of a season: every active holder without a spot there gets one, each
 * guarded by a free spot (a holder left out is shown by the admin's holder list, never oversold).
 */
export async function reserveSeasonSpots(db: Db, eventId: number, now: number): Promise<number> {
  const holders = await db.all<SeasonHolder & { id: string }>(sql`
    select h.id as id, h.customer_name as customerName, h.customer_email as customerEmail, h.license_plate as licensePlate,
      h.car_model as carModel, h.lang as lang
    from season_holders h join season_passes s on s.id = h.season_id join events e on e.id = ${eventId}
    where h.status = 'active' and ${sql.raw(eventInSeasonText("s", "e"))} and ${eventSellsSql(now)}
      and not exists (select 1 from bookings b where b.season_holder_id = h.id and b.event_id = e.id)
    order by h.created_at, h.id`);
  if (holders.length === 0) return 0;
  const results = await runBatch(
    db,
    holders.map((h) =>
      insertWhere(
        db,
        bookings,
        {
          id: crypto.randomUUID(),
          eventId: sql`e.id`,
          kind: "season",
          status: "paid",
          customerName: h.customerName,
          customerEmail: h.customerEmail,
          licensePlate: h.licensePlate,
          carModel: h.carModel,
          amountCents: 0,
          currency: "eur",
          holdExpiresAt: now,
          paidAt: now,
          createdAt: now,
          updatedAt: now,
          lang: h.lang,
          seasonHolderId: h.id,
          // The holder's client (its carrier's), so the spot counts against its caps like the others.
          clientKey: sql`(select cb.client_key from bookings cb join season_holders ch on ch.carrier_booking_id = cb.id where ch.id = ${h.id})`,
          discountCents: 0,
          source: "direct",
        },
        sql`e.id = ${eventId} and ${freeSpotsSql(eventId, now)} >= 1
          and not exists (select 1 from bookings b where b.season_holder_id = ${h.id} and b.event_id = e.id)`,
        sql`events e`,
      ),
    ),
  );
  return results.reduce((n, r) => n + changesOf(r), 0);
}

// ---------- the admin's list of holders ----------

export type HolderDto = {
  id: string;
  code: string;
  customerName: string;
  customerEmail: string;
  licensePlate: string;
  status: "pending" | "active" | "cancelled" | "expired";
  assigned: boolean;
  /** Matches the holder has a spot at (paid), and those handed back. */
  reserved: number;
  released: number;
  /** Sold and paid through a carrier booking: staff refund it (every match to come with it). */
  refundable: boolean;
  carrierBookingId: string | null;
  matches: SeasonMatch[];
  createdAt: string;
};

export async function holderDtos(db: Db, rows: SeasonHolder[], now: number): Promise<HolderDto[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({
      holderId: bookings.seasonHolderId,
      reserved: sql<number>`sum(case when ${bookings.status} = 'paid' then 1 else 0 end)`,
      released: sql<number>`sum(case when ${bookings.status} = 'freed' then 1 else 0 end)`,
    })
    .from(bookings)
    .where(inArray(bookings.seasonHolderId, rows.map((r) => r.id)))
    .groupBy(bookings.seasonHolderId);
  const by = new Map(counts.map((c) => [c.holderId, c]));
  const matches = await matchesOf(db, rows.map((r) => r.id), now);
  const carriers = rows.flatMap((r) => (r.carrierBookingId ? [r.carrierBookingId] : []));
  const paidCarriers = new Set(
    carriers.length
      ? (await db.select({ id: bookings.id }).from(bookings).where(and(inArray(bookings.id, carriers), eq(bookings.status, "paid"), sql`${bookings.paymentIntentId} is not null`))).map((b) => b.id)
      : [],
  );
  return rows.map((h) => ({
    id: h.id,
    code: bookingCodeOf(h.id),
    customerName: h.customerName,
    customerEmail: h.customerEmail,
    licensePlate: h.licensePlate,
    status: h.status === "pending" && !holderTakesSeat(h, now) ? "expired" : h.status,
    assigned: h.assignedByStaffId != null,
    reserved: Number(by.get(h.id)?.reserved ?? 0),
    released: Number(by.get(h.id)?.released ?? 0),
    refundable: h.status === "active" && h.assignedByStaffId == null && h.carrierBookingId != null && paidCarriers.has(h.carrierBookingId),
    carrierBookingId: h.carrierBookingId,
    matches: matches.get(h.id) ?? [],
    createdAt: toIso(h.createdAt)!,
  }));
}

export async function listHolders(db: Db, seasonId: number, now: number): Promise<HolderDto[] | null> {
  const season = await db.select({ id: seasonPasses.id }).from(seasonPasses).where(eq(seasonPasses.id, seasonId)).get();
  if (!season) return null;
  const rows = await db
    .select()
    .from(seasonHolders)
    // Cancelled holders stay listed (refunded or revoked); a purchase that lapsed unpaid does not.
    .where(and(eq(seasonHolders.seasonId, seasonId), sql`(${sql.raw(holderTakesSeatText(`"season_holders"`, ms(now)))} or ${seasonHolders.status} = 'cancelled')`))
    .orderBy(asc(seasonHolders.createdAt));
  return holderDtos(db, rows, now);
}

// ---------- the holder's pass ----------

export type SeasonMatchState = "reserved" | "released" | "refunded" | "inside" | "exited" | "cancelled" | "ended" | "missing";

export type SeasonPassDto = {
  status: PassStatus;
  code: string;
  seasonName: string;
  seasonNameTranslations: Translations;
  licensePlate: string;
  /** A season pass is one car: a new plate applies to every match still to come (while one is). */
  plateChangeAllowed: boolean;
  matches: SeasonMatch[];
};

export type SeasonMatch = { eventId: number; title: string; titleTranslations: Translations; datetime: string | null; state: SeasonMatchState; canRelease: boolean };

/** Every match a holder has a spot at, earliest first, and which ones can still be handed back. */
export async function matchesOf(db: Db, holderIds: string[], now: number): Promise<Map<string, SeasonMatch[]>> {
  const by = new Map<string, SeasonMatch[]>(holderIds.map((id) => [id, []]));
  if (holderIds.length === 0) return by;
  const rows = await db
    .select({
      holderId: bookings.seasonHolderId,
      eventId: events.id,
      title: events.title,
      titleTranslations: events.titleTranslations,
      datetime: events.datetime,
      cancelledAt: events.cancelledAt,
      durationMinutes: events.durationMinutes,
      status: bookings.status,
      gateState: bookings.gateState,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(inArray(bookings.seasonHolderId, holderIds))
    .orderBy(asc(events.datetime), asc(events.id));
  for (const r of rows) {
    const ended = r.datetime != null && r.datetime + r.durationMinutes * 60_000 <= now;
    const state: SeasonMatchState =
      r.cancelledAt != null
        ? "cancelled"
        : r.status === "freed"
          ? "released"
          : r.status === "refunded"
            ? "refunded"
            : r.status !== "paid"
              ? "missing"
              : r.gateState === "inside"
                ? "inside"
                : r.gateState === "exited"
                  ? "exited"
                  : ended
                    ? "ended"
                    : "reserved";
    by.get(r.holderId!)?.push({
      eventId: r.eventId,
      title: r.title,
      titleTranslations: r.titleTranslations,
      datetime: toIso(r.datetime),
      state,
      canRelease: r.cancelledAt == null && canReleaseMatch(r, r.datetime, now),
    });
  }
  return by;
}

/** What the holder's link shows: the season and every match of it, and which ones can be handed back. */
export async function getSeasonPass(db: Db, secret: string, now: number): Promise<SeasonPassDto | null> {
  const holder = await db.select().from(seasonHolders).where(eq(seasonHolders.passSecret, secret)).get();
  if (!holder) return null;
  const season = (await db.select().from(seasonPasses).where(eq(seasonPasses.id, holder.seasonId)).get())!;
  const matches = (await matchesOf(db, [holder.id], now)).get(holder.id) ?? [];
  return {
    status: holder.status === "active" ? "valid" : passStatusOf(holder.status === "cancelled" ? "cancelled" : "pending", false),
    code: bookingCodeOf(holder.id),
    seasonName: season.name,
    seasonNameTranslations: season.nameTranslations,
    licensePlate: holder.licensePlate,
    plateChangeAllowed: holder.status === "active" && matches.some((m) => m.state === "reserved"),
    matches,
  };
}

/** A holder's spot at a match is freed in one guarded UPDATE (canReleaseMatch) and goes back on sale. */
async function freeHolderMatch(db: Db, holderId: string, eventId: number, now: number): Promise<Outcome<null>> {
  const res = await db
    .update(bookings)
    .set({ status: "freed", freedAt: now, updatedAt: now })
    .where(
      and(
        eq(bookings.seasonHolderId, holderId),
        eq(bookings.eventId, eventId),
        sql`exists (select 1 from events re where re.id = ${bookings.eventId} and re.cancelled_at is null
          and ${sql.raw(canReleaseMatchText(`"bookings"`, "re", ms(now)))})`,
      ),
    )
    .run();
  if (changesOf(res) === 0) {
    const mine = await db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.seasonHolderId, holderId), eq(bookings.eventId, eventId))).get();
    return mine ? fail(409, "conflict", messages.seasonMatchNotReleasable) : fail(404, "not_found", messages.seasonMatchNotFound);
  }
  return ok(null);
}

/** The holder hands a match back from their pass; the caller offers the spot to the waiting list. */
export async function releaseMatch(db: Db, secret: string, eventId: number, now: number): Promise<Outcome<SeasonPassDto>> {
  const holder = await db.select({ id: seasonHolders.id }).from(seasonHolders).where(and(eq(seasonHolders.passSecret, secret), eq(seasonHolders.status, "active"))).get();
  if (!holder) return fail(404, "not_found", messages.seasonPassNotFound);
  const freed = await freeHolderMatch(db, holder.id, eventId, now);
  if (!freed.ok) return freed;
  return ok((await getSeasonPass(db, secret, now))!);
}

/** Staff hand a match back for a holder (the holder phoned): the same rule as the holder's own release. */
export async function releaseMatchForHolder(db: Db, holderId: string, eventId: number, now: number): Promise<Outcome<HolderDto>> {
  const holder = await db.select().from(seasonHolders).where(eq(seasonHolders.id, holderId)).get();
  if (!holder || holder.status !== "active") return fail(404, "not_found", messages.seasonPassNotFound);
  const freed = await freeHolderMatch(db, holder.id, eventId, now);
  if (!freed.ok) return freed;
  return ok((await holderDtos(db, [holder], now))[0]);
}

// ---------- the season ends for a holder: refunded or revoked ----------

/**
 * The carrier booking `carrierId` (SQL naming its id) was refunded in full: the season ends for its
 * holder. Every spot still to come (paid, not entered, match not started: canReleaseMatch) is
 * refunded with it, so those spots go back on sale and the pass no longer opens them; matches already
 * played stay as they were. For the batch that marks the carrier refunded (refunds.ts), so the
 * carrier and the other matches never disagree.
 */
export function endRefundedSeasonStatements(db: Db, carrierId: SQL, now: number): BatchItem<"sqlite">[] {
  // The season's money, not its first match's spot, decides: a carrier released or at a cancelled match still ends the season once refunded in full.
  const carrierRefunded = sql`exists (select 1 from bookings c where c.id = ${carrierId} and c.kind = 'season'
    and (c.status = 'refunded' or (c.amount_cents > 0 and ${claimedCentsSql(sql`c.id`)} >= c.amount_cents)))`;
  return [
    db
      .update(bookings)
      .set({ status: "refunded", refundedAt: sql`coalesce(${bookings.refundedAt}, ${now})`, updatedAt: now })
      .where(
        and(
          sql`${bookings.seasonHolderId} = (select h.id from season_holders h where h.carrier_booking_id = ${carrierId})`,
          sql`${bookings.id} <> ${carrierId}`,
          carrierRefunded,
          sql`exists (select 1 from events re where re.id = ${bookings.eventId} and ${sql.raw(canReleaseMatchText(`"bookings"`, "re", ms(now)))})`,
        ),
      ),
    db
      .update(seasonHolders)
      .set({ status: "cancelled" })
      .where(and(sql`${seasonHolders.carrierBookingId} = ${carrierId}`, eq(seasonHolders.status, "active"), carrierRefunded)),
  ];
}

/**
 * Staff revoke a season pass given for nothing (a partner): the holder is cancelled and every spot
 * still to come is freed (back on sale), in one batch. A sold pass is refunded instead.
 */
export async function revokeHolder(db: Db, holderId: string, now: number): Promise<Outcome<{ holder: HolderDto; eventIds: number[] }>> {
  const holder = await db.select().from(seasonHolders).where(eq(seasonHolders.id, holderId)).get();
  if (!holder || holder.status !== "active") return fail(404, "not_found", messages.seasonPassNotFound);
  if (holder.assignedByStaffId == null) return fail(409, "conflict", messages.seasonRevokeOnlyAssigned);
  const upcoming = sql`exists (select 1 from events re where re.id = ${bookings.eventId} and ${sql.raw(canReleaseMatchText(`"bookings"`, "re", ms(now)))})`;
  const freed = await db.select({ eventId: bookings.eventId }).from(bookings).where(and(eq(bookings.seasonHolderId, holderId), upcoming));
  await db.batch([
    db.update(bookings).set({ status: "freed", freedAt: now, updatedAt: now }).where(and(eq(bookings.seasonHolderId, holderId), upcoming)),
    db.update(seasonHolders).set({ status: "cancelled" }).where(and(eq(seasonHolders.id, holderId), eq(seasonHolders.status, "active"))),
  ]);
  const row = (await db.select().from(seasonHolders).where(eq(seasonHolders.id, holderId)).get())!;
  return ok({ holder: (await holderDtos(db, [row], now))[0], eventIds: freed.map((f) => f.eventId) });
}

/** The holder a staff action is about, with its season's carrier (the booking a refund goes through). */
export async function holderById(db: Db, holderId: string) {
  return db.select().from(seasonHolders).where(eq(seasonHolders.id, holderId)).get();
}

/** The events where a holder's spots were refunded with its carrier (for the waiting-list offers). */
export async function refundedMatchesOf(db: Db, holderId: string): Promise<number[]> {
  const rows = await db.select({ eventId: bookings.eventId }).from(bookings).where(and(eq(bookings.seasonHolderId, holderId), eq(bookings.status, "refunded")));
  return rows.map((r) => r.eventId);
}
