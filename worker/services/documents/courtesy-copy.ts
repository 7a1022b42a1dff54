import type { DocumentRow } from "../../../db/schema";
import type { Db } from "../../db";
import { emailOutbox } from "../../../db/schema";
import { handOverQueued, outboxInsert } from "../email/outbox";

export const invoiceCopyKey = (invoiceId: string) => `invoice_copy:${invoiceId}`;

/**
 * The courtesy copy of a new invoice to the customer, through the e-mail outbox and its queue (once:
 * the dedupe key is the invoice's). Never throws: a row not handed over is swept by the cron.
 */
export async function queueInvoiceCopy(env: Env, db: Db, invoice: Pick<DocumentRow, "id" | "bookingId">, now: number): Promise<void> {
  try {
    const rows = await outboxInsert(db, { bookingId: invoice.bookingId, kind: "invoice_copy", dedupeKey: invoiceCopyKey(invoice.id), data: { documentId: invoice.id }, now })
      .returning({ id: emailOutbox.id })
      .all();
    await handOverQueued(env, db, rows.map((r) => r.id), now);
  } catch (err) {
    console.error(`invoice courtesy copy not queued: ${(err as Error).message}`);
  }
}
