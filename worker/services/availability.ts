import { and, inArray, sql, type SQL } from "drizzle-orm";
import { bookings } from "../../db/schema";
import { freeSpotsOf, type Capacity } from "../../shared/lifecycle/booking";
import { activeHoldSql, paidText } from "../../shared/lifecycle/sql";
import type { Db } from "../db";

export type SpotUsage = { activeHolds: number; paid: number };

/** An event's spots as the card shows them; its type is what this answers. */
export function computeAvailability(counters: Capacity, usage: SpotUsage | undefined) {
  const activeHolds = usage?.activeHolds ?? 0;
  const paid = usage?.paid ?? 0;
  return {
    availableSpots: freeSpotsOf(counters, activeHolds, paid),
    /** reserved base figure + paid bookings ("prenotati" on the card: a paid spot is booked). */
    prenotati: counters.reservedSpots + paid,
    /** occupied base figure + active holds ("opzionati" on the card: a held spot is optioned). See decision 016. */
    opzionati: counters.occupiedSpots + activeHolds,
    activeHolds,
    paidSpots: paid,
  };
}

/**
 * Holds and paid bookings per event as a query builder, so it can join a db.batch (one round trip).
 * `eventScope` narrows it to some events (ids, or a subquery of event ids).
 */
export function spotUsageQuery(db: Db, now: number, eventScope?: number[] | SQL) {
  const scope =
    eventScope === undefined
      ? undefined
      : Array.isArray(eventScope)
        ? inArray(bookings.eventId, eventScope)
        : sql`${bookings.eventId} in ${eventScope}`;
  return db
    .select({
      eventId: bookings.eventId,
      activeHolds: sql<number>`sum(case when ${activeHoldSql(now, "bookings")} then 1 else 0 end)`,
      paid: sql<number>`sum(case when ${sql.raw(paidText("bookings"))} then 1 else 0 end)`,
    })
    .from(bookings)
    .where(and(inArray(bookings.status, ["pending", "paid"]), scope))
    .groupBy(bookings.eventId);
}

export function toUsageMap(rows: { eventId: number; activeHolds: number; paid: number }[]): Map<number, SpotUsage> {
  return new Map(rows.map((r) => [r.eventId, { activeHolds: Number(r.activeHolds), paid: Number(r.paid) }]));
}

/** Holds and paid bookings per event, for all events at once (one query, whatever their number). */
export async function spotUsageByEvent(db: Db, now: number, eventIds?: number[]): Promise<Map<number, SpotUsage>> {
  if (eventIds && eventIds.length === 0) return new Map();
  return toUsageMap(await spotUsageQuery(db, now, eventIds));
}
