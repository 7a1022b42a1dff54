import { and, isNull, lt, ne, sql } from "drizzle-orm";
import { bookings, rateLimitHits, seasonHolders, waitlistEntries } from "../../db/schema";
import type { Db } from "../db";

const DAY_MS = 24 * 60 * 60 * 1000;
export const REDACTED = "***";
/** A booking's personal data once its period is over; the plate goes earlier, on its own period. */
export const PERSONAL_DATA_ERASED = { customerName: REDACTED, customerEmail: REDACTED, nome: null, cognome: null, telefono: null, note: null, clientKey: null } as const;

export type Retention = { plateDays: number; personalDataDays: number };

export function retentionOf(env: Pick<Env, "PLATE_RETENTION_DAYS" | "PERSONAL_DATA_RETENTION_DAYS">): Retention {
  const days = (v: string | undefined, fallback: number) => (Number(v) > 0 ? Number(v) : fallback);
  return { plateDays: days(env.PLATE_RETENTION_DAYS, 30), personalDataDays: days(env.PERSONAL_DATA_RETENTION_DAYS, 180) };
}

/** When the clock starts: the event's date, or the booking's own creation for always-active events. */
const anchor = sql`coalesce((select e.datetime from events e where e.id = ${bookings.eventId} and e.is_always_active = 0), ${bookings.createdAt})`;

/** The same clock for a waiting-list entry: its event's date, or the day it joined. */
const waitlistAnchor = sql`coalesce((select e.datetime from events e where e.id = ${waitlistEntries.eventId} and e.is_always_active = 0), ${waitlistEntries.createdAt})`;

/** A season holder's clock starts when the season ends: the pass is used until then. */
const seasonEnd = sql`(select s.ends_at from season_passes s where s.id = ${seasonHolders.seasonId})`;

/**
 * Plates go 30 days after the event; names, e-mails, phones and notes after 180. Amounts, dates,
 * statuses and payment ids stay, so the accounts still add up. Marked rows are skipped, so a
 * second run changes nothing.
 */
export async function anonymisePersonalData(
  db: Db,
  now: number,
  retention: Retention,
): Promise<{ plates: number; personalData: number; waitlistPlates: number; waitlistEmails: number; holderPlates: number; holderContacts: number }> {
  const [plates, personal, waitlistPlates, waitlistEmails, holderPlates, holderContacts] = await db.batch([
    db
      .update(bookings)
      .set({ licensePlate: REDACTED, plateAnonymizedAt: now, updatedAt: now })
      .where(and(isNull(bookings.plateAnonymizedAt), lt(anchor, now - retention.plateDays * DAY_MS))),
    db
      .update(bookings)
      .set({ ...PERSONAL_DATA_ERASED, personalDataAnonymizedAt: now, updatedAt: now })
      .where(and(isNull(bookings.personalDataAnonymizedAt), lt(anchor, now - retention.personalDataDays * DAY_MS))),
    // Waiting-list entries hold the same data (e-mail, plate), gone after the same periods. The marker
    // is the redacted value itself, so a second run changes nothing.
    db
      .update(waitlistEntries)
      .set({ licensePlate: REDACTED })
      .where(and(ne(waitlistEntries.licensePlate, REDACTED), lt(waitlistAnchor, now - retention.plateDays * DAY_MS))),
    db
      .update(waitlistEntries)
      .set({ email: REDACTED, clientKey: null })
      .where(and(ne(waitlistEntries.email, REDACTED), lt(waitlistAnchor, now - retention.personalDataDays * DAY_MS))),
    // Season holders: the car after the plate period, name and e-mail after the personal-data period,
    // both counted from the season's end. Their matches' bookings follow the booking rules above.
    db
      .update(seasonHolders)
      .set({ licensePlate: REDACTED, carModel: REDACTED })
      .where(and(ne(seasonHolders.licensePlate, REDACTED), lt(seasonEnd, now - retention.plateDays * DAY_MS))),
    db
      .update(seasonHolders)
      .set({ customerName: REDACTED, customerEmail: REDACTED })
      .where(and(ne(seasonHolders.customerEmail, REDACTED), lt(seasonEnd, now - retention.personalDataDays * DAY_MS))),
  ]);
  return {
    plates: plates.meta.changes,
    personalData: personal.meta.changes,
    waitlistPlates: waitlistPlates.meta.changes,
    waitlistEmails: waitlistEmails.meta.changes,
    holderPlates: holderPlates.meta.changes,
    holderContacts: holderContacts.meta.changes,
  };
}

/** Rate-limit rows hold client IPs: no window is longer than a day, so older rows only leak. */
export async function purgeRateLimitHits(db: Db, now: number): Promise<{ deleted: number }> {
  const res = await db.delete(rateLimitHits).where(lt(rateLimitHits.at, now - DAY_MS)).run();
  return { deleted: res.meta.changes };
}
