import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { bookings, emailOutbox, events } from "../../db/schema";
import { HOUR_MS } from "../../shared/lifecycle/event";
import { liveBookingText } from "../../shared/lifecycle/sql";
import { GARAGE_TIME_ZONE } from "../../shared/rules";
import type { Db } from "../db";
import { insertWhere } from "../lib/insert-where";
import { romeDate } from "../lib/time";
import { getReminderSettings } from "./settings";

export const reminderKey = (bookingId: string) => `reminder:${bookingId}`;

/** A booking made less than this before the start gets no reminder: its confirmation is enough. */
export const REMINDER_MIN_LEAD_MS = 24 * HOUR_MS;

/**
 * When the reminder of an event starting at `eventStart` goes out: the Rome calendar day before it,
 * at `sendAt` ("HH:MM") Rome time — 10:00 is 09:00 UTC in winter and 08:00 UTC in summer, whichever
 * side of a clock change the event falls. A time that does not exist that day (02:30 on the last
 * Sunday of March) moves forward, as Temporal's "compatible" disambiguation does.
 */
export function reminderAt(eventStart: number, sendAt: string): number {
  const [hour, minute] = sendAt.split(":").map(Number);
  return romeDate(eventStart)
    .subtract({ days: 1 })
    .toZonedDateTime({ timeZone: GARAGE_TIME_ZONE, plainTime: new Temporal.PlainTime(hour, minute) }).epochMilliseconds;
}

/**
 * The cron's reminder job. For every dated, not cancelled event whose reminder time has come and that
 * has not started, one outbox row (kind `reminder`) per live booking made at least a day before the
 * start and before the reminder time. The dedupe key `reminder:<booking id>` makes it exactly once per
 * booking whatever the cron does: overlapping runs, a run repeated after a crash, two runs for one
 * minute. `now` is the scheduled event's time.
 */
export async function sendReminders(db: Db, now: number): Promise<{ events: number; written: number }> {
  const settings = await getReminderSettings(db);
  if (!settings.isEnabled) return { events: 0, written: 0 };
  // The day before at 00:00 is at most 49 hours (a 25-hour day included) before the start.
  const upcoming = await db
    .select({ id: events.id, datetime: events.datetime })
    .from(events)
    .where(and(isNull(events.cancelledAt), eq(events.isAlwaysActive, false), gt(events.datetime, now), lte(events.datetime, now + 49 * HOUR_MS)));
  let due = 0;
  let written = 0;
  for (const event of upcoming) {
    const start = event.datetime!;
    const at = reminderAt(start, settings.sendAt);
    if (now < at) continue;
    due++;
    const bookedBy = Math.min(start - REMINDER_MIN_LEAD_MS, at - 1);
    const res = await insertWhere(
      db,
      emailOutbox,
      {
        bookingId: sql`${bookings.id}`,
        kind: "reminder",
        dedupeKey: sql`'reminder:' || ${bookings.id}`,
        status: "queued",
        attempts: 0,
        createdAt: now,
        updatedAt: now,
      },
      // The event is read again in the statement: cancelled or moved since the list above, it gets nothing.
      and(
        eq(bookings.eventId, event.id),
        sql.raw(liveBookingText("bookings", "e")),
        lte(bookings.createdAt, bookedBy),
        sql`e.datetime = ${start} and e.datetime > ${now}`,
      )!,
      sql`${bookings} inner join ${events} e on e.id = ${bookings.eventId}`,
    )
      .onConflictDoNothing()
      .run();
    written += res.meta.changes;
  }
  return { events: due, written };
}
