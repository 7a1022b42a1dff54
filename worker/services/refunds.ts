import { messages } from "../lib/messages";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { bookings, emailOutbox, refunds, type RefundSource } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import { insertWhere } from "../lib/insert-where";
import { centsToDecimal } from "../lib/money";
import { toIso } from "../lib/time";
import type { PaymentProvider } from "./payments/provider";

export type RefundDto = {
  id: string;
  bookingId: string;
  amount: string;
  reason: string;
  source: RefundSource;
  completed: boolean;
  createdAt: string;
};

export type RefundResult = { refund: RefundDto; full: boolean; refunded: string; remaining: string };

const toDto = (r: typeof refunds.$inferSelect): RefundDto => ({
  id: r.id,
  bookingId: r.bookingId,
  amount: centsToDecimal(r.amountCents),
  reason: r.reason,
  source: r.source,
  completed: r.completedAt != null,
  createdAt: toIso(r.createdAt)!,
});

/** Refunded so far of a booking, in cents (the sum of its refund rows: the one source of truth). */
const refundedSoFar = (bookingId: string) => sql`(select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} where ${refunds.bookingId} = ${bookingId})`;

export const refundIdempotencyKey = (refundId: string) => `refund-row:${refundId}`;

export type RefundInput = {
  bookingId: string;
  /** null: everything not refunded yet. */
  amountCents: number | null;
  reason: string;
  source: RefundSource;
  staffId?: number | null;
  /** The customer's own cancellation also checks its deadline in the same statement (cancellations.ts). */
  guard?: ReturnType<typeof sql>;
};

/**
 * Refunds part or all of a paid booking. The refund row is written by a guarded INSERT whose
 * condition (booking paid, refunded so far + this ≤ amount paid) is evaluated by D1 as it writes,
 * so concurrent refunds can never together exceed the payment. In the same batch: a full refund
 * marks the booking refunded (spot freed, pass void) and the customer's e-mail is queued. The
 * provider is called after, with the row id as idempotency key; a failed call leaves the row
 * incomplete and the cron completes it.
 */
