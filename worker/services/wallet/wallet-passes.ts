import { and, asc, eq, gt, lt, or, sql, type SQL } from "drizzle-orm";
import {
  bookings,
  events,
  garageCoordinates,
  rates,
  seasonHolders,
  seasonPasses,
  walletPasses,
  walletRegistrations,
  walletStandInDeliveries,
  walletUpdates,
} from "../../../db/schema";
import { garage } from "../../../shared/garage";
import { passStatusOf } from "../../../shared/lifecycle/booking";
import { passValidText } from "../../../shared/lifecycle/sql";
import { bookingCodeOf } from "../../../shared/rules";
import type { Db } from "../../db";
import { insertWhere } from "../../lib/insert-where";
import { eventTitleInBookingLang, rateNameInBookingLang } from "../events";
import { newPassSecret } from "../pass-secret";
import { translated } from "../../../shared/translations";
import { appleWalletConfig, googleWalletConfig, type AppleWalletConfig, type GoogleWalletConfig } from "./config";
import { eventTicketClass, eventTicketObject, updateGoogleTicket } from "./google";
import type { GaragePlace, WalletPassFacts } from "./pkpass";

const factsColumns = {
  serialNumber: walletPasses.serialNumber,
  authToken: walletPasses.authToken,
  updatedAt: walletPasses.updatedAt,
  bookingId: bookings.id,
  kind: bookings.kind,
  seasonHolderId: bookings.seasonHolderId,
  passSecret: bookings.passSecret,
  status: bookings.status,
  lang: bookings.lang,
  licensePlate: bookings.licensePlate,
  eventId: events.id,
  eventTitle: eventTitleInBookingLang,
  eventTitleIt: events.title,
  eventTitleTranslations: events.titleTranslations,
  eventStart: events.datetime,
  isAlwaysActive: events.isAlwaysActive,
  cancelledAt: events.cancelledAt,
  rateName: rateNameInBookingLang,
};

/**
 * The match a season holder's wallet pass shows (docs/decisions/058-season-wallet-pass.md): the
 * earliest of the holder's spots still kept (paid, its match not cancelled) whose match has not ended
 * and that the holder has not already left. SQL text over a bookings alias `b` and an events alias `e`.
 */
const nextMatchText = (b: string, e: string, now: number) =>
  `(${b}.status = 'paid' and ${e}.cancelled_at is null and ${e}.datetime is not null and ${e}.datetime + ${e}.duration_minutes * 60000 > ${Math.trunc(now)} and coalesce(${b}.gate_state, '') <> 'exited')`;

/**
 * What a wallet pass shows, as one JSON text computed by D1 for the pass's row (the outer
 * wallet_passes): a booking's validity, plate, event and date; a season holder's status, plate,
 * season and next match. markWalletPassChanged compares it with the stored `shown`.
 */
const shownSql = (now: number) => sql`(select case when sb.kind = 'season' then
    (select json_array('season', h.status = 'active', h.license_plate, s.name, json(s.name_translations),
        (select json_array(ne.id, ne.datetime, ne.title, json(ne.title_translations)) from bookings nb join events ne on ne.id = nb.event_id
          where nb.season_holder_id = h.id and ${sql.raw(nextMatchText("nb", "ne", now))} order by ne.datetime, ne.id limit 1))
      from season_holders h join season_passes s on s.id = h.season_id where h.id = sb.season_holder_id)
    else json_array('booking', ${sql.raw(passValidText("sb", "se"))}, sb.license_plate, se.datetime, se.is_always_active, se.title, json(se.title_translations)) end
  from bookings sb join events se on se.id = sb.event_id where sb.id = ${walletPasses.bookingId})`;

