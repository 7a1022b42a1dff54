import { and, eq, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

// A queue consumer claims a row (queued → sending) before it sends it, so a message the queue delivers
// twice is sent once; a failed send puts the row back to queued with its error, for the queue to retry.

/** A row claimed this long ago and still "sending" was claimed by a consumer that died. */
export const STALE_CLAIM_MS = 10 * 60_000;

/** What a consumer may claim: a queued row, or one whose claim went stale. */
export const claimable = (status: SQLiteColumn, updatedAt: SQLiteColumn, now: number): SQL =>
  or(eq(status, "queued"), and(eq(status, "sending"), lt(updatedAt, now - STALE_CLAIM_MS)))!;

/** A failed send's error as its row keeps it. */
export const failureText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
