import { and, eq, gt, lt, sql } from "drizzle-orm";
import { rateLimitHits } from "../../db/schema";
import type { Db } from "../db";

export type RateLimit = { bucket: string; limit: number; windowMs: number };

/** The client a request comes from: Cloudflare's connecting IP in production, one local client otherwise. */
export function clientKeyOf(headers: { header(name: string): string | undefined }): string {
  return headers.header("CF-Connecting-IP") ?? "local";
}

/** How many hits `clientKey` has in the window ending at `now`. */
export async function countHits(db: Db, rule: RateLimit, clientKey: string, now: number): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.clientKey, clientKey), gt(rateLimitHits.at, now - rule.windowMs)))
    .get();
  return Number(row?.n ?? 0);
}

export async function isRateLimited(db: Db, rule: RateLimit, clientKey: string, now: number): Promise<boolean> {
  return (await countHits(db, rule, clientKey, now)) >= rule.limit;
}

/** Records one hit (e.g. a failed login) and drops this client's hits older than the window. */
export async function recordHit(db: Db, rule: RateLimit, clientKey: string, now: number): Promise<void> {
  await db.batch([
    db.insert(rateLimitHits).values({ bucket: rule.bucket, clientKey, at: now }),
    db
      .delete(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.clientKey, clientKey), lt(rateLimitHits.at, now - rule.windowMs))),
  ]);
}