export async function refundBooking(db: Db, provider: PaymentProvider, input: RefundInput, now: number): Promise<Outcome<RefundResult>> {
  const booking = await db.select().from(bookings).where(eq(bookings.id, input.bookingId)).get();
  if (!booking) return fail(404, "not_found", messages.bookingNotFound);
  if (booking.status !== "paid" || !booking.paymentIntentId) return fail(409, "conflict", messages.refundOnlyPaid);
  const before = (await db.select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)` }).from(refunds).where(eq(refunds.bookingId, booking.id)).get())!.cents;
  const remaining = booking.amountCents - before;
  const amount = input.amountCents ?? remaining;
  if (amount <= 0) return fail(400, "validation_failed", "L'importo del rimborso deve essere maggiore di zero");
  if (amount > remaining) return fail(409, "conflict", `Importo troppo alto: rimborsabili al massimo € ${centsToDecimal(remaining)}`);

  const id = crypto.randomUUID();
  const full = sql`${refundedSoFar(booking.id)} >= ${bookings.amountCents}`;
  const results = await db.batch([
    insertWhere(
      db,
      refunds,
      { id, bookingId: booking.id, amountCents: amount, reason: input.reason, source: input.source, staffId: input.staffId ?? null, createdAt: now },
      sql`exists (select 1 from ${bookings} where ${bookings.id} = ${booking.id} and ${bookings.status} = 'paid'
            and ${refundedSoFar(booking.id)} + ${amount} <= ${bookings.amountCents} ${input.guard ? sql`and ${input.guard}` : sql``})`,
    ),
    // Only once this refund's row exists and the rows now cover the whole payment.
    db
      .update(bookings)
      .set({ status: "refunded", refundedAt: now, updatedAt: now })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, "paid"), full, sql`exists (select 1 from ${refunds} where ${refunds.id} = ${id})`)),
    insertWhere(
      db,
      emailOutbox,
      {
        bookingId: booking.id,
        kind: "refund",
        dedupeKey: `refund:${id}`,
        data: sql`json_object('amountCents', ${amount}, 'reason', ${input.reason}, 'full', json(case when ${refundedSoFar(booking.id)} >= ${booking.amountCents} then 'true' else 'false' end))`,
        status: "queued",
        attempts: 0,
        createdAt: now,
        updatedAt: now,
      },
      sql`exists (select 1 from ${refunds} where ${refunds.id} = ${id})`,
    ),
  ]);
  if ((results[0] as { meta: { changes: number } }).meta.changes === 0) {
    // Lost a race with another refund (or the deadline passed): nothing was written.
    return fail(409, "conflict", input.guard ? "Non è più possibile annullare questa prenotazione" : "Il rimborso supera l'importo ancora rimborsabile");
  }
  await completeRefundRow(db, provider, id, booking.paymentIntentId, amount, now);
  const row = (await db.select().from(refunds).where(eq(refunds.id, id)).get())!;
  const isFull = before + amount >= booking.amountCents;
  return ok({ refund: toDto(row), full: isFull, refunded: centsToDecimal(before + amount), remaining: centsToDecimal(booking.amountCents - before - amount) });
}

/** Calls the provider for a recorded refund; never throws (the cron retries what is left incomplete). */
async function completeRefundRow(db: Db, provider: PaymentProvider, id: string, paymentIntentId: string, amount: number, now: number): Promise<boolean> {
  try {
    const { refundId } = await provider.refundAmount(paymentIntentId, amount, refundIdempotencyKey(id), { refundRowId: id });
    await db.update(refunds).set({ providerRefundId: refundId, completedAt: now }).where(and(eq(refunds.id, id), isNull(refunds.completedAt))).run();
    return true;
  } catch (err) {
    console.error(`refund ${id} at the provider failed, the cron retries: ${(err as Error).message}`);
    return false;
  }
}

export async function retryIncompleteRefunds(db: Db, provider: PaymentProvider, now: number) {
  const owed = await db
    .select({ id: refunds.id, amountCents: refunds.amountCents, paymentIntentId: bookings.paymentIntentId })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(isNull(refunds.completedAt))
    .limit(50);
  let done = 0;
  for (const r of owed) if (r.paymentIntentId && (await completeRefundRow(db, provider, r.id, r.paymentIntentId, r.amountCents, now))) done++;
  return { completed: done, pending: owed.length - done };
}

export async function refundsOfBooking(db: Db, bookingId: string): Promise<RefundDto[]> {
  return (await db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(asc(refunds.createdAt))).map(toDto);
}

export type ProviderRefund = { id: string; amount: number; paymentIntentId: string | null; status: string | null; metadata: Record<string, string> };

/**
 * Stripe's refund.created / refund.updated: keeps the booking in step with a refund made at the
 * provider. Ours (metadata.refundRowId) only gets its provider id; one made from the Dashboard
 * becomes a row of its own (source "provider"), once, and a refund that covers the whole payment
 * marks the booking refunded. Statements for the webhook's batch (beside its processed-event row).
 */
export function providerRefundStatements(db: Db, r: ProviderRefund, now: number) {
  if (r.status !== "succeeded" || !r.paymentIntentId) return [];
  const ours = r.metadata.refundRowId;
  if (ours) {
    return [db.update(refunds).set({ providerRefundId: r.id, completedAt: now }).where(and(eq(refunds.id, ours), isNull(refunds.completedAt)))];
  }
  const id = `provider:${r.id}`;
  const booking = sql`(select ${bookings.id} from ${bookings} where ${bookings.paymentIntentId} = ${r.paymentIntentId})`;
  return [
    insertWhere(
      db,
      refunds,
      { id, bookingId: booking, amountCents: r.amount, reason: "Rimborso dal pannello Stripe", source: "provider", providerRefundId: r.id, completedAt: now, createdAt: now },
      sql`${booking} is not null and not exists (select 1 from ${refunds} where ${refunds.providerRefundId} = ${r.id})`,
    ).onConflictDoNothing(),
    db
      .update(bookings)
      .set({ status: "refunded", refundedAt: sql`coalesce(${bookings.refundedAt}, ${now})`, updatedAt: now })
      .where(
        and(
          eq(bookings.paymentIntentId, r.paymentIntentId),
          eq(bookings.status, "paid"),
          sql`(select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} where ${refunds.bookingId} = ${bookings.id}) >= ${bookings.amountCents}`,
        ),
      ),
    insertWhere(
      db,
      emailOutbox,
      {
        bookingId: booking,
        kind: "refund",
        dedupeKey: `refund:${id}`,
        data: sql`json_object('amountCents', ${r.amount}, 'reason', '', 'full', json(case when (select status from ${bookings} where ${bookings.paymentIntentId} = ${r.paymentIntentId}) = 'refunded' then 'true' else 'false' end))`,
        status: "queued",
        attempts: 0,
        createdAt: now,
        updatedAt: now,
      },
      sql`exists (select 1 from ${refunds} where ${refunds.id} = ${id} and ${refunds.createdAt} = ${now})`,
    ).onConflictDoNothing(),
  ];
}
