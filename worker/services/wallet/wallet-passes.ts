import { and, eq, gt, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import {
  bookings,
  events,
  garageCoordinates,
  rates,
  walletPasses,
  walletRegistrations,
  walletStandInDeliveries,
  walletUpdates,
} from "../../../db/schema";
import { garage } from "../../../shared/garage";
import { passStatusOf } from "../../../shared/lifecycle/booking";
import { bookingCodeOf } from "../../../shared/rules";
import type { Db } from "../../db";
import { insertWhere } from "../../lib/insert-where";
import { eventTitleInBookingLang, rateNameInBookingLang } from "../events";
import { newPassSecret } from "../pass-secret";
import { appleWalletConfig, googleWalletConfig, type AppleWalletConfig, type GoogleWalletConfig } from "./config";
import { eventTicketClass, eventTicketObject, updateGoogleTicket } from "./google";
import type { GaragePlace, WalletPassFacts } from "./pkpass";

const factsColumns = {
  serialNumber: walletPasses.serialNumber,
  authToken: walletPasses.authToken,
  updatedAt: walletPasses.updatedAt,
  bookingId: bookings.id,
  passSecret: bookings.passSecret,
  status: bookings.status,
  lang: bookings.lang,
  licensePlate: bookings.licensePlate,
  eventId: events.id,
  eventTitle: eventTitleInBookingLang,
  eventTitleIt: events.title,
  eventTitleEn: events.titleEn,
  eventStart: events.datetime,
  isAlwaysActive: events.isAlwaysActive,
  cancelledAt: events.cancelledAt,
  rateName: rateNameInBookingLang,
};

async function factsWhere(db: Db, where: SQL, baseUrl: string): Promise<WalletPassFacts | null> {
  const row = await db
    .select(factsColumns)
    .from(walletPasses)
    .innerJoin(bookings, eq(bookings.id, walletPasses.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(rates, eq(rates.id, bookings.rateId))
    .where(where)
    .get();
  if (!row) return null;
  return {
    serialNumber: row.serialNumber,
    authToken: row.authToken,
    updatedAt: row.updatedAt,
    bookingId: row.bookingId,
    eventId: row.eventId,
    lang: row.lang,
    code: bookingCodeOf(row.bookingId),
    passUrl: `${baseUrl}/p/${row.passSecret}`,
    eventTitle: row.eventTitle,
    eventTitleIt: row.eventTitleIt,
    eventTitleEn: row.eventTitleEn,
    eventStart: row.eventStart,
    isAlwaysActive: row.isAlwaysActive,
    rateName: row.rateName,
    licensePlate: row.licensePlate,
    voided: passStatusOf(row.status, row.cancelledAt != null) !== "valid",
  };
}

export const walletFactsBySerial = (db: Db, serialNumber: string, baseUrl: string) => factsWhere(db, eq(walletPasses.serialNumber, serialNumber), baseUrl);

/**
 * The wallet pass of the booking behind a pass link, made on first request. Only a valid pass (paid,
 * its event not cancelled, not a season holder's) gets one; a pass made earlier is served whatever it became, so a phone
 * holding it reads "Annullato".
 */
export async function issueWalletPass(db: Db, secret: string, channel: "apple" | "google", baseUrl: string, now: number): Promise<WalletPassFacts | null> {
  const booking = await db
    .select({ id: bookings.id, kind: bookings.kind, status: bookings.status, cancelledAt: events.cancelledAt })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.passSecret, secret))
    .get();
  // A season holder's one pass (its carrier's secret) would be one match's: the moving season pass is
  // not built yet (docs/decisions/050-wallet-passes.md), so season passes get none.
  if (!booking || booking.kind === "season") return null;
  if (passStatusOf(booking.status, booking.cancelledAt != null) === "valid") {
    await db
      .insert(walletPasses)
      .values({ serialNumber: newPassSecret(), bookingId: booking.id, authToken: newPassSecret(), version: 1, updatedAt: now })
      .onConflictDoNothing()
      .run();
  }
  const issued = channel === "apple" ? { appleIssuedAt: sql`coalesce(${walletPasses.appleIssuedAt}, ${now})` } : { googleIssuedAt: sql`coalesce(${walletPasses.googleIssuedAt}, ${now})` };
  await db.update(walletPasses).set(issued).where(eq(walletPasses.bookingId, booking.id)).run();
  return factsWhere(db, eq(walletPasses.bookingId, booking.id), baseUrl);
}

export async function garagePlace(db: Db): Promise<GaragePlace> {
  const row = await db.select().from(garageCoordinates).where(eq(garageCoordinates.id, 1)).get();
  return { name: garage.name, address: garage.address, coordinates: row ? { latitude: row.latitude, longitude: row.longitude } : null };
}

/**
 * The one call the after-sale services make when what a pass shows changes (a new date, plate,
 * a cancellation or refund): each wallet pass of the booking, or of every booking of the event, gets a
 * new version and one queued update, which the cron sends to its devices and to Google once.
 */
export async function markWalletPassChanged(db: Db, target: { bookingId: string } | { eventId: number }, now: number): Promise<void> {
  const of =
    "bookingId" in target
      ? eq(walletPasses.bookingId, target.bookingId)
      : inArray(walletPasses.bookingId, db.select({ id: bookings.id }).from(bookings).where(eq(bookings.eventId, target.eventId)));
  await db.batch([
    // Strictly later than the last tag, so a device asking passesUpdatedSince never misses it.
    db.update(walletPasses).set({ version: sql`${walletPasses.version} + 1`, updatedAt: sql`max(${walletPasses.updatedAt} + 1, ${now})` }).where(of),
    insertWhere(
      db,
      walletUpdates,
      { serialNumber: sql`${walletPasses.serialNumber}`, version: sql`${walletPasses.version}`, status: "queued", attempts: 0, createdAt: now },
      of,
      sql`${walletPasses}`,
    ).onConflictDoNothing(),
  ]);
}

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

// ---- Sending the changes (the cron's "wallet-updates" task) ----

/** Apple's push service for passes: an empty notification to each device, with the pass type as topic. */
async function pushToDevice(db: Db, apple: AppleWalletConfig, pushToken: string, now: number): Promise<"sent" | "gone"> {
  if (apple.push === "stand-in") {
    await db.insert(walletStandInDeliveries).values({ channel: "apple_push", target: pushToken, body: JSON.stringify({ topic: apple.passTypeId }), createdAt: now }).run();
    return "sent";
  }
  const res = await apple.push.fetch(`https://api.push.apple.com/3/device/${pushToken}`, {
    method: "POST",
    headers: { "apns-topic": apple.passTypeId, "apns-push-type": "alert", "Content-Type": "application/json" },
    body: "{}",
  });
  if (res.status === 410) return "gone";
  if (!res.ok) throw new Error(`apple push ${res.status}`);
  return "sent";
}

async function updateGoogle(db: Db, google: GoogleWalletConfig, facts: WalletPassFacts, place: GaragePlace, now: number): Promise<void> {
  const classBody = eventTicketClass(google, facts, place);
  const objectBody = eventTicketObject(google, facts);
  if (google.api === "stand-in") {
    await db.insert(walletStandInDeliveries).values({ channel: "google_object", target: String(objectBody.id), body: JSON.stringify({ class: classBody, object: objectBody }), createdAt: now }).run();
    return;
  }
  await updateGoogleTicket(google, classBody, objectBody, now);
}

const RECLAIM_AFTER_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;

/**
 * Sends each queued change once: the row is claimed by one guarded UPDATE (a second cron run finds it
 * taken), then every device registered for the pass is pushed and Google's object replaced, then the
 * row is marked sent. A failure puts it back for the next minute, up to five tries; a claim left by a
 * run that died is taken again after five minutes.
 */
export async function sendWalletUpdates(db: Db, env: Env, now: number): Promise<{ sent: number; pushes: number; failed: number }> {
  const apple = appleWalletConfig(env);
  const google = googleWalletConfig(env);
  const baseUrl = (env.PUBLIC_BASE_URL ?? "").replace(/\/+$/, "");
  const claimed = await db
    .update(walletUpdates)
    .set({ status: "sending", claimedAt: now, attempts: sql`${walletUpdates.attempts} + 1` })
    .where(or(eq(walletUpdates.status, "queued"), and(eq(walletUpdates.status, "sending"), lt(walletUpdates.claimedAt, now - RECLAIM_AFTER_MS))))
    .returning();
  let sent = 0;
  let pushes = 0;
  let failed = 0;
  const place = claimed.length ? await garagePlace(db) : null;
  for (const update of claimed) {
    try {
      const pass = await db.select().from(walletPasses).where(eq(walletPasses.serialNumber, update.serialNumber)).get();
      if (pass && apple && pass.appleIssuedAt != null) {
        const devices = await db.select().from(walletRegistrations).where(eq(walletRegistrations.serialNumber, update.serialNumber));
        for (const device of devices) {
          if ((await pushToDevice(db, apple, device.pushToken, now)) === "gone") await unregisterDevice(db, device.deviceLibraryId, device.serialNumber);
          pushes++;
        }
      }
      if (pass && google && pass.googleIssuedAt != null) {
        const facts = await walletFactsBySerial(db, update.serialNumber, baseUrl);
        if (facts) await updateGoogle(db, google, facts, place!, now);
      }
      await db.update(walletUpdates).set({ status: "sent", sentAt: now }).where(eq(walletUpdates.id, update.id)).run();
      sent++;
    } catch (err) {
      console.error(`wallet update ${update.id} failed: ${(err as Error).message}`);
      await db
        .update(walletUpdates)
        .set({ status: update.attempts >= MAX_ATTEMPTS ? "failed" : "queued" })
        .where(eq(walletUpdates.id, update.id))
        .run();
      failed++;
    }
  }
  return { sent, pushes, failed };
}
