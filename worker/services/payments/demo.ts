import { and, eq, notInArray, sql } from "drizzle-orm";
import { demoPaymentIntents, demoRefunds } from "../../../db/schema";
import { insertWhere } from "../../lib/insert-where";
import { pick } from "../../lib/pick";
import type { Db } from "../../db";
import { RefundRefused, type CancelResult, type PaymentIntentView, type PaymentProvider, type ProviderRefundView } from "./provider";
import { fail, ok, type Outcome } from "../../lib/errors";
import { italianText, messages } from "../../i18n/it";

export const DEMO_CARD_SUCCEEDS = "4242424242424242";
export const DEMO_CARD_DECLINED = "4000000000000002";

type DemoIntentRow = typeof demoPaymentIntents.$inferSelect;

function randomToken(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

function toView(row: DemoIntentRow): PaymentIntentView {
  return pick(row, ["id", "clientSecret", "amountCents", "currency", "status", "metadata"]);
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
    async refundIntent(id, idempotencyKey) {
      const left = await refundableCents(db, id);
      if (left > 0) await refund(db, id, left, idempotencyKey, {});
    },
    refundAmount: (id, amountCents, idempotencyKey, metadata) => refund(db, id, amountCents, idempotencyKey, metadata),
    async listRefunds(paymentIntentId) {
      return (await db.select().from(demoRefunds).where(eq(demoRefunds.paymentIntentId, paymentIntentId))).map(refundViewOf);
    },
  };
}

const refundViewOf = (r: typeof demoRefunds.$inferSelect): ProviderRefundView => ({
  id: r.id,
  paymentIntentId: r.paymentIntentId,
  amountCents: r.amountCents,
  status: "succeeded",
  failureReason: null,
  refundRowId: r.metadata.refundRowId ?? null,
});

const refundedSql = (id: string) => sql`(select coalesce(sum(${demoRefunds.amountCents}), 0) from ${demoRefunds} where ${demoRefunds.paymentIntentId} = ${id})`;

async function refundableCents(db: Db, id: string): Promise<number> {
  const row = await db
    .select({ left: sql<number>`${demoPaymentIntents.amountCents} - ${refundedSql(id)}` })
    .from(demoPaymentIntents)
    .where(and(eq(demoPaymentIntents.id, id), eq(demoPaymentIntents.status, "succeeded")))
    .get();
  return Number(row?.left ?? 0);
}

/**
 * A refund the way Stripe makes one: of a succeeded intent, never beyond what is left of it (checked
 * in the INSERT itself), the same key answering the same refund. No money moves in demo mode.
 */
async function refund(db: Db, id: string, amountCents: number, idempotencyKey: string, metadata: Record<string, string>): Promise<ProviderRefundView> {
  const refundId = `rf_demo_${idempotencyKey}`;
  await insertWhere(
    db,
    demoRefunds,
    { id: refundId, paymentIntentId: id, amountCents, metadata: JSON.stringify(metadata), createdAt: sql`cast(unixepoch('subsecond') * 1000 as integer)` },
    sql`${amountCents} > 0 and exists (select 1 from ${demoPaymentIntents} where ${demoPaymentIntents.id} = ${id} and ${demoPaymentIntents.status} = 'succeeded'
      and ${refundedSql(id)} + ${amountCents} <= ${demoPaymentIntents.amountCents})`,
  )
    .onConflictDoNothing()
    .run();
  const made = await db.select().from(demoRefunds).where(eq(demoRefunds.id, refundId)).get();
  if (made) return refundViewOf(made);
  const intent = await db.select({ status: demoPaymentIntents.status }).from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).get();
  if (intent?.status !== "succeeded") throw new RefundRefused("payment_intent_unexpected_state", italianText(messages.refundNothingPaid));
  throw new RefundRefused("amount_too_large", italianText(messages.refundTooLargeAtProvider));
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
    await db.update(demoPaymentIntents).set({ lastError: italianText(messages.cardDeclined) }).where(eq(demoPaymentIntents.id, id)).run();
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
