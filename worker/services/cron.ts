import type { Db } from "../db";
import { adminSessionsTask } from "./admin-auth";
import { expireHoldsTask } from "./bookings";
import { dispatchQueuedTask } from "./email/outbox";
import { retryOwedRefundsTask } from "./payments/settle";
import { retryIncompleteRefundsTask } from "./refunds";
import { anonymiseTask } from "./retention";
import { orphanUploadsTask } from "./uploads";

export type CronTask = { name: string; run: (db: Db, env: Env, now: number) => Promise<unknown> };

/**
 * Housekeeping run by the cron trigger. Each task is idempotent and independent: one failing
 * does not stop the others, and correctness never depends on a task having run.
 */
export const cronTasks: CronTask[] = [expireHoldsTask, retryOwedRefundsTask, retryIncompleteRefundsTask, orphanUploadsTask, anonymiseTask, adminSessionsTask, dispatchQueuedTask];

export async function runCronTasks(db: Db, env: Env, now: number): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  for (const task of cronTasks) {
    try {
      results[task.name] = await task.run(db, env, now);
    } catch (err) {
      console.error(`cron task ${task.name} failed: ${(err as Error).name}`);
      results[task.name] = { error: true };
    }
  }
  return results;
}
