/**
 * The lifecycle's rules as SQL, for the statements that enforce them (D1 runs one statement at a
 * time, so a rule in the WHERE of the statement that writes holds atomically). Each fragment is
 * the SQL twin of a function in event.ts or booking.ts; lifecycle.test.ts checks that they agree.
 * Worker only: the SPA imports the plain modules, never this one (it pulls in drizzle).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Capacity } from "./booking";
import { DEFAULT_CANCEL_DEADLINE_HOURS, HOUR_MS, MINUTE_MS } from "./event";

const ms = (now: number) => String(Math.trunc(now));

// ---------- capacity (booking.ts takesSpot, freeSpotsOf) ----------

/** isActiveHold() as SQL text over booking alias `b`; `now` is any SQL expression (a literal or ?1). */
export const activeHoldText = (b: string, now: string) => `(${b}.status = 'pending' and ${b}.hold_expires_at > ${now})`;
export const paidText = (b: string) => `(${b}.status = 'paid')`;
/** takesSpot() as SQL text. */
export const takesSpotText = (b: string, now: string) => `(${paidText(b)} or ${activeHoldText(b, now)})`;

export const activeHoldSql = (now: number, b = "b") => sql.raw(activeHoldText(b, ms(now)));
export const takesSpotSql = (now: number, b = "b") => sql.raw(takesSpotText(b, ms(now)));

/** freeSpotsOf() as SQL text, for event alias `e` with `holds` and `paid` already counted (may go below zero: callers compare). */
export const freeSpotsText = (e: string, holds: string, paid: string) => `(${e}.total_spots - ${e}.reserved_spots - ${e}.occupied_spots - ${holds} - ${paid})`;

/** freeSpotsOf() over given figures (e.g. an admin's new capacity) and a SQL count of the spots taken; may go below zero. */
export const freeSpotsOfSql = (c: Capacity, taken: SQL) => sql`(${c.totalSpots} - ${c.reservedSpots} - ${c.occupiedSpots} - ${taken})`;

/**
 * Free spots of one event as a SQL scalar: the guard of every statement that takes a spot
 * (`INSERT … SELECT … WHERE (freeSpotsSql) >= 1`).
 */
export function freeSpotsSql(eventId: number | SQL, now: number): SQL {
  const used = sql.raw(`(select count(*) from bookings b where b.event_id = e.id and ${takesSpotText("b", ms(now))})`);
  return sql`(select ${sql.raw(freeSpotsText("e", "0", "0"))} - ${used} from events e where e.id = ${eventId})`;
}

// ---------- the event's end and whether it sells (event.ts eventEndsAt, hasEnded) ----------

/** eventEndsAt() as SQL text (epoch ms) for a dated event of alias `e`. */
export const eventEndsAtText = (e: string) => `(${e}.datetime + ${e}.duration_minutes * ${MINUTE_MS})`;

/** !hasEnded() as SQL text, `now` any SQL expression. */
export const eventNotEndedText = (e: string, now: string) => `(${e}.is_always_active = 1 or ${e}.datetime is null or ${eventEndsAtText(e)} > ${now})`;
export const eventNotEndedSql = (now: number, e = "e") => sql.raw(eventNotEndedText(e, ms(now)));

/** An event takes holds and payments: switched on, never cancelled, not over. */
export const eventSellsText = (e: string, now: string) => `(${e}.is_active = 1 and ${e}.cancelled_at is null and ${eventNotEndedText(e, now)})`;
export const eventSellsSql = (now: number, e = "e") => sql.raw(eventSellsText(e, ms(now)));

// ---------- the customer's deadline (event.ts cancelDeadline, withinCancelDeadline) ----------

/** cancelDeadline() as SQL text (epoch ms or null) for event alias `e`. */
export const cancelDeadlineText = (e: string) =>
  `(case when ${e}.is_always_active = 1 then null
     when ${e}.datetime is null then ${e}.postpone_cancel_until
     else max(${e}.datetime - coalesce(${e}.cancel_deadline_hours, ${DEFAULT_CANCEL_DEADLINE_HOURS}) * ${HOUR_MS}, coalesce(${e}.postpone_cancel_until, 0)) end)`;

/** withinCancelDeadline() as SQL text. */
export const withinCancelDeadlineText = (e: string, now: string) => `(${e}.is_always_active = 1 or ${cancelDeadlineText(e)} > ${now})`;

/**
 * A customer may cancel booking `b` now: paid, never through the gate, not a season holder's spot (the
 * holder releases it instead, docs/decisions/034), its event not cancelled and
 * within the deadline. The refund INSERT evaluates it as it writes.
 */
export const customerCancellableSql = (now: number, b: string) =>
  sql.raw(`(${b}.status = 'paid' and ${b}.gate_state is null and ${b}.kind <> 'season' and exists (select 1 from events ce where ce.id = ${b}.event_id
    and ce.cancelled_at is null and ${withinCancelDeadlineText("ce", ms(now))}))`);

// ---------- money (money.ts centsToDecimal) ----------

/** centsToDecimal() as SQL text, for non-negative cents: 1505 → '15.05'. */
export const centsToDecimalText = (cents: string) => `printf('%d.%02d', ${cents} / 100, ${cents} % 100)`;

// ---------- money back (booking.ts refundCounts, refundClaims) ----------

/** Cents of booking `bookingId` that went back (succeeded refunds). */
export const refundedCentsSql = (bookingId: SQL | string) =>
  sql`(select coalesce(sum(rf.amount_cents), 0) from refunds rf where rf.booking_id = ${bookingId} and rf.status = 'succeeded')`;

/** Cents of booking `bookingId` claimed by refunds that still stand (pending or succeeded). */
export const claimedCentsSql = (bookingId: SQL | string) =>
  sql`(select coalesce(sum(rf.amount_cents), 0) from refunds rf where rf.booking_id = ${bookingId} and rf.status <> 'failed')`;

// ---------- passes (booking.ts passStatusOf) ----------

/** A pass scans: its booking paid and its event not cancelled. */
export const passValidText = (b: string, e: string) => `(${b}.status = 'paid' and ${e}.cancelled_at is null)`;

/** isLiveBooking() as SQL text: the bookings a notice or a reminder is written to. */
export const liveBookingText = (b: string, e: string) => passValidText(b, e);

// ---------- the waiting list (waitlist.ts) ----------

/** isWaiting() as SQL text over entry alias `w`. */
export const waitingEntryText = (w: string) => `(${w}.booking_id is null and ${w}.left_at is null)`;

/**
 * spotsForSale() as the guard of a public hold: free spots minus the people in line (may go below
 * zero: callers compare). A spot freed while people wait is theirs, whoever asks first.
 */
export function spotsForSaleSql(eventId: number | SQL, now: number): SQL {
  return sql`(${freeSpotsSql(eventId, now)} - (select count(*) from waitlist_entries wc where wc.event_id = ${eventId} and ${sql.raw(waitingEntryText("wc"))}))`;
}

/** waitlistStateOf() as SQL text, for entry `w` left-joined to its offer booking `b`. */
export const waitlistStateText = (w: string, b: string, now: string) =>
  `(case when ${w}.booking_id is null or ${b}.id is null then (case when ${w}.left_at is null then 'waiting' else 'left' end)
     when ${b}.status in ('paid', 'freed', 'refunded') then 'booked'
     when ${activeHoldText(b, now)} then 'offered'
     when ${w}.left_at is null then 'lapsed' else 'left' end)`;
