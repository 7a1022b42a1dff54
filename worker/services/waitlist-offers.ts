import { eq, sql } from "drizzle-orm";
import { events } from "../../db/schema";
import type { Db } from "../db";
import { eventSellsSql, freeSpotsSql, waitingEntryText } from "../../shared/lifecycle/sql";
import { offerExpiresAt } from "../../shared/lifecycle/waitlist";
import { dispatchQueued } from "./email/outbox";
import { d1Of, holdCap, holdMinutes, statement, underCapSql, type HoldCap } from "./holds";
import { getWaitlistSettings } from "./waitlist";

// ---------- offering freed spots ----------

/**
 * The first entry in line of event `eventId` whose rate still sells and whose client (its IP or its
 * e-mail) is under the caps of decision 012: the one the next spot goes to. An offer is a hold, so a
 * client at its caps is passed over (it stays in line) rather than holding more (docs/decisions/054).
 */
const firstInLineSql = (eventId: number, now: number, cap: HoldCap) => sql`(select f.id from waitlist_entries f join rates fr on fr.id = f.rate_id
  where f.event_id = ${eventId} and ${sql.raw(waitingEntryText("f"))} and fr.is_visible = 1 and fr.is_payable = 1
    and ${underCapSql({ key: sql`f.client_key`, email: sql`f.email`, now }, eventId, cap)}
  order by f.id limit 1)`;

export const waitlistOfferKey = (bookingId: string) => `waitlist_offer:${bookingId}`;

/** At most this many offers per call: a large capacity rise is offered over a few cron minutes, never in one long request. */
const MAX_OFFERS_PER_CALL = 25;

/**
 * Offers each free spot of the event to the first in line, one all-or-nothing D1 batch per spot:
 * the hold INSERT (guarded by free spots ≥ 1, like any hold, so no spot is offered twice and an open
 * offer counts like a hold), the entry's link to it, and the e-mail's outbox row. Then hands the
 * e-mails to the queue. Returns how many offers it made.
 */
export async function offerFreedSpots(db: Db, env: Env, eventId: number, now: number): Promise<number> {
  const event = await db.select({ datetime: events.datetime, isAlwaysActive: events.isAlwaysActive }).from(events).where(eq(events.id, eventId)).get();
  if (!event) return 0;
  const { offerMinutes } = await getWaitlistSettings(db);
  const expiresAt = offerExpiresAt(now, offerMinutes, holdMinutes(env), event);
  const cap = holdCap(env);
  const outboxIds: number[] = [];
  for (let i = 0; i < MAX_OFFERS_PER_CALL; i++) {
    const id = crypto.randomUUID();
    const made = sql`exists (select 1 from bookings nb where nb.id = ${id})`;
    const [hold, , outbox] = await d1Of(db).batch([
      statement(
        db,
        sql`insert into bookings (id, event_id, rate_id, kind, status, customer_name, customer_email, license_plate, car_model,
            amount_cents, currency, hold_expires_at, client_key, created_at, updated_at, lang)
          select ${id}, e.id, r.id, 'booking', 'pending', '', w.email, w.license_plate, '', r.price_cents, 'eur', ${expiresAt}, w.client_key, ${now}, ${now}, w.lang
          from waitlist_entries w join rates r on r.id = w.rate_id join events e on e.id = w.event_id
          where w.id = ${firstInLineSql(eventId, now, cap)} and ${eventSellsSql(now)} and ${freeSpotsSql(eventId, now)} >= 1`,
      ),
      // The entry the hold was made for: the one waiting entry of its e-mail (one open entry per e-mail and event);
      // not "the first in line" again, which the new hold may have just put over its client's cap.
      statement(
        db,
        sql`update waitlist_entries set booking_id = ${id}, offered_at = ${now}
          where id = (select f.id from waitlist_entries f where f.event_id = ${eventId} and ${sql.raw(waitingEntryText("f"))}
            and f.email = (select nb.customer_email from bookings nb where nb.id = ${id}) order by f.id limit 1)`,
      ),
      statement(
        db,
        sql`insert into email_outbox (booking_id, kind, dedupe_key, status, attempts, created_at, updated_at)
          select ${id}, 'waitlist_offer', ${waitlistOfferKey(id)}, 'queued', 0, ${now}, ${now} where ${made}
          on conflict do nothing returning id`,
      ),
    ]);
    if (hold.meta.changes !== 1) break;
    const row = outbox.results[0] as { id: number } | undefined;
    if (row) outboxIds.push(row.id);
  }
  if (outboxIds.length) await dispatchQueued(env, db, now, outboxIds);
  return outboxIds.length;
}

/** The cron's pass: every event with people in line gets its free spots offered (lapsed offers included). */
export async function offerFreedSpotsEverywhere(db: Db, env: Env, now: number): Promise<{ offers: number }> {
  const rows = await db.all<{ eventId: number }>(sql`select distinct w.event_id as eventId from waitlist_entries w join events e on e.id = w.event_id
    where ${sql.raw(waitingEntryText("w"))} and ${eventSellsSql(now)}`);
  let offers = 0;
  for (const { eventId } of rows) offers += await offerFreedSpots(db, env, eventId, now);
  return { offers };
}

/** For routes that just freed a spot (a refund, a cancellation, "Libera Parcheggio", more capacity): never fails their answer. */
export async function offerFreedSpotsQuietly(db: Db, env: Env, eventId: number | null | undefined, now: number): Promise<void> {
  if (eventId == null) return;
  try {
    await offerFreedSpots(db, env, eventId, now);
  } catch (err) {
    console.error(`waiting-list offer failed, the cron retries: ${(err as Error).name}`);
  }
}


/** After a booking freed its spot (refund, "Libera Parcheggio"): its event's line gets the spot. */
export async function offerAfterBookingFreed(db: Db, env: Env, bookingId: string, now: number): Promise<void> {
  const row = await db.get<{ eventId: number }>(sql`select event_id as eventId from bookings where id = ${bookingId}`);
  await offerFreedSpotsQuietly(db, env, row?.eventId, now);
}

/** After a customer cancelled from their pass. */
export async function offerAfterPassCancelled(db: Db, env: Env, passSecret: string, now: number): Promise<void> {
  const row = await db.get<{ eventId: number }>(sql`select event_id as eventId from bookings where pass_secret = ${passSecret}`);
  await offerFreedSpotsQuietly(db, env, row?.eventId, now);
}