async function factsWhere(db: Db, where: SQL, baseUrl: string, now: number): Promise<WalletPassFacts | null> {
  const row = await db
    .select(factsColumns)
    .from(walletPasses)
    .innerJoin(bookings, eq(bookings.id, walletPasses.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(rates, eq(rates.id, bookings.rateId))
    .where(where)
    .get();
  if (!row) return null;
  const pass = { serialNumber: row.serialNumber, authToken: row.authToken, updatedAt: row.updatedAt, bookingId: row.bookingId };
  if (row.kind === "season" && row.seasonHolderId) return seasonFacts(db, pass, row.seasonHolderId, baseUrl, now);
  return {
    ...pass,
    eventId: row.eventId,
    lang: row.lang,
    code: bookingCodeOf(row.bookingId),
    passUrl: `${baseUrl}/p/${row.passSecret}`,
    eventTitle: row.eventTitle,
    eventTitleIt: row.eventTitleIt,
    eventTitleTranslations: row.eventTitleTranslations,
    eventStart: row.eventStart,
    isAlwaysActive: row.isAlwaysActive,
    rateName: row.rateName,
    licensePlate: row.licensePlate,
    voided: passStatusOf(row.status, row.cancelledAt != null) !== "valid",
    season: null,
  };
}

/** A season holder's one wallet pass: the season, the holder's plate and code, and the next match it keeps. */
async function seasonFacts(
  db: Db,
  pass: Pick<WalletPassFacts, "serialNumber" | "authToken" | "updatedAt" | "bookingId">,
  holderId: string,
  baseUrl: string,
  now: number,
): Promise<WalletPassFacts | null> {
  const holder = await db
    .select({ holder: seasonHolders, season: seasonPasses })
    .from(seasonHolders)
    .innerJoin(seasonPasses, eq(seasonPasses.id, seasonHolders.seasonId))
    .where(eq(seasonHolders.id, holderId))
    .get();
  if (!holder) return null;
  const { holder: h, season } = holder;
  const next = await db
    .select({ eventId: events.id, title: events.title, titleTranslations: events.titleTranslations, datetime: events.datetime })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(bookings.seasonHolderId, h.id), sql.raw(nextMatchText(`"bookings"`, `"events"`, now))))
    .orderBy(asc(events.datetime), asc(events.id))
    .limit(1)
    .get();
  const nextMatch = next ? { eventId: next.eventId, title: translated(next.title, next.titleTranslations, h.lang), start: next.datetime! } : null;
  return {
    ...pass,
    eventId: nextMatch?.eventId ?? null,
    lang: h.lang,
    code: bookingCodeOf(h.id),
    passUrl: `${baseUrl}/p/${h.passSecret}`,
    eventTitle: translated(season.name, season.nameTranslations, h.lang),
    eventTitleIt: season.name,
    eventTitleTranslations: season.nameTranslations,
    eventStart: nextMatch?.start ?? null,
    isAlwaysActive: false,
    rateName: null,
    licensePlate: h.licensePlate,
    voided: h.status !== "active",
    season: { seasonId: season.id, nextMatch },
  };
}

export const walletFactsBySerial = (db: Db, serialNumber: string, baseUrl: string, now: number) =>
  factsWhere(db, eq(walletPasses.serialNumber, serialNumber), baseUrl, now);

/**
 * The wallet pass of the booking behind a pass link, made on first request. Only a valid pass gets
 * one: a paid booking whose event is not cancelled, or an active season holder's (its pass link's
 * booking carries the holder's one wallet pass, decision 058). A pass made earlier is served whatever
 * it became, so a phone holding it reads "Annullato".
 */
export async function issueWalletPass(db: Db, secret: string, channel: "apple" | "google", baseUrl: string, now: number): Promise<WalletPassFacts | null> {
  const booking = await db
    .select({ id: bookings.id, kind: bookings.kind, status: bookings.status, cancelledAt: events.cancelledAt, seasonHolderId: bookings.seasonHolderId })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.passSecret, secret))
    .get();
  if (!booking) return null;
  let issuable: boolean;
  if (booking.kind === "season") {
    const holder = booking.seasonHolderId
      ? await db.select({ status: seasonHolders.status, passSecret: seasonHolders.passSecret }).from(seasonHolders).where(eq(seasonHolders.id, booking.seasonHolderId)).get()
      : undefined;
    if (holder?.passSecret !== secret) return null;
    issuable = holder.status === "active";
  } else {
    issuable = passStatusOf(booking.status, booking.cancelledAt != null) === "valid";
  }
  if (issuable) {
    await db.batch([
      db
        .insert(walletPasses)
        .values({ serialNumber: newPassSecret(), bookingId: booking.id, authToken: newPassSecret(), version: 1, updatedAt: now })
        .onConflictDoNothing(),
      db.update(walletPasses).set({ shown: shownSql(now) }).where(and(eq(walletPasses.bookingId, booking.id), sql`${walletPasses.shown} is null`)),
    ]);
  }
  const issued = channel === "apple" ? { appleIssuedAt: sql`coalesce(${walletPasses.appleIssuedAt}, ${now})` } : { googleIssuedAt: sql`coalesce(${walletPasses.googleIssuedAt}, ${now})` };
  await db.update(walletPasses).set(issued).where(eq(walletPasses.bookingId, booking.id)).run();
  return factsWhere(db, eq(walletPasses.bookingId, booking.id), baseUrl, now);
}

