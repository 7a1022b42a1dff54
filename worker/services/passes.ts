import { eq, sql } from "drizzle-orm";
import { bookings, events, rates, seasonHolders, type GateState } from "../../db/schema";
import type { PassStatus } from "../../shared/lifecycle/booking";
import { bookingCodeOf } from "../../shared/rules";
import { afterSaleColumns, afterSaleOf, type AfterSale } from "./my-bookings";
import type { Db } from "../db";
import { toIso } from "../lib/time";
import { newPassSecret } from "./pass-secret";
import { eventTitleInBookingLang, rateNameInBookingLang } from "./events";
import { noticesQuery, PASS_NOTICES_SHOWN, shownNotice, type LatestNotice } from "./notices";


/**
 * For the UPDATE that marks a booking paid: keeps a secret it already has (a retried settlement,
 * a booking paid again after a late payment) so a pass once handed out never changes.
 */
export const passSecretOnPay = () => sql`coalesce(${bookings.passSecret}, ${newPassSecret()})`;

/** What anyone holding the pass link sees: no name, e-mail, phone or payment details. */
/** What anyone holding the link reads: the pass, and what happened to it (no amounts: a friend driving the car may hold it). */
export type PassDto = Pick<AfterSale, "state" | "eventCancelled" | "refundPending"> & {
  status: PassStatus;
  code: string;
  eventTitle: string;
  eventDatetime: string | null;
  isAlwaysActive: boolean;
  rateName: string | null;
  licensePlate: string;
  gateState: GateState | null;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  /** The event's notices from the garage, newest first, while the pass is valid and the event has not ended. */
  notices: LatestNotice[];
  /** The start before the event was postponed ("Rinvia"); null when it never was. */
  postponedFrom: string | null;
};

/** The pass and its booking's after-sale facts, in one statement. */
/**
 * A season holder's secret is also its carrier booking's: that secret answers `{ kind: "season" }`
 * and the page reads the season's own endpoint (so a booking's page never asks it, issue #48).
 */
export async function getPass(db: Db, secret: string, now: number): Promise<PassDto | { kind: "season" } | null> {
  // One D1 trip: the pass, its event's notices and whether the secret is a season holder's.
  const passQuery = db
    .select({
      booking: { status: bookings.status, holdExpiresAt: bookings.holdExpiresAt },
      id: bookings.id,
      eventId: bookings.eventId,
      datetime: events.datetime,
      ...afterSaleColumns(now),
      licensePlate: bookings.licensePlate,
      gateState: bookings.gateState,
      checkedInAt: bookings.checkedInAt,
      checkedOutAt: bookings.checkedOutAt,
      eventTitle: eventTitleInBookingLang,
      isAlwaysActive: events.isAlwaysActive,
      previousDatetime: events.previousDatetime,
      rateName: rateNameInBookingLang,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(rates, eq(rates.id, bookings.rateId))
    .where(eq(bookings.passSecret, secret))
    .limit(1);
  const eventOfPass = sql`(select ${bookings.eventId} from ${bookings} where ${bookings.passSecret} = ${secret})`;
  const holderQuery = db.select({ id: seasonHolders.id }).from(seasonHolders).where(eq(seasonHolders.passSecret, secret)).limit(1);
  const [[row], noticeRows, [holder]] = await db.batch([passQuery, noticesQuery(db, eventOfPass, PASS_NOTICES_SHOWN), holderQuery]);
  if (holder) return { kind: "season" };
  if (!row) return null;
  const { passStatus, state, eventCancelled, refundPending } = afterSaleOf(row, now);
  return {
    status: passStatus,
    state,
    eventCancelled,
    refundPending,
    code: bookingCodeOf(row.id),
    eventTitle: row.eventTitle,
    eventDatetime: row.isAlwaysActive ? null : toIso(row.datetime),
    isAlwaysActive: row.isAlwaysActive,
    rateName: row.rateName,
    licensePlate: row.licensePlate,
    gateState: row.gateState,
    checkedInAt: toIso(row.checkedInAt),
    checkedOutAt: toIso(row.checkedOutAt),
    notices: passStatus === "valid" ? noticeRows.map((n) => shownNotice(n, now)).filter((n) => n !== null) : [],
    postponedFrom: eventCancelled || row.previousDatetime == null ? null : toIso(row.previousDatetime),
  };
}
