import { italianText, messages } from "../i18n/it";
import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { bookings, eventCancellations, events, refunds } from "../../db/schema";
import type { Db } from "../db";
import { markWalletPassChanged } from "./wallet/wallet-passes";
import { fail, ok, type Outcome } from "../lib/errors";
import { toIso } from "../lib/time";
import type { PaymentProvider } from "./payments/provider";
import { emailCatalogues } from "./email/catalogue";
import { refundBooking, retryRefund } from "./refunds";
import { settleIntent } from "./payments/settle";

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
 * Step 1 of "Annulla evento": the event closes to new holds and payments (cancelled_at, inactive),
 * every hold is released, and the progress row is (re)opened. The paid bookings are read only after
 * that write: from then on no payment can make another one paid (settleIntent refunds it instead).
 * Idempotent: a retried or resumed step does the same again.
 */
export async function startEventCancellation(db: Db, eventId: number, instanceId: string, now: number): Promise<string[]> {
  await db.batch([
    db.update(events).set({ cancelledAt: sql`coalesce(${events.cancelledAt}, ${now})`, isActive: false }).where(eq(events.id, eventId)),
    db.update(bookings).set({ status: "cancelled", updatedAt: now }).where(and(eq(bookings.eventId, eventId), eq(bookings.status, "pending"))),
  ]);
  await markWalletPassChanged(db, { eventId }, now);
  // Paid ones, and ones whose refund the provider refused in an earlier run.
  const paid = await db
    .selectDistinct({ id: bookings.id })
    .from(bookings)
    .leftJoin(refunds, and(eq(refunds.bookingId, bookings.id), eq(refunds.status, "failed")))
    .where(and(eq(bookings.eventId, eventId), or(eq(bookings.status, "paid"), isNotNull(refunds.id))));
  // Refunded by an earlier run: still part of the cancellation's total.
  const earlier = await db
    .selectDistinct({ id: refunds.bookingId })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(and(eq(bookings.eventId, eventId), eq(refunds.source, "event_cancelled")));
  await db
    .insert(eventCancellations)
    .values({ eventId, instanceId, status: "running", total: new Set([...paid, ...earlier].map((b) => b.id)).size, failures: [], startedAt: now })
    .onConflictDoUpdate({ target: eventCancellations.eventId, set: { instanceId, status: "running", failures: [], finishedAt: null } })
    .run();
  return paid.map((b) => b.id);
}

/**
 * Step 2: the intents of the released holds are cancelled at the provider, so no card is charged
 * for a cancelled event. One that already took the money (not cancelable) is settled now, which
 * refunds it in full; its webhook, arriving later, finds it settled.
 */
export async function cancelOpenPayments(db: Db, provider: PaymentProvider, eventId: number, now: number): Promise<{ canceled: number; refunded: number }> {
  const open = await db
    .select({ paymentIntentId: bookings.paymentIntentId })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, ["cancelled", "expired"]), isNotNull(bookings.paymentIntentId), isNull(bookings.refundedAt)));
  let canceled = 0;
  let refunded = 0;
  for (const { paymentIntentId } of open) {
    const result = await provider.cancelIntent(paymentIntentId!);
    if (result === "canceled") canceled++;
    if (result !== "not_cancelable") continue;
    const intent = await provider.retrieveIntent(paymentIntentId!);
    if (intent?.status === "succeeded" && (await settleIntent(db, provider, intent, now)).outcome.startsWith("refunded")) refunded++;
  }
  return { canceled, refunded };
}

/**
 * One booking's full refund for the cancelled event; "already refunded" counts as done. A refund the
 * provider refused is asked again (a rerun of the cancellation is the staff's retry); a refusal
 * again throws, so the booking is listed among the failures with the provider's words.
 */
export async function refundForCancelledEvent(db: Db, provider: PaymentProvider, bookingId: string, now: number): Promise<"refunded" | "already"> {
  const failed = await db.select({ id: refunds.id }).from(refunds).where(and(eq(refunds.bookingId, bookingId), eq(refunds.status, "failed"))).get();
  const result = failed
    ? await retryRefund(db, provider, failed.id, now)
    : await refundBooking(db, provider, { bookingId, amountCents: null, reason: emailCatalogues.it.reasons.eventCancelled, source: "event_cancelled" }, now);
  if (result.ok) return "refunded";
  const row = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)).get();
  if (result.error.error.code !== "refund_failed" && row?.status === "refunded") return "already";
  throw new Error(italianText(result.error.error.message));
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
  if (!event) return fail(404, "not_found", messages.eventNotFound);
  const row = await db.select().from(eventCancellations).where(eq(eventCancellations.eventId, eventId)).get();
  if (!row) return ok(null);
  const refunded = await db
    .select({ n: sql<number>`count(distinct ${refunds.bookingId})` })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(and(eq(bookings.eventId, eventId), inArray(refunds.source, ["event_cancelled"]), eq(refunds.status, "succeeded")))
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
