import { italianText, messages } from "../i18n/it";
import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { bookings, emailOutbox, eventCancellations, events, refunds } from "../../db/schema";
import { claimedCentsSql } from "../../shared/lifecycle/sql";
import { cancelledMatchShareCents, type SeasonCancelRefund } from "../../shared/lifecycle/season";
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
  // Paid ones, and ones whose refund the provider refused in an earlier run. A season holder's spot
  // carries no money of its own: it is settled by the season's policy (settleCancelledSeasonSpot).
  const paid = await db
    .selectDistinct({ id: bookings.id })
    .from(bookings)
    .leftJoin(refunds, and(eq(refunds.bookingId, bookings.id), eq(refunds.status, "failed")))
    .where(and(eq(bookings.eventId, eventId), ne(bookings.kind, "season"), or(eq(bookings.status, "paid"), isNotNull(refunds.id))));
  const seasonSpots = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.kind, "season"), eq(bookings.status, "paid")));
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
  return [...paid, ...seasonSpots].map((b) => b.id);
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
export async function refundForCancelledEvent(db: Db, provider: PaymentProvider, bookingId: string, now: number): Promise<"refunded" | "already" | "season"> {
  const spot = await db.select({ kind: bookings.kind }).from(bookings).where(eq(bookings.id, bookingId)).get();
  if (spot?.kind === "season") {
    await settleCancelledSeasonSpot(db, provider, bookingId, now);
    return "season";
  }
  const failed = await db.select({ id: refunds.id }).from(refunds).where(and(eq(refunds.bookingId, bookingId), eq(refunds.status, "failed"))).get();
  const result = failed
    ? await retryRefund(db, provider, failed.id, now)
    : await refundBooking(db, provider, { bookingId, amountCents: null, reason: emailCatalogues.it.reasons.eventCancelled, source: "event_cancelled" }, now);
  if (result.ok) return "refunded";
  const row = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)).get();
  if (result.error.error.code !== "refund_failed" && row?.status === "refunded") return "already";
  throw new Error(italianText(result.error.error.message));
}

type SeasonSpotFacts = {
  spotId: string;
  holderId: string;
  carrierId: string | null;
  paidCents: number;
  intentId: string | null;
  matchesAtPurchase: number;
  policy: SeasonCancelRefund;
  title: string;
};

/** The share row of one holder for one cancelled match: its id makes a rerun of the cancellation write nothing new. */
export const seasonMatchRefundId = (holderId: string, eventId: number) => `season-match:${holderId}:${eventId}`;

/**
 * What a season holder's spot at a cancelled match comes to (decision 045): the spot ends with its
 * match (the pass no longer opens it, nothing else of the season changes), the holder gets the
 * season's policy — nothing, or this match's share refunded from the season's payment — and an
 * e-mail saying which. A pass given for nothing has no money: nothing to refund, never a failure.
 */
export async function settleCancelledSeasonSpot(db: Db, provider: PaymentProvider, spotId: string, now: number): Promise<{ refundCents: number }> {
  const r = await db.get<SeasonSpotFacts & { eventId: number }>(sql`
    select b.id as spotId, b.event_id as eventId, h.id as holderId, h.carrier_booking_id as carrierId,
      coalesce(c.amount_cents, 0) as paidCents, c.payment_intent_id as intentId, h.matches_at_purchase as matchesAtPurchase,
      s.cancel_refund as policy, e.title as title
    from bookings b join season_holders h on h.id = b.season_holder_id join season_passes s on s.id = h.season_id
      join events e on e.id = b.event_id
      left join bookings c on c.id = h.carrier_booking_id and c.paid_at is not null
    where b.id = ${spotId} and b.kind = 'season'`);
  if (!r) return { refundCents: 0 };
  let refundCents = 0;
  if (r.policy === "share" && r.carrierId && r.intentId && r.paidCents > 0) {
    const id = seasonMatchRefundId(r.holderId, r.eventId);
    const done = await db.select({ amountCents: refunds.amountCents, status: refunds.status }).from(refunds).where(eq(refunds.id, id)).get();
    if (done && done.status !== "failed") refundCents = done.amountCents;
    else {
      const before = await db.get<{ shares: number; claimed: number }>(sql`
        select (select count(*) from refunds rs where rs.booking_id = ${r.carrierId} and rs.source = 'season_match' and rs.status <> 'failed') as shares,
          ${claimedCentsSql(r.carrierId)} as claimed`);
      const amount = cancelledMatchShareCents("share", Number(r.paidCents), Number(r.matchesAtPurchase), Number(before?.shares ?? 0), Number(before?.claimed ?? 0));
      if (amount > 0) {
        const refunded = done
          ? await retryRefund(db, provider, id, now)
          : await refundBooking(db, provider, { id, bookingId: r.carrierId, amountCents: amount, reason: italianText(messages.seasonMatchShareReason(r.title)), source: "season_match" }, now);
        if (!refunded.ok && refunded.error.error.code === "refund_failed") throw new Error(italianText(refunded.error.error.message));
        if (refunded.ok) refundCents = amount;
      }
    }
  }
  await db
    .insert(emailOutbox)
    .values({
      bookingId: spotId,
      kind: "season_match_cancelled",
      dedupeKey: `season_match_cancelled:${spotId}`,
      data: { refundCents, policy: r.policy, paid: Number(r.paidCents) > 0 },
      status: "queued",
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .run();
  return { refundCents };
}

/** What "Annulla evento" would do to each season with holders at this match: shown before the admin confirms. */
export type SeasonCancellationOutcome = { seasonId: number; seasonName: string; policy: SeasonCancelRefund; holders: number; paidHolders: number; refundCents: number };

export async function seasonCancellationPreview(db: Db, eventId: number): Promise<SeasonCancellationOutcome[]> {
  const rows = await db.all<SeasonSpotFacts & { seasonId: number; seasonName: string; shares: number; claimed: number }>(sql`
    select s.id as seasonId, s.name as seasonName, s.cancel_refund as policy, h.id as holderId, h.carrier_booking_id as carrierId,
      coalesce(c.amount_cents, 0) as paidCents, c.payment_intent_id as intentId, h.matches_at_purchase as matchesAtPurchase,
      (select count(*) from refunds rs where rs.booking_id = c.id and rs.source = 'season_match' and rs.status <> 'failed') as shares,
      coalesce(${claimedCentsSql(sql`c.id`)}, 0) as claimed
    from bookings b join season_holders h on h.id = b.season_holder_id join season_passes s on s.id = h.season_id
      left join bookings c on c.id = h.carrier_booking_id and c.paid_at is not null
    where b.event_id = ${eventId} and b.kind = 'season' and b.status = 'paid'
    order by s.id`);
  const by = new Map<number, SeasonCancellationOutcome>();
  for (const r of rows) {
    const o = by.get(r.seasonId) ?? { seasonId: r.seasonId, seasonName: r.seasonName, policy: r.policy, holders: 0, paidHolders: 0, refundCents: 0 };
    o.holders++;
    if (Number(r.paidCents) > 0 && r.intentId) {
      o.paidHolders++;
      o.refundCents += cancelledMatchShareCents(r.policy, Number(r.paidCents), Number(r.matchesAtPurchase), Number(r.shares), Number(r.claimed));
    }
    by.set(r.seasonId, o);
  }
  return [...by.values()];
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
