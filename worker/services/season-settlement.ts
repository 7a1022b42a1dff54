import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bookings, seasonHolders } from "../../db/schema";
import type { Db } from "../db";
import { canReleaseMatchText, holderTakesSeatText } from "../../shared/lifecycle/season-sql";
import { activeHoldText, claimedCentsSql, spotsForSaleSql } from "../../shared/lifecycle/sql";
import { ms } from "../lib/d1-batch";
import { clientBookingsSql } from "./client-caps";

/**
 * The guard a season's payment adds to the carrier's paying UPDATE (settleIntent): the purchase's hold
 * still stands (its seat and spots are held), or — paid late — a seat of the season is still free and
 * every other match it held still has a spot for sale. Otherwise nothing is paid and the money goes
 * back: no path activates a holder "where free" (finding 2 of issue #40).
 */
export function seasonPayableSql(carrierBookingId: string, now: number, bookingsPerEvent: number): SQL {
  return sql`exists (select 1 from season_holders h join season_passes s on s.id = h.season_id
    where h.carrier_booking_id = ${carrierBookingId} and h.status = 'pending'
      and (h.hold_expires_at > ${now}
        or ((select count(*) from season_holders sh where sh.season_id = s.id and sh.id <> h.id and ${sql.raw(holderTakesSeatText("sh", ms(now)))}) < s.spots
          and not exists (select 1 from bookings o where o.season_holder_id = h.id and o.id <> ${carrierBookingId}
            and o.status in ('pending', 'expired') and not ${sql.raw(activeHoldText("o", ms(now)))}
            and (${spotsForSaleSql(sql`o.event_id`, now)} < 1
              or ${clientBookingsSql({ key: sql`o.client_key`, email: sql`o.customer_email`, now }, sql`o.event_id`)} >= ${bookingsPerEvent})))))`;
}

/**
 * The carrier booking was just paid (settleIntent's batch): the holder becomes active with the
 * carrier's pass secret as its one pass, and its other spots are paid — each only while its hold
 * lasts or a spot of its event is still free, the same guard as any late payment.
 */
export function settleSeasonItems(db: Db, carrierBookingId: string, now: number): BatchItem<"sqlite">[] {
  const carrierPaid = sql`exists (select 1 from bookings c where c.id = ${carrierBookingId} and c.status = 'paid' and c.kind = 'season')`;
  return [
    db
      .update(seasonHolders)
      .set({ status: "active", passSecret: sql`(select c.pass_secret from bookings c where c.id = ${carrierBookingId})` })
      .where(and(eq(seasonHolders.carrierBookingId, carrierBookingId), eq(seasonHolders.status, "pending"), carrierPaid)),
    db
      .update(bookings)
      .set({ status: "paid", paidAt: now, updatedAt: now })
      .where(
        and(
          sql`${bookings.seasonHolderId} = (select h.id from season_holders h where h.carrier_booking_id = ${carrierBookingId})`,
          sql`${bookings.id} <> ${carrierBookingId}`,
          inArray(bookings.status, ["pending", "expired"]),
          carrierPaid,
          sql`(${sql.raw(activeHoldText(`"bookings"`, ms(now)))} or ${spotsForSaleSql(sql`"bookings"."event_id"`, now)} >= 1)`,
          sql`not exists (select 1 from events ce where ce.id = ${bookings.eventId} and ce.cancelled_at is not null)`,
        ),
      ),
  ];
}

// ---------- the season ends for a holder: refunded or revoked ----------

/**
 * The carrier booking `carrierId` (SQL naming its id) was refunded in full: the season ends for its
 * holder. Every spot still to come (paid, not entered, match not started: canReleaseMatch) is
 * refunded with it, so those spots go back on sale and the pass no longer opens them; matches already
 * played stay as they were. For the batch that marks the carrier refunded (refunds.ts), so the
 * carrier and the other matches never disagree.
 */
export function endRefundedSeasonStatements(db: Db, carrierId: SQL, now: number): BatchItem<"sqlite">[] {
  // The season's money, not its first match's spot, decides: a carrier released or at a cancelled match still ends the season once refunded in full.
  const carrierRefunded = sql`exists (select 1 from bookings c where c.id = ${carrierId} and c.kind = 'season'
    and (c.status = 'refunded' or (c.amount_cents > 0 and ${claimedCentsSql(sql`c.id`)} >= c.amount_cents)))`;
  return [
    db
      .update(bookings)
      .set({ status: "refunded", refundedAt: sql`coalesce(${bookings.refundedAt}, ${now})`, updatedAt: now })
      .where(
        and(
          sql`${bookings.seasonHolderId} = (select h.id from season_holders h where h.carrier_booking_id = ${carrierId})`,
          sql`${bookings.id} <> ${carrierId}`,
          carrierRefunded,
          sql`exists (select 1 from events re where re.id = ${bookings.eventId} and ${sql.raw(canReleaseMatchText(`"bookings"`, "re", ms(now)))})`,
        ),
      ),
    db
      .update(seasonHolders)
      .set({ status: "cancelled" })
      .where(and(sql`${seasonHolders.carrierBookingId} = ${carrierId}`, eq(seasonHolders.status, "active"), carrierRefunded)),
  ];
}
