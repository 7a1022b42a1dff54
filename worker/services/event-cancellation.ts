import { and, eq, inArray, sql } from "drizzle-orm";
import { bookings, eventCancellations, events, refunds } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import { toIso } from "../lib/time";
import type { PaymentProvider } from "./payments/provider";
import { emailCatalogues } from "./email/catalogue";
import { refundBooking } from "./refunds";

export type CancellationProgress = {
  eventId: number;
  status: "running" | "done";
  total: number;
  refunded: number;
  failures: { bookingId: string; error: string }[];
  startedAt: string;
  finishedAt: string | null;
};

/**
 * Step 1 of "Annulla evento": the event goes off sale (cancelled_at, inactive), every hold is
 * released, and the progress row is (re)opened. Answers the bookings still to refund. Idempotent:
 * a retried or resumed step does the same again.
 */
export async function startEventCancellation(db: Db, eventId: number, instanceId: string, now: number): Promise<string[]> {
  const paid = await db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.eventId, eventId), eq(bookings.status, "paid")));
  const alreadyRefunded = await db
    .select({ n: sql<number>`count(distinct ${refunds.bookingId})` })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(and(eq(bookings.eventId, eventId), eq(refunds.source, "event_cancelled")))
    .get();
  await db.batch([
    db.update(events).set({ cancelledAt: sql`coalesce(${events.cancelledAt}, ${now})`, isActive: false }).where(eq(events.id, eventId)),
    db.update(bookings).set({ status: "cancelled", updatedAt: now }).where(and(eq(bookings.eventId, eventId), eq(bookings.status, "pending"))),
    db
      .insert(eventCancellations)
      .values({ eventId, instanceId, status: "running", total: paid.length + Number(alreadyRefunded?.n ?? 0), failures: [], startedAt: now })
      .onConflictDoUpdate({ target: eventCancellations.eventId, set: { instanceId, status: "running", failures: [], finishedAt: null } }),
  ]);
  return paid.map((b) => b.id);
}

/** One booking's full refund for the cancelled event; "already refunded" counts as done. */
export async function refundForCancelledEvent(db: Db, provider: PaymentProvider, bookingId: string, now: number): Promise<"refunded" | "already"> {
  const result = await refundBooking(db, provider, { bookingId, amountCents: null, reason: emailCatalogues.it.reasons.eventCancelled, source: "event_cancelled" }, now);
  if (result.ok) return "refunded";
  const row = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)).get();
  if (row?.status === "refunded") return "already";
  throw new Error(result.error.error.message);
}

export async function recordCancellationFailure(db: Db, eventId: number, bookingId: string, error: string): Promise<void> {
  await db
    .update(eventCancellations)
    .set({ failures: sql`json_insert(${eventCancellations.failures}, '$[#]', json_object('bookingId', ${bookingId}, 'error', ${error.slice(0, 300)}))` })
    .where(eq(eventCancellations.eventId, eventId))
    .run();
}

export async function finishEventCancellation(db: Db, eventId: number, now: number): Promise<void> {
  await db.update(eventCancellations).set({ status: "done", finishedAt: now }).where(eq(eventCancellations.eventId, eventId)).run();
}

export async function cancellationProgress(db: Db, eventId: number): Promise<Outcome<CancellationProgress | null>> {
  const event = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).get();
  if (!event) return fail(404, "not_found", "Evento non trovato");
  const row = await db.select().from(eventCancellations).where(eq(eventCancellations.eventId, eventId)).get();
  if (!row) return ok(null);
  const refunded = await db
    .select({ n: sql<number>`count(distinct ${refunds.bookingId})` })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(and(eq(bookings.eventId, eventId), inArray(refunds.source, ["event_cancelled"]), eq(bookings.status, "refunded")))
    .get();
  return ok({
    eventId,
    status: row.status,
    total: row.total,
    refunded: Number(refunded?.n ?? 0),
    failures: row.failures,
    startedAt: toIso(row.startedAt)!,
    finishedAt: toIso(row.finishedAt),
  });
}
