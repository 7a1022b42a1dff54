import { and, asc, eq, sql } from "drizzle-orm";
import { creditNoteInsert } from "./documents/issue";
import type { BatchItem } from "drizzle-orm/batch";
import { bookings, emailOutbox, refunds, type Booking, type RefundSource, type RefundStatus } from "../../db/schema";
import { claimedCentsSql } from "../../shared/lifecycle/sql";
import { centsToDecimal } from "../../shared/lifecycle/money";
import type { Db } from "../db";
import { markWalletPassChanged } from "./wallet/wallet-passes";
import { fail, ok, type Outcome } from "../lib/errors";
import { insertWhere } from "../lib/insert-where";
import { italianText, messages } from "../i18n/it";
import { toIso } from "../lib/time";
import { RefundRefused, type PaymentProvider, type ProviderRefundView } from "./payments/provider";
import { endRefundedSeasonStatements } from "./season-settlement";

export type RefundDto = {
  id: string;
  bookingId: string;
  amount: string;
  reason: string;
  source: RefundSource;
  /** The real outcome at the provider: only "succeeded" is money that went back. */
  status: RefundStatus;
  /** The provider's words when it refused the refund. */
  failureReason: string | null;
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
  status: r.status,
  failureReason: r.failureReason,
  completed: r.status === "succeeded",
  createdAt: toIso(r.createdAt)!,
});

/** The provider's idempotency key of a refund row's attempt: a retry after a refusal is a new request. */
export const refundIdempotencyKey = (refundId: string, attempt = 0) => (attempt === 0 ? `refund-row:${refundId}` : `refund-row:${refundId}:${attempt}`);

export type RefundInput = {
  bookingId: string;
  /** null: everything not refunded yet. */
  amountCents: number | null;
  reason: string;
  source: RefundSource;
  staffId?: number | null;
  /** The customer's own cancellation also checks its deadline in the same statement (cancellations.ts). */
  guard?: ReturnType<typeof sql>;
  /** A row id that makes a rerun write nothing (a cancelled match's share: one per holder and match). */
  id?: string;
};

/**
 * Money that may still be refunded: a paid booking, or a season's payment whose first match was
 * handed back (its spot freed, its money still the season's: decision 045).
 */
const refundableText = (b: string) => `(${b}.status = 'paid' or (${b}.kind = 'season' and ${b}.status = 'freed'))`;
const isRefundable = (b: Pick<Booking, "status" | "kind">) => b.status === "paid" || (b.kind === "season" && b.status === "freed");

const changesOf = (result: unknown): number => (result as { meta?: { changes?: number } }).meta?.changes ?? 0;

/** The refund e-mail, written only once the row's money went back (dedupe `refund:<row id>`). */
function refundEmailInsert(db: Db, rowId: string, now: number) {
  const row = sql`(select ${refunds.bookingId} from ${refunds} where ${refunds.id} = ${rowId})`;
  return insertWhere(
    db,
    emailOutbox,
    {
      bookingId: row,
      kind: "refund",
      dedupeKey: `refund:${rowId}`,
      data: sql`(select json_object('amountCents', r.amount_cents, 'reason', r.reason, 'source', r.source, 'at', coalesce(r.completed_at, r.created_at), 'full', json(case when b.status = 'refunded' then 'true' else 'false' end))
        from ${refunds} r join ${bookings} b on b.id = r.booking_id where r.id = ${rowId})`,
      status: "queued",
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    },
    sql`exists (select 1 from ${refunds} where ${refunds.id} = ${rowId} and ${refunds.status} = 'succeeded')`,
  ).onConflictDoNothing();
}

/** The booking ends (spot freed, pass void) once the refunds that still stand cover its payment. */
function markRefundedIfCovered(db: Db, bookingId: string, now: number) {
  return db
    .update(bookings)
    .set({ status: "refunded", refundedAt: sql`coalesce(${bookings.refundedAt}, ${now})`, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "paid"), sql`${claimedCentsSql(sql`${bookings.id}`)} >= ${bookings.amountCents}`));
}

/**
 * What the provider says of one refund, written down: ours (found by the row id we gave it, or by
 * its refund id) takes its outcome; one made elsewhere (the Stripe Dashboard) becomes a row of its
 * own, once, keyed by the provider's refund id. The booking ends when the standing refunds cover it,
 * and a refund that went back queues its e-mail. Statements for one batch (the webhook adds its
 * processed-event row beside them).
 */
