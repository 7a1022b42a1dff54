import { and, inArray, sql, type SQL } from "drizzle-orm";
import { bookings } from "../../db/schema";
import type { Db } from "../db";

export type SpotUsage = { activeHolds: number; paid: number };

export type Availability = {
  availableSpots: number;
  /** reserved base figure + paid bookings ("prenotati" on the card: a paid spot is booked). */
  prenotati: number;
  /** occupied base figure + active holds ("opzionati" on the card: a held spot is optioned). See decision 016. */
  opzionati: number;
  activeHolds: number;
  paidSpots: number;
};

type Counters = { totalSpots: number; reservedSpots: number; occupiedSpots: number };

/**
 * A booking takes a spot while it is paid, or pending with a hold that has not lapsed yet.
 * Expiry is logical: a lapsed hold stops counting at `holdExpiresAt`, whether or not the cron ran.
 */
export function takesSpotSql(now: number, alias = "b"): SQL {
  return sql.raw(`(${alias}.status = 'paid' or (${alias}.status = 'pending' and ${alias}.hold_expires_at > ${Math.trunc(now)}))`);
}

/**
 * Free spots of one event as a SQL scalar: the guard of every statement that takes a spot.
 * D1 runs one statement at a time, so `INSERT … SELECT … WHERE (freeSpotsSql) >= 1` is atomic.
 */
export function freeSpotsSql(eventId: number | SQL, now: number): SQL {
  return sql`(select e.total_spots - e.reserved_spots - e.occupied_spots - (select count(*) from bookings b where b.event_id = e.id and ${takesSpotSql(now)}) from events e where e.id = ${eventId})`;
}

export function computeAvailability(counters: Counters, usage: SpotUsage | undefined): Availability {
  const activeHolds = usage?.activeHolds ?? 0;
  const paid = usage?.paid ?? 0;
  return {
    availableSpots: Math.max(0, counters.totalSpots - counters.reservedSpots - counters.occupiedSpots - activeHolds - paid),
    prenotati: counters.reservedSpots + paid,
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
      activeHolds: sql<number>`sum(case when ${bookings.status} = 'pending' and ${bookings.holdExpiresAt} > ${now} then 1 else 0 end)`,
      paid: sql<number>`sum(case when ${bookings.status} = 'paid' then 1 else 0 end)`,
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
