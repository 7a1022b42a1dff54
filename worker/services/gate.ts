import { and, asc, eq, getTableName, sql } from "drizzle-orm";
import { bookings, events } from "../../db/schema";
import type { Db } from "../db";
import { romeDate, toIso } from "../lib/time";
import { eventEndsAt } from "../../shared/lifecycle/event";
import { passValidText } from "../../shared/lifecycle/sql";

export type GateEventDto = { id: number; title: string; datetime: string | null; isAlwaysActive: boolean };

export type EventRow = typeof events.$inferSelect;

/** Cars arrive hours before a match or a concert (the demo's gates open four hours before)… */
export const GATE_OPENS_BEFORE_MS = 6 * 3_600_000;
/** …and leave after it ends, past midnight after an evening concert. */
export const GATE_CLOSES_AFTER_MS = 6 * 3_600_000;

/**
 * On the gate's list: today's events (Rome), the always-active ones, and any event from
 * GATE_OPENS_BEFORE_MS before its start to GATE_CLOSES_AFTER_MS after its end, across midnight.
 */
export function isGateEvent(event: Pick<EventRow, "isActive" | "isAlwaysActive" | "datetime" | "durationMinutes">, now: number): boolean {
  if (!event.isActive) return false;
  if (event.isAlwaysActive || event.datetime == null) return true;
  const end = eventEndsAt(event) ?? event.datetime;
  return romeDate(event.datetime).equals(romeDate(now)) || (event.datetime - GATE_OPENS_BEFORE_MS <= now && now < end + GATE_CLOSES_AFTER_MS);
}

export async function listGateEvents(db: Db, now: number): Promise<GateEventDto[]> {
  const rows = await db.select().from(events).where(eq(events.isActive, true)).orderBy(asc(events.sortOrder), asc(events.id));
  return rows
    .filter((e) => isGateEvent(e, now))
    .map((e) => ({ id: e.id, title: e.title, datetime: e.isAlwaysActive ? null : toIso(e.datetime), isAlwaysActive: e.isAlwaysActive }));
}

export async function gateEvent(db: Db, eventId: number, now: number): Promise<EventRow | null> {
  const event = await db.select().from(events).where(eq(events.id, eventId)).get();
  return event && isGateEvent(event, now) ? event : null;
}

/** The lifecycle's "this pass scans", over the joined booking and event rows. */
export const validPass = sql.raw(passValidText(`"${getTableName(bookings)}"`, `"${getTableName(events)}"`));

export type GateSummary = { expected: number; inside: number; exited: number };

/** Valid passes of the event and where their cars are. */
export async function gateSummary(db: Db, eventId: number): Promise<GateSummary> {
  const row = await db
    .select({
      expected: sql<number>`count(*)`,
      inside: sql<number>`coalesce(sum(case when ${bookings.gateState} = 'inside' then 1 else 0 end), 0)`,
      exited: sql<number>`coalesce(sum(case when ${bookings.gateState} = 'exited' then 1 else 0 end), 0)`,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(bookings.eventId, eventId), validPass))
    .get();
  return { expected: row?.expected ?? 0, inside: row?.inside ?? 0, exited: row?.exited ?? 0 };
}
