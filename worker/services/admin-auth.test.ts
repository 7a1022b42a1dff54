import { describe, expect, it } from "vitest";
import { adminSessions } from "../../db/schema";
import { testDb } from "../test/helpers";
import {
  createSession,
  purgeDeadSessions,
  revokeSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  sessionIdOf,
  touchSession,
} from "./admin-auth";
import { eq } from "drizzle-orm";
import { seedStaff } from "../test/admin";
import { staffUsers } from "../../db/schema";

/** A new session of a new manager account. */
async function session(at: number) {
  const staff = await seedStaff("manager");
  return { ...(await createSession(testDb(), staff.id, at)), staff };
}

const t0 = 1_900_000_000_000;

describe("admin sessions", () => {
  it("stores only the hash of the cookie token", async () => {
    const db = testDb();
    const { token, sessionId } = await session(t0);
    expect(sessionId).toBe(await sessionIdOf(token));
    expect(sessionId).not.toContain(token);
    const row = await db.select().from(adminSessions).where(eq(adminSessions.id, sessionId)).get();
    expect(row).toMatchObject({ lastSeenAt: t0, expiresAt: t0 + SESSION_ABSOLUTE_MS, revokedAt: null });
  });

  it("expires after 8 idle hours, and activity slides the idle window", async () => {
    const db = testDb();
    const { token, sessionId } = await session(t0);
    expect((await touchSession(db, token, t0 + SESSION_IDLE_MS - 1))?.sessionId).toBe(sessionId);
    // last seen just now: another almost-8 hours are fine
    expect((await touchSession(db, token, t0 + 2 * SESSION_IDLE_MS - 2))?.sessionId).toBe(sessionId);
    expect(await touchSession(db, token, t0 + 3 * SESSION_IDLE_MS)).toBeNull();
  });

  it("expires after 7 days even when used every hour", async () => {
    const db = testDb();
    const { token } = await session(t0);
    let t = t0;
    while (t < t0 + SESSION_ABSOLUTE_MS - 3_600_000) {
      t += 3_600_000;
      expect(await touchSession(db, token, t)).not.toBeNull();
    }
    expect(await touchSession(db, token, t0 + SESSION_ABSOLUTE_MS)).toBeNull();
  });

  it("a revoked session stays dead", async () => {
    const db = testDb();
    const { token, sessionId } = await session(t0);
    await revokeSession(db, sessionId, t0 + 1);
    expect(await touchSession(db, token, t0 + 2)).toBeNull();
  });

  it("purge removes dead sessions only, and is idempotent", async () => {
    const db = testDb();
    const now = t0 + 30 * 86_400_000;
    const live = await session(now - 1000);
    const expired = await session(t0);
    const revoked = await session(now - 3 * 86_400_000);
    await revokeSession(db, revoked.sessionId, now - 2 * 86_400_000);
    await purgeDeadSessions(db, now);
    expect((await purgeDeadSessions(db, now)).deleted).toBe(0);
    const ids = (await db.select({ id: adminSessions.id }).from(adminSessions)).map((r) => r.id);
    expect(ids).toContain(live.sessionId);
    expect(ids).not.toContain(expired.sessionId);
    expect(ids).not.toContain(revoked.sessionId);
  });
});

describe("sessions and accounts", () => {
  it("a live session carries its account's current id, e-mail, name and role", async () => {
    const db = testDb();
    const { token, sessionId, staff } = await session(t0);
    expect(await touchSession(db, token, t0 + 1)).toEqual({
      sessionId,
      staff: { id: staff.id, email: staff.email, name: staff.name, role: "manager" },
    });
  });

  it("a session of a disabled account does not validate, even if it was not revoked", async () => {
    const db = testDb();
    const { token, staff } = await session(t0);
    await db.update(staffUsers).set({ disabledAt: t0 + 1 }).where(eq(staffUsers.id, staff.id));
    expect(await touchSession(db, token, t0 + 2)).toBeNull();
  });

  it("a session without an account (the old shared password's) does not validate", async () => {
    const db = testDb();
    const token = "vecchia-sessione-condivisa";
    await db.insert(adminSessions).values({ id: await sessionIdOf(token), createdAt: t0, lastSeenAt: t0, expiresAt: t0 + SESSION_ABSOLUTE_MS });
    expect(await touchSession(db, token, t0 + 1)).toBeNull();
  });
});
