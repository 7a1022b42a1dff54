import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type Stripe from "stripe";
import { auditLog, bookings, processedProviderEvents } from "../../../db/schema";
import type { Db } from "../../db";
import { providerRefundStatements, reconcileRefunds } from "../refunds";
import { markWalletPassChanged } from "../wallet/wallet-passes";
import type { PaymentProvider } from "./provider";
import { completeRefund, settleIntent, type SettleOutcome } from "./settle";
import { createStripeClient, intentView, refundView, stripeSdk } from "./stripe";

/** The event, if the signature over the raw body is valid and recent (Stripe's 5-minute tolerance). */
export async function verifyStripeEvent(env: Env, rawBody: string, signature: string | undefined): Promise<Stripe.Event | null> {
  if (!signature || !env.STRIPE_WEBHOOK_SECRET) return null;
  // Outside the try: an SDK that cannot load is a 5xx (Stripe retries), not a forged signature.
  const Sdk = await stripeSdk();
  try {
    return await (await createStripeClient(env)).webhooks.constructEventAsync(
      rawBody,
      signature,
      env.STRIPE_WEBHOOK_SECRET,
      undefined,
      Sdk.createSubtleCryptoProvider(),
    );
  } catch {
    return null;
  }
}

function isDuplicateEventError(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (/UNIQUE constraint failed: processed_provider_events/.test(e.message)) return true;
  }
  return false;
}

export type WebhookResult = { duplicate: boolean; outcome?: SettleOutcome | "recorded" | "ignored" };

/**
 * Each event id takes effect once: its row in processed_provider_events is written in the same
 * D1 batch as its effect, so a concurrent or retried delivery either finds it or fails the whole
 * batch on the primary key. A database error propagates (5xx) and Stripe delivers again.
 */
export async function handleStripeEvent(db: Db, provider: PaymentProvider, event: Stripe.Event, now: number, bookingsPerEvent?: number): Promise<WebhookResult> {
  const seen = await db.select({ id: processedProviderEvents.id }).from(processedProviderEvents).where(eq(processedProviderEvents.id, event.id)).get();
  if (seen) {
    await finishOwedRefund(db, provider, event, now);
    return { duplicate: true };
  }
  const record = db.insert(processedProviderEvents).values({ id: event.id, type: event.type, processedAt: now });
  try {
    return { duplicate: false, outcome: await apply(db, provider, event, now, record, bookingsPerEvent) };
  } catch (err) {
    if (!isDuplicateEventError(err)) throw err;
    await finishOwedRefund(db, provider, event, now);
    return { duplicate: true };
  }
}

async function apply(db: Db, provider: PaymentProvider, event: Stripe.Event, now: number, record: BatchItem<"sqlite">, bookingsPerEvent?: number): Promise<WebhookResult["outcome"]> {
  switch (event.type) {
    case "payment_intent.succeeded":
      return (await settleIntent(db, provider, intentView(event.data.object), now, [record], { bookingsPerEvent })).outcome;
    case "payment_intent.payment_failed": {
      // The customer may still pay with another card: the hold stays as it is, the failure is noted.
      const pi = event.data.object;
      await db.batch([
        record,
        db.update(bookings).set({ updatedAt: now }).where(and(eq(bookings.paymentIntentId, pi.id), eq(bookings.status, "pending"))),
        db.insert(auditLog).values({
          sessionId: null,
          action: "booking.payment_failed",
          entity: "booking",
          entityId: pi.metadata?.bookingId ?? null,
          details: { paymentIntentId: pi.id, code: pi.last_payment_error?.code ?? null },
          at: now,
        }),
      ]);
      return "recorded";
    }
    case "payment_intent.canceled": {
      const pi = event.data.object;
      await db.batch([
        record,
        db
          .update(bookings)
          .set({ status: "cancelled", updatedAt: now })
          .where(and(eq(bookings.paymentIntentId, pi.id), eq(bookings.status, "pending"))),
        db.insert(auditLog).values({
          sessionId: null,
          action: "booking.payment_canceled",
          entity: "booking",
          entityId: pi.metadata?.bookingId ?? null,
          details: { paymentIntentId: pi.id },
          at: now,
        }),
      ]);
      return "recorded";
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const pi = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      // Partial refunds leave the booking as it is; a full refund (ours or from the Dashboard) ends it.
      if (!pi || !charge.refunded) {
        await db.batch([record]);
        return "ignored";
      }
      await db.batch([
        record,
        db
          .update(bookings)
          .set({ status: "refunded", refundedAt: sql`coalesce(${bookings.refundedAt}, ${now})`, updatedAt: now })
          .where(and(eq(bookings.paymentIntentId, pi), or(ne(bookings.status, "refunded"), isNull(bookings.refundedAt)))),
      ]);
      await markWalletPassChanged(db, { paymentIntentId: pi }, now);
      // The refunds behind it become rows of their own, so the money shown is the provider's.
      await reconcileRefunds(db, provider, pi, now);
      return "recorded";
    }
    case "refund.created":
    case "refund.updated": {
      const refund = refundView(event.data.object);
      await db.batch([record, ...providerRefundStatements(db, refund, now)]);
      // A refund that ends the booking (made from the Dashboard, or ours settled later) changes its wallet pass.
      if (refund.paymentIntentId) await markWalletPassChanged(db, { paymentIntentId: refund.paymentIntentId }, now);
      return "recorded";
    }
    default:
      await db.batch([record]);
      return "ignored";
  }
}

/** A retried succeeded event whose refund call failed the first time: finish that refund now. */
async function finishOwedRefund(db: Db, provider: PaymentProvider, event: Stripe.Event, now: number): Promise<void> {
  if (event.type !== "payment_intent.succeeded") return;
  const pi = event.data.object.id;
  const owed = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.paymentIntentId, pi), eq(bookings.status, "refunded"), isNull(bookings.refundedAt)))
    .get();
  if (owed) await completeRefund(db, provider, owed.id, pi, now);
}
