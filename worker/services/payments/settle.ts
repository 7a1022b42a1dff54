import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bookings, emailOutbox, spentPaymentIntents, type Booking } from "../../../db/schema";
import type { Db } from "../../db";
import { isActiveHold, PAYABLE_STATUSES } from "../../../shared/lifecycle/booking";
import { activeHoldSql, spotsForSaleSql } from "../../../shared/lifecycle/sql";
import { confirmationOutboxInsert } from "../email/outbox";
import { passSecretOnPay } from "../passes";
import { seasonPayableSql, settleSeasonItems } from "../season-settlement";
import { receiptInsert } from "../documents/issue";
import { clientBookingsSql, DEFAULT_HOLD_CAP } from "../holds";
import type { PaymentIntentView, PaymentProvider } from "./provider";

export type SettleOutcome =
  | "paid"
  | "late_paid"
  | "already_paid"
  /** Refunded without ever having been paid: the money came after the hold, with no spot left. */
  | "refunded_late"
  /** Refunded after being paid (e.g. from the Stripe Dashboard). */
  | "refunded"
  | "not_succeeded"
  | "amount_mismatch"
  | "no_booking";

export type Settled = {
  outcome: SettleOutcome;
  bookingId: string | null;
  /** The e-mail rows this settlement queued (the confirmation), to hand to the queue. */
  queued: number[];
  /** The rows of `opts.readBack`, read in the same trip as the effect (paid and already-paid outcomes). */
  readBack?: unknown[];
};

export type SettleOptions = {
  /** The booking as the caller read it a moment ago (confirm-payment's own check): settle does not read it again. */
  booking?: Booking;
  /** A read for the answer, put at the end of the batch that pays: the caller gets the paid row without another trip. */
  readBack?: BatchItem<"sqlite">;
  /** The spots of one event a client may take (decision 012); a late payment never takes the one over it. */
  bookingsPerEvent?: number;
};

export const refundKey = (paymentIntentId: string) => `refund:${paymentIntentId}`;

// Query builders only: drizzle cannot batch raw `db.run(sql…)` statements that carry parameters.
async function runBatch(db: Db, items: BatchItem<"sqlite">[]) {
  return items.length ? db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]) : [];
}

const changesOf = (result: unknown): number => (result as { meta?: { changes?: number } }).meta?.changes ?? 0;

async function bookingOfIntent(db: Db, intent: PaymentIntentView): Promise<Booking | undefined> {
  const byMetadata = intent.metadata.bookingId;
  return db
    .select()
    .from(bookings)
    .where(
      byMetadata
        ? or(eq(bookings.paymentIntentId, intent.id), and(eq(bookings.id, byMetadata), isNull(bookings.paymentIntentId)))
        : eq(bookings.paymentIntentId, intent.id),
    )
    .get();
}

/** Refunds the intent (idempotent at the provider), then notes that the money went back. */
export async function completeRefund(db: Db, provider: PaymentProvider, bookingId: string, paymentIntentId: string, now: number): Promise<void> {
  await provider.refundIntent(paymentIntentId, refundKey(paymentIntentId));
  await db
    .update(bookings)
    .set({ refundedAt: now, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.refundedAt)))
    .run();
}

/**
 * The one path from "the provider says this intent succeeded" to a booking state, shared by
 * confirm-payment, the Stripe webhook and the demo card form. Paid only when the amount and
 * currency are the booking's and its event is not cancelled; a hold that lapsed is kept only if a
 * spot is still free (the same guard as taking one). Otherwise — and for a booking cancelled with
 * its event — the booking is marked refunded FIRST and the money returned after, so no concurrent
 * path can make it paid once the refund is decided.
 * `record` (e.g. the processed webhook event id) is written in the same batch as the effect.
 */
