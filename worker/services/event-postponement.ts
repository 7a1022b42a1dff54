import { messages } from "../i18n/it";
import { and, eq, sql } from "drizzle-orm";
import { bookings, emailOutbox, events } from "../../db/schema";
import type { Db } from "../db";
import { markWalletPassChanged } from "./wallet/wallet-passes";
import { fail, ok, type Outcome } from "../lib/errors";
import { insertWhere } from "../lib/insert-where";
import { toIso } from "../lib/time";

export type PostponeResult = { eventId: number; datetime: string; cancelUntil: string; emails: number };

/**
 * "Rinvia evento": the new date, and a window in which every paid customer may cancel for a full
 * refund whatever the usual deadline (cancellableSql reads postpone_cancel_until). One e-mail per
 * paid booking, written in the same batch.
 */
export async function postponeEvent(db: Db, eventId: number, input: { datetime: number; cancelWindowDays: number }, now: number): Promise<Outcome<PostponeResult>> {
  const event = await db.select().from(events).where(eq(events.id, eventId)).get();
  if (!event) return fail(404, "not_found", messages.eventNotFound);
  if (event.isAlwaysActive) return fail(409, "conflict", messages.postponeAlwaysActive);
  if (event.cancelledAt != null) return fail(409, "conflict", messages.postponeCancelled);
  if (input.datetime <= now) return fail(400, "validation_failed", messages.postponeDateInPast);
  const cancelUntil = Math.min(now + input.cancelWindowDays * 86_400_000, input.datetime);
  const results = await db.batch([
    db.update(events).set({ datetime: input.datetime, postponeCancelUntil: cancelUntil, previousDatetime: event.datetime }).where(eq(events.id, eventId)),
    insertWhere(
      db,
      emailOutbox,
      {
        bookingId: sql`${bookings.id}`,
        kind: "event_postponed",
        dedupeKey: sql`'postponed:' || ${bookings.id} || ':' || ${input.datetime}`,
        data: sql`json_object('datetime', ${input.datetime}, 'cancelUntil', ${cancelUntil})`,
        status: "queued",
        attempts: 0,
        createdAt: now,
        updatedAt: now,
      },
      and(eq(bookings.eventId, eventId), eq(bookings.status, "paid"))!,
      sql`${bookings}`,
    ).onConflictDoNothing(),
  ]);
  const emails = (results[1] as { meta: { changes: number } }).meta.changes;
  await markWalletPassChanged(db, { eventId }, now);
  return ok({ eventId, datetime: toIso(input.datetime)!, cancelUntil: toIso(cancelUntil)!, emails });
}
