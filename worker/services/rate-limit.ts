import { and, eq, lt, sql } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import { rateLimitHits } from "../../db/schema";
import type { Db } from "../db";

export type RateLimit = { bucket: string; limit: number; windowMs: number };

/**
 * The client a request comes from: Cloudflare's connecting IP in production, one local client
 * otherwise. An IPv6 client is its /64 (one home or phone gets a whole /64 and may use any address
 * in it), an IPv4 client its address, an IPv4-mapped IPv6 address its IPv4.
 */
export function clientKeyOf(headers: { header(name: string): string | undefined }): string {
  const raw = headers.header("CF-Connecting-IP")?.trim();
  if (!raw) return "local";
  if (!ipaddr.isValid(raw)) return `raw:${raw.slice(0, 64)}`;
  const ip = ipaddr.process(raw);
  if (ip.kind() === "ipv4") return ip.toString();
  const prefix = (ip as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(":")}::/64`;
}

/**
 * A lockout keyed by client AND account: a stranger who fails against an account locks out only
 * himself, never the owner logging in from elsewhere.
 */
export function accountClientKey(clientKey: string, account: string): string {
  return `${clientKey}|${account.trim().toLowerCase()}`;
}

/** SHA-256 of the client key, hex: what a booking keeps to count its client's holds (no raw IP stored). */
export async function hashedClientKey(clientKey: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`client:${clientKey}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Takes one of the `limit` tries `clientKey` has in the window ending at `now`, in ONE guarded
 * statement (count and insert cannot interleave, however many requests arrive at once), and drops
 * this client's hits older than the window. Answers the hit's id, or null when the client is over
 * the limit. A try that turns out fine can be given back with `releaseHit`.
 */
export async function takeHit(db: Db, rule: RateLimit, clientKey: string, now: number): Promise<number | null> {
  const taken = await db.all<{ id: number }>(sql`
    insert into rate_limit_hits (bucket, client_key, at)
    select ${rule.bucket}, ${clientKey}, ${now}
    where (select count(*) from rate_limit_hits
           where bucket = ${rule.bucket} and client_key = ${clientKey} and at > ${now - rule.windowMs}) < ${rule.limit}
    returning id`);
  await db
    .delete(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.clientKey, clientKey), lt(rateLimitHits.at, now - rule.windowMs)))
    .run();
  return taken[0]?.id ?? null;
}

/** Gives a try back (a successful login or look-up does not count against the client). */
export async function releaseHit(db: Db, hitId: number): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.id, hitId)).run();
}
