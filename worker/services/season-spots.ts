import { sql } from "drizzle-orm";
import { bookings, type SeasonHolder } from "../../db/schema";
import type { Db } from "../db";
import { insertWhere } from "../lib/insert-where";
import { eventInSeasonText } from "../../shared/lifecycle/season-sql";
import { eventSellsSql, freeSpotsSql } from "../../shared/lifecycle/sql";
import { changesOf, runBatch } from "../lib/d1-batch";

/**
 * A new or edited event of a season: every active holder without a spot there gets one, each
 * guarded by a free spot (a holder left out is shown by the admin's holder list, never oversold).
 */
export async function reserveSeasonSpots(db: Db, eventId: number, now: number): Promise<number> {
  const holders = await db.all<SeasonHolder & { id: string }>(sql`
    select h.id as id, h.customer_name as customerName, h.customer_email as customerEmail, h.license_plate as licensePlate,
      h.car_model as carModel, h.lang as lang
    from season_holders h join season_passes s on s.id = h.season_id join events e on e.id = ${eventId}
    where h.status = 'active' and ${sql.raw(eventInSeasonText("s", "e"))} and ${eventSellsSql(now)}
      and not exists (select 1 from bookings b where b.season_holder_id = h.id and b.event_id = e.id)
    order by h.created_at, h.id`);
  if (holders.length === 0) return 0;
  const results = await runBatch(
    db,
    holders.map((h) =>
      insertWhere(
        db,
        bookings,
        {
          id: crypto.randomUUID(),
          eventId: sql`e.id`,
          kind: "season",
          status: "paid",
          customerName: h.customerName,
          customerEmail: h.customerEmail,
          licensePlate: h.licensePlate,
          carModel: h.carModel,
          amountCents: 0,
          currency: "eur",
          holdExpiresAt: now,
          paidAt: now,
          createdAt: now,
          updatedAt: now,
          lang: h.lang,
          seasonHolderId: h.id,
          // The holder's client (its carrier's), so the spot counts against its caps like the others.
          clientKey: sql`(select cb.client_key from bookings cb join season_holders ch on ch.carrier_booking_id = cb.id where ch.id = ${h.id})`,
          discountCents: 0,
          source: "direct",
        },
        sql`e.id = ${eventId} and ${freeSpotsSql(eventId, now)} >= 1
          and not exists (select 1 from bookings b where b.season_holder_id = ${h.id} and b.event_id = e.id)`,
        sql`events e`,
      ),
    ),
  );
  return results.reduce((n, r) => n + changesOf(r), 0);
}