export function providerRefundStatements(db: Db, r: ProviderRefundView, now: number): BatchItem<"sqlite">[] {
  if (!r.paymentIntentId) return [];
  const booking = sql`(select ${bookings.id} from ${bookings} where ${bookings.paymentIntentId} = ${r.paymentIntentId})`;
  const rowId = r.refundRowId ?? `provider:${r.id}`;
  const ours = sql`(${refunds.id} = ${rowId} or ${refunds.providerRefundId} = ${r.id})`;
  const outcome = {
    providerRefundId: r.id,
    status: r.status,
    failureReason: r.failureReason,
    completedAt: r.status === "succeeded" ? sql`coalesce(${refunds.completedAt}, ${now})` : null,
  };
  const statements: BatchItem<"sqlite">[] = [
    // A terminal outcome is never overwritten by a late "pending".
    db
      .update(refunds)
      .set(outcome)
      .where(and(ours, r.status === "pending" ? eq(refunds.status, "pending") : sql`${refunds.status} <> 'succeeded'`)),
  ];
  if (!r.refundRowId) {
    statements.push(
      insertWhere(
        db,
        refunds,
        {
          id: rowId,
          bookingId: booking,
          amountCents: r.amountCents,
          reason: italianText(messages.refundFromProvider),
          source: "provider",
          providerRefundId: r.id,
          status: r.status,
          failureReason: r.failureReason,
          attempts: 1,
          completedAt: r.status === "succeeded" ? now : null,
          createdAt: now,
        },
        sql`${booking} is not null and not exists (select 1 from ${refunds} where ${refunds.providerRefundId} = ${r.id} or ${refunds.id} = ${rowId})`,
      ).onConflictDoNothing(),
    );
  }
  statements.push(
    db
      .update(bookings)
      .set({ status: "refunded", refundedAt: sql`coalesce(${bookings.refundedAt}, ${now})`, updatedAt: now })
      .where(and(eq(bookings.paymentIntentId, r.paymentIntentId), eq(bookings.status, "paid"), sql`${claimedCentsSql(sql`${bookings.id}`)} >= ${bookings.amountCents}`)),
    // A season pass's carrier refunded in full (here or from the Dashboard): its matches to come end with it.
    ...endRefundedSeasonStatements(db, booking, now),
    refundEmailInsert(db, rowId, now),
    // An invoiced booking's refund that went back gets its credit note (TD04), once.
    creditNoteInsert(db, rowId, now),
  );
  return statements;
}

/** Brings the rows in step with every refund the provider holds for the booking's intent. Never throws: a provider we cannot reach leaves them as they are. */
export async function reconcileRefunds(db: Db, provider: PaymentProvider, paymentIntentId: string, now: number): Promise<void> {
  let list: ProviderRefundView[];
  try {
    list = await provider.listRefunds(paymentIntentId);
  } catch (err) {
    console.error(`listing refunds at the provider failed: ${(err as Error).name}`);
    return;
  }
  const statements = list.flatMap((r) => providerRefundStatements(db, r, now));
  if (!statements.length) return;
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  // A refund found here (the cron's retry, a Dashboard refund) may have ended the booking: its wallet pass follows.
  await markWalletPassChanged(db, { paymentIntentId }, now);
}

/**
 * Refunds part or all of a paid booking. The provider's own refunds are read first, so money already
 * returned from its dashboard counts. The row is written by a guarded INSERT (booking paid, standing
 * refunds + this ≤ paid, and the caller's guard), evaluated by D1 as it writes; in the same batch a
 * refund that covers the payment ends the booking. Then the provider is asked, with the row id as
 * idempotency key, and its answer is stored as the row's outcome: succeeded (the e-mail goes out),
 * pending (the cron and the webhooks follow it), or failed with the provider's reason.
 */
export async function refundBooking(db: Db, provider: PaymentProvider, input: RefundInput, now: number): Promise<Outcome<RefundResult>> {
  const booking = await db.select().from(bookings).where(eq(bookings.id, input.bookingId)).get();
  if (!booking) return fail(404, "not_found", messages.bookingNotFound);
  if (!isRefundable(booking) || !booking.paymentIntentId) return fail(409, "conflict", messages.refundOnlyPaid);
  await reconcileRefunds(db, provider, booking.paymentIntentId, now);
  const claimed = await claimedCents(db, booking.id);
  const remaining = booking.amountCents - claimed;
  const amount = input.amountCents ?? remaining;
  if (amount <= 0) return fail(remaining <= 0 ? 409 : 400, remaining <= 0 ? "conflict" : "validation_failed", remaining <= 0 ? messages.refundNothingLeft : messages.refundAmountPositive);
  if (amount > remaining) return fail(409, "conflict", messages.refundTooLarge(remaining));

  const id = input.id ?? crypto.randomUUID();
  const results = await db.batch([
    insertWhere(
      db,
      refunds,
      { id, bookingId: booking.id, amountCents: amount, reason: input.reason, source: input.source, staffId: input.staffId ?? null, status: "pending", attempts: 0, createdAt: now },
      sql`exists (select 1 from ${bookings} where ${bookings.id} = ${booking.id} and ${sql.raw(refundableText(`"${"bookings"}"`))}
            and ${claimedCentsSql(booking.id)} + ${amount} <= ${bookings.amountCents} ${input.guard ? sql`and ${input.guard}` : sql``})`,
    ).onConflictDoNothing(),
    markRefundedIfCovered(db, booking.id, now),
    ...endRefundedSeasonStatements(db, sql`${booking.id}`, now),
  ]);
  if (changesOf(results[0]) === 0) {
    // Lost a race with another refund (or the deadline passed): nothing was written.
    return fail(409, "conflict", input.guard ? messages.cancelNoLonger : messages.refundRaced);
  }
  // A refund that covers the payment ended the booking (or a season): its wallet pass now reads "Annullato".
  await markWalletPassChanged(db, { bookingId: booking.id }, now);
  const row = await askProvider(db, provider, id, booking, amount, 0, now);
  const after = await claimedCents(db, booking.id);
  if (row.status === "failed") return fail(409, "refund_failed", messages.refundFailed(row.failureReason ?? ""));
  return ok({ refund: toDto(row), full: after >= booking.amountCents, refunded: centsToDecimal(after), remaining: centsToDecimal(booking.amountCents - after) });
}

