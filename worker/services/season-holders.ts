import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { bookings, seasonHolders, seasonPasses, type SeasonHolder } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import { messages } from "../i18n/it";
import { toIso } from "../lib/time";
import { holderTakesSeat } from "../../shared/lifecycle/season";
import { canReleaseMatchText, holderTakesSeatText } from "../../shared/lifecycle/season-sql";
import { bookingCodeOf } from "../../shared/rules";
import { ms } from "../lib/d1-batch";
import { freeHolderMatch, matchesOf, type SeasonMatch } from "./season-pass";

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

/** Staff hand a match back for a holder (the holder phoned): the same rule as the holder's own release. */
export async function releaseMatchForHolder(db: Db, holderId: string, eventId: number, now: number): Promise<Outcome<HolderDto>> {
  const holder = await db.select().from(seasonHolders).where(eq(seasonHolders.id, holderId)).get();
  if (!holder || holder.status !== "active") return fail(404, "not_found", messages.seasonPassNotFound);
  const freed = await freeHolderMatch(db, holder.id, eventId, now);
  if (!freed.ok) return freed;
  return ok((await holderDtos(db, [holder], now))[0]);
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
