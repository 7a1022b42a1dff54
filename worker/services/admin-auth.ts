import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { adminSessions } from "../../db/schema";
import type { Db } from "../db";
import type { CronTask } from "./cron";
import type { RateLimit } from "./rate-limit";

export const SESSION_COOKIE = "pe_admin";
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** More than 5 failed tries per minute from one client are refused. */
export const LOGIN_RATE_LIMIT: RateLimit = { bucket: "admin-login", limit: 5, windowMs: 60_000 };

const encoder = new TextEncoder();
// workerd's constant-time comparison; the DOM lib in tsconfig hides it from SubtleCrypto's type.
const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean };

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

/** Compares digests, not the strings, so neither the length nor the content leaks through timing. */
export async function passwordMatches(given: string, expected: string | undefined): Promise<boolean> {
  if (!expected) return false;
  const [a, b] = await Promise.all([sha256(given), sha256(expected)]);
  return subtle.timingSafeEqual(a, b);
}

/** The table keeps SHA-256 of the cookie token: a leaked table does not leak live sessions. */
export async function sessionIdOf(token: string): Promise<string> {
  return toHex(await sha256(token));
}

/** A new session: 256 random bits in the cookie, its hash in D1. */
export async function createSession(db: Db, now: number): Promise<{ token: string; sessionId: string; expiresAt: number }> {
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const sessionId = await sessionIdOf(token);
  const expiresAt = now + SESSION_ABSOLUTE_MS;
  await db.insert(adminSessions).values({ id: sessionId, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, sessionId, expiresAt };
}

/**
 * The session id behind a cookie token when it is neither revoked, idle for 8 hours nor past its
 * 7-day lifetime; touching it in the same statement slides the idle window.
 */
export async function touchSession(db: Db, token: string | undefined, now: number): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const sessionId = await sessionIdOf(token);
  const row = await db
    .update(adminSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(adminSessions.id, sessionId),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.lastSeenAt, now - SESSION_IDLE_MS),
      ),
    )
    .returning({ id: adminSessions.id })
    .get();
  return row?.id ?? null;
}

export async function revokeSession(db: Db, sessionId: string, now: number): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(and(eq(adminSessions.id, sessionId), isNull(adminSessions.revokedAt)));
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

export const adminSessionsTask: CronTask = { name: "purge-admin-sessions", run: (db, _env, now) => purgeDeadSessions(db, now) };
