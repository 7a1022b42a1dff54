import { translated } from "../../../shared/translations";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { bookings, events, garageCoordinates, rates, seasonHolders, seasonPasses, walletPasses, walletUpdates } from "../../../db/schema";
import { garage } from "../../../shared/garage";
import { passStatusOf } from "../../../shared/lifecycle/booking";
import { passValidText } from "../../../shared/lifecycle/sql";
import { bookingCodeOf } from "../../../shared/rules";
import type { Db } from "../../db";
import { insertWhere } from "../../lib/insert-where";
import { eventTitleInBookingLang, rateNameInBookingLang } from "../events";
import { newPassSecret } from "../pass-secret";
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
