import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db";

/** `now` as the integer text the lifecycle's SQL twins take. */
export const ms = (now: number) => String(Math.trunc(now));
/** How many rows a write changed (D1's `meta.changes`). */
export const changesOf = (result: unknown): number => (result as { meta?: { changes?: number } }).meta?.changes ?? 0;

/** Whether an error, or one it was caused by, says `text` (a guard that aborted a batch names its column). */
export function causedBy(err: unknown, text: string): boolean {
  for (let e = err; e; e = (e as { cause?: unknown }).cause) if (String((e as Error).message ?? e).includes(text)) return true;
  return false;
}

/** A D1 batch (all or nothing) of any length; none runs nothing. */
export async function runBatch(db: Db, items: BatchItem<"sqlite">[]) {
  return items.length ? db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]) : [];
}
