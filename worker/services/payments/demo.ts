import { and, eq, isNull, notInArray } from "drizzle-orm";
import { demoPaymentIntents } from "../../../db/schema";
import type { Db } from "../../db";
import type { CancelResult, PaymentIntentView, PaymentProvider } from "./provider";
import { fail, ok, type Outcome } from "../../lib/errors";
import { messages } from "../../lib/messages";

export const DEMO_CARD_SUCCEEDS = "4242424242424242";
export const DEMO_CARD_DECLINED = "4000000000000002";

type DemoIntentRow = typeof demoPaymentIntents.$inferSelect;

function randomToken(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

function toView(row: DemoIntentRow): PaymentIntentView {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    metadata: row.metadata,
  };
}

/** Simulated intents kept in D1, with the same states and idempotency as Stripe's. */
export function createDemoProvider(db: Db): PaymentProvider {
  return {
    name: "demo",
    async createIntent({ amountCents, currency, metadata, idempotencyKey }) {
      const id = `pi_demo_${randomToken(12)}`;
      const created = await db
        .insert(demoPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomToken(12)}`,
          amountCents,
          currency,
          status: "requires_payment_method",
          idempotencyKey: idempotencyKey ?? null,
          metadata,
        })
        .onConflictDoNothing()
        .returning()
        .get();
      if (created) return toView(created);
      const existing = await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.idempotencyKey, idempotencyKey!)).get();
      return toView(existing!);
    },
    async retrieveIntent(id) {
      const row = await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).get();
      return row ? toView(row) : null;
    },
    async cancelIntent(id): Promise<CancelResult> {
      const res = await db
        .update(demoPaymentIntents)
        .set({ status: "canceled" })
        .where(and(eq(demoPaymentIntents.id, id), notInArray(demoPaymentIntents.status, ["succeeded", "canceled"])))
        .run();
      if (res.meta.changes === 1) return "canceled";
      const row = await db.select({ status: demoPaymentIntents.status }).from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).get();
      if (!row) return "not_found";
      return row.status === "canceled" ? "canceled" : "not_cancelable";
    },
    async refundIntent(id) {
      await db
        .update(demoPaymentIntents)
        .set({ refundedAt: Date.now() })
        .where(and(eq(demoPaymentIntents.id, id), eq(demoPaymentIntents.status, "succeeded"), isNull(demoPaymentIntents.refundedAt)))
        .run();
    },
    // No money moves in demo mode: the refund id is derived from the key, so a retry gets the same one.
    async refundAmount(id, _amountCents, idempotencyKey) {
      const row = await db.select({ status: demoPaymentIntents.status }).from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).get();
      if (row?.status !== "succeeded") throw new Error("demo intent not succeeded: nothing to refund");
      return { refundId: `rf_demo_${idempotencyKey}` };
    },
  };
}

/** What the browser's card form does in demo mode: two test cards, nothing else is a card. */
export async function confirmDemoIntent(db: Db, id: string, cardNumber: string): Promise<Outcome<PaymentIntentView>> {
  const card = cardNumber.replace(/\s+/g, "");
  if (card !== DEMO_CARD_SUCCEEDS && card !== DEMO_CARD_DECLINED) return fail(400, "validation_failed", messages.invalidCardNumber);
  const row = await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).get();
  if (!row) return fail(404, "not_found", messages.paymentNotFound);
  if (row.status === "succeeded") return ok(toView(row));
  if (row.status === "canceled") return fail(409, "conflict", messages.paymentCanceled);
  if (card === DEMO_CARD_DECLINED) {
    await db.update(demoPaymentIntents).set({ lastError: messages.cardDeclined }).where(eq(demoPaymentIntents.id, id)).run();
    return fail(402, "payment_failed", messages.cardDeclined);
  }
  const updated = await db
    .update(demoPaymentIntents)
    .set({ status: "succeeded", lastError: null })
    .where(and(eq(demoPaymentIntents.id, id), notInArray(demoPaymentIntents.status, ["succeeded", "canceled"])))
    .returning()
    .get();
  if (updated) return ok(toView(updated));
  // Lost a race with a cancel or another confirm: report what the intent is now.
  const now = (await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).get())!;
  return now.status === "succeeded" ? ok(toView(now)) : fail(409, "conflict", messages.paymentCanceled);
}