async function claimedCents(db: Db, bookingId: string): Promise<number> {
  const row = await db.get<{ cents: number }>(sql`select ${claimedCentsSql(bookingId)} as cents`);
  return Number(row?.cents ?? 0);
}

/**
 * One call to the provider for a recorded refund, and its answer stored. A refusal marks the row
 * failed with the provider's words (staff may retry it); an error reaching the provider leaves it
 * pending for the cron. Never throws.
 */
async function askProvider(db: Db, provider: PaymentProvider, id: string, booking: Pick<Booking, "paymentIntentId">, amount: number, attempt: number, now: number) {
  try {
    const answer = await provider.refundAmount(booking.paymentIntentId!, amount, refundIdempotencyKey(id, attempt), { refundRowId: id });
    await db.batch(providerRefundStatements(db, { ...answer, refundRowId: id }, now) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (err) {
    if (err instanceof RefundRefused) {
      await db.update(refunds).set({ status: "failed", failureReason: err.message.slice(0, 300) }).where(and(eq(refunds.id, id), eq(refunds.status, "pending"))).run();
    } else {
      console.error(`refund ${id} at the provider could not be asked, the cron retries: ${(err as Error).name}`);
    }
  }
  return (await db.select().from(refunds).where(eq(refunds.id, id)).get())!;
}

/**
 * "Riprova" on a refund the provider refused: the provider's own refunds are read first; the row is
 * asked again for what is left (at most its own amount), with a key of its own.
 */
export async function retryRefund(db: Db, provider: PaymentProvider, refundId: string, now: number): Promise<Outcome<{ refund: RefundDto }>> {
  const row = await db
    .select({ refund: refunds, booking: bookings })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(eq(refunds.id, refundId))
    .get();
  if (!row) return fail(404, "not_found", messages.refundNotFound);
  if (row.refund.status !== "failed") return fail(409, "conflict", messages.refundNotFailed);
  if (!row.booking.paymentIntentId) return fail(409, "conflict", messages.refundNothingPaid);
  await reconcileRefunds(db, provider, row.booking.paymentIntentId, now);
  const left = row.booking.amountCents - (await claimedCents(db, row.booking.id));
  const amount = Math.min(row.refund.amountCents, left);
  if (amount <= 0) return fail(409, "conflict", messages.refundNothingLeft);
  const attempt = row.refund.attempts + 1;
  const reopened = await db
    .update(refunds)
    .set({ status: "pending", failureReason: null, amountCents: amount, attempts: attempt })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "failed"), sql`${claimedCentsSql(row.booking.id)} + ${amount} <= ${row.booking.amountCents}`))
    .run();
  if (reopened.meta.changes === 0) return fail(409, "conflict", messages.refundRaced);
  await db.batch([markRefundedIfCovered(db, row.booking.id, now), ...endRefundedSeasonStatements(db, sql`${row.booking.id}`, now)]);
  await markWalletPassChanged(db, { bookingId: row.booking.id }, now);
  const after = await askProvider(db, provider, refundId, row.booking, amount, attempt, now);
  if (after.status === "failed") return fail(409, "refund_failed", messages.refundFailed(after.failureReason ?? ""));
  return ok({ refund: toDto(after) });
}

/** The cron: refunds left pending (the provider could not be asked, or had not decided) are asked or read again. */
export async function retryIncompleteRefunds(db: Db, provider: PaymentProvider, now: number) {
  const owed = await db
    .select({ refund: refunds, paymentIntentId: bookings.paymentIntentId })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(eq(refunds.status, "pending"))
    .limit(50);
  let done = 0;
  for (const { refund, paymentIntentId } of owed) {
    if (!paymentIntentId) continue;
    // Asked already (the provider has its id): read what it decided. Never asked: ask, with the same key.
    if (refund.providerRefundId) await reconcileRefunds(db, provider, paymentIntentId, now);
    else await askProvider(db, provider, refund.id, { paymentIntentId }, refund.amountCents, refund.attempts, now);
    const row = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refund.id)).get();
    if (row?.status !== "pending") done++;
  }
  return { completed: done, pending: owed.length - done };
}

export async function refundsOfBooking(db: Db, bookingId: string): Promise<RefundDto[]> {
  return (await db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(asc(refunds.createdAt))).map(toDto);
}
