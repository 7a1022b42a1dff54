import { and, eq, gt } from "drizzle-orm";
import { walletPasses, walletRegistrations } from "../../../db/schema";
import type { Db } from "../../db";

// ---- Apple's pass web service (routes/wallet.ts) ----

/** The pass if `authorization` is its "ApplePass <token>". */
export async function authorisedPass(db: Db, serialNumber: string, authorization: string | undefined) {
  const token = /^ApplePass (\S+)$/.exec(authorization ?? "")?.[1];
  if (!token) return null;
  const row = await db.select().from(walletPasses).where(eq(walletPasses.serialNumber, serialNumber)).get();
  return row && (await sameText(row.authToken, token)) ? row : null;
}

/** Compares digests, so the time taken says nothing about the token. */
async function sameText(a: string, b: string): Promise<boolean> {
  const digest = async (s: string) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s)));
  const [x, y] = await Promise.all([digest(a), digest(b)]);
  return x.every((v, i) => v === y[i]);
}

/** true: a new registration (201); false: already registered (200), its push token refreshed. */
export async function registerDevice(db: Db, deviceLibraryId: string, serialNumber: string, pushToken: string, now: number): Promise<boolean> {
  const inserted = await db.insert(walletRegistrations).values({ deviceLibraryId, serialNumber, pushToken, createdAt: now }).onConflictDoNothing().run();
  if (inserted.meta.changes > 0) return true;
  await db
    .update(walletRegistrations)
    .set({ pushToken })
    .where(and(eq(walletRegistrations.deviceLibraryId, deviceLibraryId), eq(walletRegistrations.serialNumber, serialNumber)))
    .run();
  return false;
}

export async function unregisterDevice(db: Db, deviceLibraryId: string, serialNumber: string): Promise<void> {
  await db.delete(walletRegistrations).where(and(eq(walletRegistrations.deviceLibraryId, deviceLibraryId), eq(walletRegistrations.serialNumber, serialNumber))).run();
}

/** The device's passes changed after the tag (all of them without one), and the newest tag; null when none. */
export async function passesUpdatedSince(db: Db, deviceLibraryId: string, since: number | null): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  const rows = await db
    .select({ serialNumber: walletPasses.serialNumber, updatedAt: walletPasses.updatedAt })
    .from(walletRegistrations)
    .innerJoin(walletPasses, eq(walletPasses.serialNumber, walletRegistrations.serialNumber))
    .where(and(eq(walletRegistrations.deviceLibraryId, deviceLibraryId), since == null ? undefined : gt(walletPasses.updatedAt, since)));
  if (!rows.length) return null;
  return { serialNumbers: rows.map((r) => r.serialNumber), lastUpdated: String(Math.max(...rows.map((r) => r.updatedAt))) };
}
