import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { adminSessions, rateLimitHits, staffUsers } from "../../db/schema";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db";
import { updateUnrevokedSessions } from "./admin-sessions";
import type { RateLimit } from "./rate-limit";
import { staffColumns, type Staff } from "./staff";

export const SESSION_COOKIE = "pe_admin";
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** More than 5 failed tries per minute from one client are refused. */
export const LOGIN_RATE_LIMIT: RateLimit = { bucket: "admin-login", limit: 5, windowMs: 60_000 };

/**
 * Failed logins per account, from any address, in the last 15 minutes: after the tenth each try
 * waits longer before its password is checked (100 ms, doubling, at most 8 s). A delay and never
 * a lock, so a stranger hammering the owner's e-mail slows the guessing without shutting the owner out.
 */
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60_000;
const ACCOUNT_FAILURES_FREE = 10;
const ACCOUNT_DELAY_BASE_MS = 100;
export const ACCOUNT_DELAY_MAX_MS = 8_000;
const ACCOUNT_BUCKET = "admin-login-account";

export function loginDelayMs(recentFailures: number): number {
  if (recentFailures < ACCOUNT_FAILURES_FREE) return 0;
  return Math.min(ACCOUNT_DELAY_BASE_MS * 2 ** (recentFailures - ACCOUNT_FAILURES_FREE), ACCOUNT_DELAY_MAX_MS);
}

export async function accountLoginDelayMs(db: Db, email: string, now: number): Promise<number> {
  const row = await db
    .select({ failures: sql<number>`count(*)` })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, ACCOUNT_BUCKET), eq(rateLimitHits.clientKey, email.trim().toLowerCase()), gt(rateLimitHits.at, now - ACCOUNT_FAILURE_WINDOW_MS)))
    .get();
  return loginDelayMs(Number(row?.failures ?? 0));
}

/** Records a failed login of the account and drops its failures older than the window. */
export async function recordLoginFailure(db: Db, email: string, now: number): Promise<void> {
  const account = email.trim().toLowerCase();
  await db.batch([
    db.insert(rateLimitHits).values({ bucket: ACCOUNT_BUCKET, clientKey: account, at: now }),
    db
      .delete(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, ACCOUNT_BUCKET), eq(rateLimitHits.clientKey, account), lt(rateLimitHits.at, now - ACCOUNT_FAILURE_WINDOW_MS))),
  ]);
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, ACCOUNT_BUCKET), eq(rateLimitHits.clientKey, email.trim().toLowerCase())));
}

const encoder = new TextEncoder();

async function sha256(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", encoder.encode(text));
}

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The table keeps SHA-256 of the cookie token: a leaked table does not leak live sessions. */
export async function sessionIdOf(token: string): Promise<string> {
  return toHex(await sha256(token));
}

/** A new session of one staff account: 256 random bits in the cookie, its hash in D1. */
export async function createSession(db: Db, staffId: number, now: number): Promise<{ token: string; sessionId: string; expiresAt: number }> {
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const sessionId = await sessionIdOf(token);
  const expiresAt = now + SESSION_ABSOLUTE_MS;
  await db.insert(adminSessions).values({ id: sessionId, staffId, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, sessionId, expiresAt };
}

export type LiveSession = {
  sessionId: string;
  staff: Staff;
  /** What the `along` reads returned, when the caller gave any. */
  along?: unknown[];
};

/**
 * The session behind a cookie token, with its account, when the session is neither revoked, idle
 * for 8 hours nor past its 7-day lifetime and the account is enabled. Touching it slides the idle
 * window; the account is read in the same batch, so a role change shows on the next request.
 * `along`: reads of the request's own, run in the same trip (issue #26) and given back only to a
 * live session; they must write nothing, since they run before anyone knows who is asking.
 */
export async function touchSession(db: Db, token: string | undefined, now: number, along: BatchItem<"sqlite">[] = []): Promise<LiveSession | null> {
  if (!token || token.length > 200) return null;
  const sessionId = await sessionIdOf(token);
  const enabledStaff = db.select({ id: staffUsers.id }).from(staffUsers).where(isNull(staffUsers.disabledAt));
  const [touched, staff, ...alongResults] = await db.batch([
    updateUnrevokedSessions(
      db,
      { lastSeenAt: now },
      eq(adminSessions.id, sessionId),
      gt(adminSessions.expiresAt, now),
      gt(adminSessions.lastSeenAt, now - SESSION_IDLE_MS),
      inArray(adminSessions.staffId, enabledStaff),
    ).returning({ id: adminSessions.id }),
    db.select(staffColumns).from(adminSessions).innerJoin(staffUsers, eq(staffUsers.id, adminSessions.staffId)).where(eq(adminSessions.id, sessionId)),
    ...along,
  ]);
  if (touched.length === 0 || staff.length === 0) return null;
  return along.length ? { sessionId, staff: staff[0], along: alongResults } : { sessionId, staff: staff[0] };
}

export async function revokeSession(db: Db, sessionId: string, now: number): Promise<void> {
  await updateUnrevokedSessions(db, { revokedAt: now }, eq(adminSessions.id, sessionId));
}

/** Cron: forget sessions that can no longer be used (a day of grace keeps recent ones for the audit trail). */
export async function purgeDeadSessions(db: Db, now: number): Promise<{ deleted: number }> {
  const cutoff = now - 24 * 60 * 60 * 1000;
  const res = await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.expiresAt, cutoff),
        lt(adminSessions.revokedAt, cutoff),
        lt(adminSessions.lastSeenAt, cutoff - SESSION_IDLE_MS),
      ),
    )
    .run();
  return { deleted: res.meta.changes };
}
