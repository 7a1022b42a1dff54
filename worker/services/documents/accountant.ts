import { and, eq, lt, or, sql } from "drizzle-orm";
import { accountantExports, fiscalIdentity } from "../../../db/schema";
import type { Db } from "../../db";
import type { Mailer } from "../email/consumer";
import { monthExport, previousMonth } from "./export";

/** A claim left "sending" this long (the isolate died mid-send) may be taken again. */
const STALE_CLAIM_MS = 30 * 60_000;

/**
 * The cron's monthly hand-over: at its first run in a month, the previous month's ZIP goes to the
 * accountant's e-mail, once. The month's row is claimed by one guarded write (a second cron run, or
 * one racing it, finds it taken); a failed send is retried at a later run.
 */
export async function sendMonthToAccountant(db: Db, env: Pick<Env, "EMAIL_FROM" | "EMAIL_FROM_NAME">, mailer: Mailer, now: number) {
  const identity = await db.select().from(fiscalIdentity).where(eq(fiscalIdentity.id, 1)).get();
  if (!identity?.accountantEmail) return { sent: false, reason: "no accountant e-mail" };
  const month = previousMonth(now);
  const claim = await db
    .insert(accountantExports)
    .values({ month, status: "sending", claimedAt: now, toAddress: identity.accountantEmail, attempts: 1 })
    .onConflictDoUpdate({
      target: accountantExports.month,
      set: { status: "sending", claimedAt: now, attempts: sql`${accountantExports.attempts} + 1` },
      setWhere: or(eq(accountantExports.status, "failed"), and(eq(accountantExports.status, "sending"), lt(accountantExports.claimedAt, now - STALE_CLAIM_MS))),
    })
    .run();
  if (!claim.meta.changes) return { sent: false, reason: "already claimed", month };
  try {
    const { fileName, bytes } = await monthExport(db, month);
    await mailer.send({
      from: { email: env.EMAIL_FROM, name: env.EMAIL_FROM_NAME },
      to: identity.accountantEmail,
      subject: `${identity.ragioneSociale}: documenti di ${month}`,
      text: `In allegato le fatture e le note di credito di ${month} (XML FatturaPA) con il riepilogo dei documenti e dei corrispettivi giornalieri per aliquota IVA (CSV).\n\n${identity.ragioneSociale}`,
      attachments: [{ disposition: "attachment", filename: fileName, type: "application/zip", content: bytes }],
    });
    await db.update(accountantExports).set({ status: "sent", sentAt: now, lastError: null }).where(eq(accountantExports.month, month)).run();
    return { sent: true, month };
  } catch (err) {
    await db
      .update(accountantExports)
      .set({ status: "failed", lastError: (err as Error).message.slice(0, 300) })
      .where(eq(accountantExports.month, month))
      .run();
    return { sent: false, reason: "send failed", month };
  }
}
