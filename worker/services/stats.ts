import { and, gte, inArray, lt, sql } from "drizzle-orm";
import { paymentRowText } from "../../shared/lifecycle/season-sql";
import { bookings, refunds, type BookingStatus } from "../../db/schema";
import type { Db } from "../db";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { romeDate, romeDayRange } from "../lib/time";
import { listEvents, type EventDto } from "./events";

/** Money taken: paid bookings, and paid ones freed since (the spot was sold). Refunds are not revenue. */
export const REVENUE_STATUSES: BookingStatus[] = ["paid", "freed"];

/** The public counters: anyone may read them (the home shows them). */
export type Stats = { activeEvents: number; totalSpots: number; occupiedSpots: number; freeSpots: number };
/** The dashboard's counters: the public ones and today's takings, for owners and managers only. */
export type AdminStats = Stats & { todayRevenue: string };

/**
 * Money kept from [start, end): bookings paid then, including those freed since (the spot was sold),
 * less what was refunded of them in part (a full refund leaves REVENUE_STATUSES). The same net as
 * the payments list's rows, so the cards and the list agree.
 */
export async function paidRevenueCents(db: Db, range: { start: number; end: number }): Promise<{ cents: number; count: number }> {
  const refundedOf = sql`coalesce((select sum(${refunds.amountCents}) from ${refunds} where ${refunds.bookingId} = ${bookings.id}), 0)`;
  const row = await db
    .select({ cents: sql<number>`coalesce(sum(${bookings.amountCents} - ${refundedOf}), 0)`, count: sql<number>`count(*)` })
    .from(bookings)
    .where(and(inArray(bookings.status, REVENUE_STATUSES), gte(bookings.paidAt, range.start), lt(bookings.paidAt, range.end), sql.raw(paymentRowText(`"bookings"`))))
    .get();
  return { cents: Number(row?.cents ?? 0), count: Number(row?.count ?? 0) };
}

/**
 * Home and dashboard counters over active events. occupiedSpots counts every spot that is not
 * free (base reserved/occupied figures, active holds, paid), so totalSpots − occupiedSpots is the
 * real number of free spots. Revenue counts bookings paid today in Rome.
 */
export async function getStats(db: Db, now: number): Promise<Stats> {
  return statsOf(await listEvents(db, now, { includeInactive: false }));
}

export async function getAdminStats(db: Db, now: number): Promise<AdminStats> {
  const [active, today] = await Promise.all([listEvents(db, now, { includeInactive: false }), todayRevenueCents(db, now)]);
  return { ...statsOf(active), todayRevenue: centsToDecimal(today.cents) };
}

export function todayRevenueCents(db: Db, now: number): Promise<{ cents: number }> {
  return paidRevenueCents(db, romeDayRange(romeDate(now)));
}

/** The counters of the public list (the home computes them from the list it already has); a cancelled event counts for nothing. */
export function statsOf(listed: Pick<EventDto, "totalSpots" | "availableSpots" | "cancelled">[]): Stats {
  const active = listed.filter((e) => !e.cancelled);
  const totalSpots = active.reduce((s, e) => s + e.totalSpots, 0);
  const freeSpots = active.reduce((s, e) => s + e.availableSpots, 0);
  return {
    activeEvents: active.length,
    totalSpots,
    occupiedSpots: totalSpots - freeSpots,
    freeSpots,
  };
}