export async function garagePlace(db: Db): Promise<GaragePlace> {
  const row = await db.select().from(garageCoordinates).where(eq(garageCoordinates.id, 1)).get();
  return { name: garage.name, address: garage.address, coordinates: row ? { latitude: row.latitude, longitude: row.longitude } : null };
}

/** The bookings a change is about; a season holder's spot brings the holder's wallet pass with it. */
export type WalletChangeTarget = { bookingId: string } | { eventId: number } | { paymentIntentId: string } | { holderId: string } | { seasonPasses: true };

const WEEK_MS = 7 * 86_400_000;

function passesOf(target: WalletChangeTarget, now: number): SQL {
  // The cron's sweep: every holder's pass (on its link's booking) of a season not over for a week, read through indexes.
  if ("seasonPasses" in target)
    return sql`${walletPasses.bookingId} in (select b.id from season_passes s join season_holders h on h.season_id = s.id
      join bookings b on b.pass_secret = h.pass_secret where s.ends_at > ${now - WEEK_MS})`;
  const touched =
    "bookingId" in target
      ? sql`tb.id = ${target.bookingId}`
      : "eventId" in target
        ? sql`tb.event_id = ${target.eventId}`
        : "paymentIntentId" in target
          ? sql`tb.payment_intent_id = ${target.paymentIntentId}`
          : sql`tb.season_holder_id = ${target.holderId}`;
  return sql`${walletPasses.bookingId} in (select tb.id from bookings tb where ${touched}
    union select hb.id from bookings hb where hb.season_holder_id in (select tb.season_holder_id from bookings tb where ${touched} and tb.season_holder_id is not null))`;
}

/**
 * The one call every path makes after changing what a pass may show (a new date, plate, a
 * cancellation, a refund settled now or later, a match released or played): each wallet pass of the
 * target whose shown facts differ from the stored ones gets a new version and one queued update,
 * which the cron sends to its devices and to Google once. A pass whose facts did not change is left
 * alone, so a path that runs twice (a webhook delivered again, a retry) notifies once.
 */
export async function markWalletPassChanged(db: Db, target: WalletChangeTarget, now: number): Promise<void> {
  const of = passesOf(target, now);
  const shown = shownSql(now);
  await db.batch([
    // Strictly later than the last tag, so a device asking passesUpdatedSince never misses it.
    db
      .update(walletPasses)
      .set({ version: sql`${walletPasses.version} + 1`, updatedAt: sql`max(${walletPasses.updatedAt} + 1, ${now})`, shown })
      .where(and(of, sql`${walletPasses.shown} is not ${shown}`)),
    // Version 1 is the pass as issued; each later version gets its one row (a version already queued conflicts).
    insertWhere(
      db,
      walletUpdates,
      { serialNumber: sql`${walletPasses.serialNumber}`, version: sql`${walletPasses.version}`, status: "queued", attempts: 0, createdAt: now },
      and(of, sql`${walletPasses.version} > 1`)!,
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
  // A season pass moves on by itself (a match played, left, handed back or refunded): its change is found here.
  await markWalletPassChanged(db, { seasonPasses: true }, now);
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
        const facts = await walletFactsBySerial(db, update.serialNumber, baseUrl, now);
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
