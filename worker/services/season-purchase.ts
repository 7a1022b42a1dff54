import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bookings, seasonHolders, seasonPasses, type SeasonHolder, type SeasonPass } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import { insertWhere } from "../lib/insert-where";
import { messages } from "../i18n/it";
import { seasonHoldersSql } from "../../shared/lifecycle/season-sql";
import { eventSellsSql, freeSpotsSql, spotsForSaleSql } from "../../shared/lifecycle/sql";
import { newPassSecret } from "./pass-secret";
import { type Lang } from "../../shared/lang";
import { causedBy, runBatch } from "../lib/d1-batch";
import { missingMatchError, seasonSaleOf, sellingEventsOf } from "./seasons";
import { holderDtos, type HolderDto } from "./season-holders";
import { capReached, underCapSql, type HoldClient } from "./client-caps";

export type HolderInput = { customerName: string; customerEmail: string; licensePlate: string; carModel: string; lang: Lang };

// The guards below write NULL into a NOT NULL column when a rule fails, which aborts the whole batch.
const SEATS_GUARD = "NOT NULL constraint failed: season_holders.hold_expires_at";
const SPOT_GUARD = "NOT NULL constraint failed: bookings.hold_expires_at";
const CAP_GUARD = "NOT NULL constraint failed: bookings.discount_cents";

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
