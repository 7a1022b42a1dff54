import { and, eq, getTableName, sql } from "drizzle-orm";
import { bookings } from "../../db/schema";
import type { Db } from "../db";
import { activeHoldSql } from "../../shared/lifecycle/sql";
import type { PaymentProvider } from "./payments/provider";

/**
 * Tidying only (availability already ignores lapsed holds): marks them expired and cancels their
 * intents so no card can be charged for them later. Running it twice changes nothing more.
 */
export async function expireLapsedHolds(db: Db, provider: PaymentProvider | null, now: number): Promise<{ expired: number; intentsCanceled: number }> {
  const lapsed = await db
    .update(bookings)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(bookings.status, "pending"), sql`not ${activeHoldSql(now, `"${getTableName(bookings)}"`)}`))
    .returning({ id: bookings.id, paymentIntentId: bookings.paymentIntentId });
  let intentsCanceled = 0;
  for (const { paymentIntentId } of lapsed) {
    if (!paymentIntentId || !provider) continue;
    try {
      if ((await provider.cancelIntent(paymentIntentId)) === "canceled") intentsCanceled++;
    } catch (err) {
      console.error(`cancel of a lapsed intent failed: ${(err as Error).name}`);
    }
  }
  return { expired: lapsed.length, intentsCanceled };
}