export async function settleIntent(
  db: Db,
  provider: PaymentProvider,
  intent: PaymentIntentView,
  now: number,
  record: BatchItem<"sqlite">[] = [],
  opts: SettleOptions = {},
): Promise<Settled> {
  const booking = opts.booking ?? (await bookingOfIntent(db, intent));
  if (!booking) {
    if (intent.status === "succeeded" && intent.metadata.kind) {
      // Money taken for one of our intents with nothing to deliver (e.g. a presale whose booking was
      // refused). The intent is marked spent BEFORE the refund: from then on no booking can be
      // created for it (insertPresaleHold) or paid by it (the guard below).
      await runBatch(db, [...record, db.insert(spentPaymentIntents).values({ id: intent.id, at: now }).onConflictDoNothing()]);
      await provider.refundIntent(intent.id, refundKey(intent.id));
      // A booking that took the intent between our read and the mark can no longer be paid: settle it as refunded.
      if (await bookingOfIntent(db, intent)) await settleIntent(db, provider, intent, now);
    } else {
      await runBatch(db, record);
    }
    return { outcome: "no_booking", bookingId: null, queued: [] };
  }
  const done = (outcome: SettleOutcome, extra: Partial<Settled> = {}): Settled => ({ outcome, bookingId: booking.id, queued: [], ...extra });
  const readBack = opts.readBack ? [opts.readBack] : [];
  const bookingsPerEvent = opts.bookingsPerEvent ?? DEFAULT_HOLD_CAP.bookingsPerEvent;
  if (intent.status !== "succeeded") {
    await runBatch(db, record);
    return done("not_succeeded");
  }
  if (intent.amountCents !== booking.amountCents || intent.currency !== booking.currency) {
    await runBatch(db, record);
    console.error("payment intent amount or currency differs from its booking: not marking it paid");
    return done("amount_mismatch");
  }
  if (booking.status === "paid" || booking.status === "freed") {
    const results = await runBatch(db, [...record, ...readBack]);
    return done("already_paid", readBack.length ? { readBack: results[record.length] as unknown[] } : {});
  }
  if (booking.status === "refunded") {
    await runBatch(db, record);
    if (booking.refundedAt == null) await completeRefund(db, provider, booking.id, intent.id, now);
    return done(booking.paidAt == null ? "refunded_late" : "refunded");
  }

  const results = await runBatch(db, [
    ...record,
    db
      .update(bookings)
      .set({ status: "paid", paidAt: now, updatedAt: now, paymentIntentId: intent.id, passSecret: passSecretOnPay() })
      .where(
        and(
          eq(bookings.id, booking.id),
          or(
            sql`${activeHoldSql(now, "bookings")}`,
            // A late payment takes a spot only if one is for sale: while fans wait, a freed spot is theirs (the line first).
            // Nor one over the client's cap of spots at the event: a lapsed hold or offer stopped counting, so
            // the client may have taken others since (docs/decisions/054).
            and(
              inArray(bookings.status, PAYABLE_STATUSES),
              sql`${spotsForSaleSql(booking.eventId, now)} >= 1`,
              sql`${clientBookingsSql({ key: booking.clientKey, email: booking.customerEmail, now }, booking.eventId)} < ${bookingsPerEvent}`,
            ),
          ),
          // A season's payment: the seat and every match, or nothing (and the money back, below).
          ...(booking.kind === "season" ? [seasonPayableSql(booking.id, now, bookingsPerEvent)] : []),
          // Money for a cancelled event never buys its spot: it goes back (the UPDATE below).
          sql`not exists (select 1 from events e where e.id = ${bookings.eventId} and e.cancelled_at is not null)`,
          // An intent whose money already went back never pays anything.
          sql`not exists (select 1 from spent_payment_intents s where s.id = ${intent.id})`,
        ),
      ),
    // The confirmation e-mail, in the same batch: written if and only if this update paid it.
    confirmationOutboxInsert(db, booking.id, now).returning({ id: emailOutbox.id }),
    db
      .update(bookings)
      .set({ status: "refunded", updatedAt: now, paymentIntentId: intent.id })
      .where(and(eq(bookings.id, booking.id), inArray(bookings.status, ["pending", "expired", "cancelled"]))),
    // A season pass paid through its carrier booking: the holder and its other matches, if this paid it.
    ...(booking.kind === "season" ? settleSeasonItems(db, booking.id, now) : []),
    // Its receipt, numbered in the same batch: written if and only if this batch paid it (docs/decisions/047-documents.md).
    receiptInsert(db, booking.id, now),
    ...readBack,
  ]);
  const [paid, refunded] = [changesOf(results[record.length]), changesOf(results[record.length + 2])];
  if (paid) {
    const queued = (results[record.length + 1] as { id: number }[]).map((r) => r.id);
    return done(isActiveHold(booking, now) ? "paid" : "late_paid", { queued, ...(readBack.length ? { readBack: results.at(-1) as unknown[] } : {}) });
  }
  if (refunded) {
    await completeRefund(db, provider, booking.id, intent.id, now);
    return done("refunded_late");
  }
  // Another path settled it between our read and our write.
  const current = (await db.select().from(bookings).where(eq(bookings.id, booking.id)).get())!;
  if (current.status === "refunded") {
    if (current.refundedAt == null) await completeRefund(db, provider, booking.id, intent.id, now);
    return done(current.paidAt == null ? "refunded_late" : "refunded");
  }
  return done("already_paid");
}

/** Bookings marked refunded whose refund call failed (network, provider down): try again. */
export async function retryOwedRefunds(db: Db, provider: PaymentProvider, now: number): Promise<{ refunded: number; failed: number }> {
  const owed = await db
    .select({ id: bookings.id, paymentIntentId: bookings.paymentIntentId })
    .from(bookings)
    .where(and(eq(bookings.status, "refunded"), isNull(bookings.refundedAt), isNotNull(bookings.paymentIntentId)))
    .limit(50);
  let refunded = 0;
  let failed = 0;
  for (const b of owed) {
    try {
      await completeRefund(db, provider, b.id, b.paymentIntentId!, now);
      refunded++;
    } catch (err) {
      failed++;
      console.error(`owed refund failed again: ${(err as Error).name}`);
    }
  }
  return { refunded, failed };
}
