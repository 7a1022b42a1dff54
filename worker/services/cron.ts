import type { Db } from "../db";
import { purgeDeadSessions } from "./admin-auth";
import { dispatchQueued } from "./email/outbox";
import { expireLapsedHolds } from "./hold-expiry";
import { createPaymentProvider } from "./payments/create-provider";
import type { PaymentProvider } from "./payments/provider";
import { retryOwedRefunds } from "./payments/settle";
import { retryIncompleteRefunds } from "./refunds";
import { sendReminders } from "./reminders";
import { anonymisePersonalData, purgeRateLimitHits, retentionOf } from "./retention";
import { deleteOrphanUploads } from "./uploads";
import { compactSentEmails } from "./email/outbox-retention";
import { offerFreedSpotsEverywhere } from "./waitlist-offers";
import { sendWalletUpdates } from "./wallet/wallet-updates";
import { sendMonthToAccountant } from "./documents/accountant";
import { createSdiIntermediary } from "./sdi/intermediary";
import { pollSdiOutcomes, queueUnsentDocuments } from "./sdi/submissions";

/** A task runs on every trigger (each minute), or on the minutes that are a multiple of `everyMinutes`. */
export type CronTask = { name: string; everyMinutes?: number; run: (db: Db, env: Env, now: number) => Promise<unknown> };

/** A refund task needs the provider: without one it waits, saying so, for the owner to configure it. */
function withPayments<T>(db: Db, env: Env, run: (provider: PaymentProvider) => Promise<T>): Promise<T | { skipped: "payments_unavailable" }> {
  const provider = createPaymentProvider(env, db);
  return provider ? run(provider) : Promise.resolve({ skipped: "payments_unavailable" as const });
}

/**
 * Housekeeping run by the cron trigger. Each task is idempotent and independent: one failing
 * does not stop the others, and correctness never depends on a task having run. The list is built
 * here, from the services' plain functions, so no service imports the cron back.
 */
export const cronTasks: CronTask[] = [
  // Lapsed holds free their spots even without a payment provider; only their intents stay open.
  { name: "expire-holds", run: (db, env, now) => expireLapsedHolds(db, createPaymentProvider(env, db), now) },
  { name: "retry-owed-refunds", run: (db, env, now) => withPayments(db, env, (provider) => retryOwedRefunds(db, provider, now)) },
  { name: "retry-incomplete-refunds", run: (db, env, now) => withPayments(db, env, (provider) => retryIncompleteRefunds(db, provider, now)) },
  {
    name: "delete-orphan-uploads",
    everyMinutes: 5,
    run: (db, env, now) => deleteOrphanUploads(db, env.UPLOADS, now, (Number(env.UPLOAD_ORPHAN_HOURS) > 0 ? Number(env.UPLOAD_ORPHAN_HOURS) : 24) * 3_600_000),
  },
  {
    name: "anonymise-personal-data",
    everyMinutes: 5,
    run: async (db, env, now) => ({
      ...(await anonymisePersonalData(db, now, retentionOf(env))),
      rateLimitHits: (await purgeRateLimitHits(db, now)).deleted,
    }),
  },
  // After the erasure above: a sent e-mail of an erased booking goes, a notice's is compacted.
  { name: "outbox-retention", everyMinutes: 60, run: (db) => compactSentEmails(db) },
  { name: "purge-admin-sessions", everyMinutes: 5, run: (db, _env, now) => purgeDeadSessions(db, now) },
  // After expire-holds and the refunds: every spot those freed goes to the first in line (a lapsed offer too).
  { name: "waitlist-offers", run: (db, env, now) => offerFreedSpotsEverywhere(db, env, now) },
  // Before the hand-over below, so this minute's reminders leave in this same run.
  { name: "send-reminders", run: (db, _env, now) => sendReminders(db, now) },
  { name: "dispatch-queued-emails", run: (db, env, now) => dispatchQueued(env, db, now) },
  // Each change of a wallet pass, once, to the devices holding it and to Google (docs/decisions/050-wallet-passes.md).
  { name: "wallet-updates", run: (db, env, now) => sendWalletUpdates(db, env, now) },
  // Invoices and credit notes to SdI while an intermediary (or the demo stand-in) is there; then SdI's outcomes (docs/decisions/055-sdi-sending.md).
  {
    name: "sdi-sending",
    run: async (db, env, now) => {
      const intermediary = createSdiIntermediary(env);
      if (!intermediary) return { skipped: "no_intermediary" };
      return { queued: await queueUnsentDocuments(db, env, now), ...(await pollSdiOutcomes(db, intermediary, now)) };
    },
  },
  // The previous month's documents to the accountant, once (docs/decisions/047-documents.md).
  { name: "accountant-export", everyMinutes: 5, run: (db, env, now) => sendMonthToAccountant(db, env, env.EMAIL, now) },
];

export async function runCronTasks(db: Db, env: Env, now: number): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  const minute = Math.floor(now / 60_000);
  for (const task of cronTasks) {
    if (task.everyMinutes && minute % task.everyMinutes !== 0) continue;
    try {
      results[task.name] = await task.run(db, env, now);
    } catch (err) {
      console.error(`cron task ${task.name} failed: ${(err as Error).name}`);
      results[task.name] = { error: true };
    }
  }
  return results;
}
