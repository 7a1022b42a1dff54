import { and, desc, eq, getTableName, inArray, like, or, sql } from "drizzle-orm";
import { bookings, events, rates, type BookingKind, type BookingStatus } from "../../db/schema";
import type { Db } from "../db";
import { toIso } from "../lib/time";
import { bookingState, passStatusOf, type BookingState, type PassStatus } from "../../shared/lifecycle/booking";
import { cancelDeadline } from "../../shared/lifecycle/event";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { activeHoldSql, customerCancellableSql, refundedCentsSql } from "../../shared/lifecycle/sql";
import { eventTitleInBookingLang, rateNameInBookingLang } from "./events";
import type { RateLimit } from "./rate-limit";
import { bookingCodeOf } from "../../shared/rules";

/** Failed look-ups allowed per client before answering 429: guessing a code takes ~2^32 tries. */
export const MY_BOOKINGS_RATE_LIMIT: RateLimit = { bucket: "my-bookings", limit: 10, windowMs: 15 * 60_000 };

export { bookingCodeOf };

export type MyBookingDto = {
  code: string;
  kind: BookingKind;
  status: BookingStatus;
  eventId: number;
  eventTitle: string;
  eventDatetime: string | null;
  isAlwaysActive: boolean;
  rateName: string | null;
  customerName: string;
  licensePlate: string;
  carModel: string;
  amount: string;
  createdAt: string;
  paidAt: string | null;
  /** The pass behind /p/<secret>, only while the pass is valid (paid, event not cancelled). */
  passSecret: string | null;
  checkedInAt: string | null;
  /** The payment's receipt (its page /ricevuta/<id>), once paid. */
  receiptId: string | null;
} & AfterSale;

/** What happened after the sale, for the customer's screens (the lifecycle module's answers). */
export type AfterSale = {
  /** Valid only while paid and the event is not cancelled: otherwise no pass is shown anywhere. */
  passStatus: PassStatus;
  state: BookingState;
  eventCancelled: boolean;
  /** Money that went back (succeeded refunds), decimal like `amount`. */
  refunded: string;
  /** A refund is on its way (the provider has not settled it yet). */
  refundPending: boolean;
  /** The customer may cancel now for a full refund, and until when (null: no deadline). */
  cancellation: { allowed: boolean; deadline: string | null };
};

/** Columns of a booking's after-sale facts, in the same statement as the booking (no query per row). */
export const afterSaleColumns = (now: number) => ({
  cancelledAt: events.cancelledAt,
  cancelDeadlineHours: events.cancelDeadlineHours,
  postponeCancelUntil: events.postponeCancelUntil,
  refundedCents: sql<number>`${refundedCentsSql(sql`${bookings.id}`)}`,
  refundPending: sql<number>`exists (select 1 from refunds rp where rp.booking_id = ${bookings.id} and rp.status = 'pending')`,
  cancellable: sql<number>`${customerCancellableSql(now, getTableName(bookings))}`,
});

type AfterSaleRow = {
  booking: { status: BookingStatus; holdExpiresAt: number };
  datetime: number | null;
  isAlwaysActive: boolean;
  cancelledAt: number | null;
  cancelDeadlineHours: number | null;
  postponeCancelUntil: number | null;
  refundedCents: number;
  refundPending: number;
  cancellable: number;
};

export function afterSaleOf(r: AfterSaleRow, now: number): AfterSale {
  const eventCancelled = r.cancelledAt != null;
  const refundedCents = Number(r.refundedCents);
  const allowed = Boolean(r.cancellable);
  return {
    passStatus: passStatusOf(r.booking.status, eventCancelled),
    state: bookingState({ ...r.booking, refundedCents }, now),
    eventCancelled,
    refunded: centsToDecimal(refundedCents),
    refundPending: Boolean(r.refundPending),
    cancellation: { allowed, deadline: allowed ? toIso(cancelDeadline(r)) : null },
  };
}

const SHOWN_STATUSES: BookingStatus[] = ["paid", "freed", "refunded"];

/**
 * The bookings made with `email`, but only when one of them has the code `code`; null otherwise,
 * so the answer never tells whether an e-mail exists. Lapsed holds are left out.
 */
export async function lookupMyBookings(db: Db, input: { email: string; code: string }, now: number): Promise<MyBookingDto[] | null> {
  const email = input.email.trim().toLowerCase();
  const code = input.code.trim().toLowerCase();
  const sameEmail = sql`lower(${bookings.customerEmail}) = ${email}`;
  const match = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(sameEmail, like(bookings.id, `${code}%`)))
    .get();
  if (!match) return null;
  const rows = await db
    .select({
      booking: bookings,
      eventTitle: eventTitleInBookingLang,
      datetime: events.datetime,
      isAlwaysActive: events.isAlwaysActive,
      rateName: rateNameInBookingLang,
      receiptId: sql<string | null>`(select d.id from documents d where d.booking_id = ${bookings.id} and d.kind = 'receipt')`,
      ...afterSaleColumns(now),
    })
    .from(bookings)
    .innerJoin(events, eq(bookings.eventId, events.id))
    .leftJoin(rates, eq(bookings.rateId, rates.id))
    .where(
      and(
        sameEmail,
        or(inArray(bookings.status, SHOWN_STATUSES), activeHoldSql(now, `"${getTableName(bookings)}"`), eq(bookings.id, match.id)),
      ),
    )
    .orderBy(desc(bookings.createdAt));
  return rows.map((r) => {
    const b = r.booking;
    const afterSale = afterSaleOf(r, now);
    return {
    code: bookingCodeOf(b.id),
    kind: b.kind,
    status: b.status,
    eventId: b.eventId,
    eventTitle: r.eventTitle,
    eventDatetime: r.isAlwaysActive ? null : toIso(r.datetime),
    isAlwaysActive: r.isAlwaysActive,
    rateName: r.rateName,
    customerName: b.customerName,
    licensePlate: b.licensePlate,
    carModel: b.carModel,
    amount: centsToDecimal(b.amountCents),
    createdAt: toIso(b.createdAt)!,
    paidAt: toIso(b.paidAt),
    passSecret: afterSale.passStatus === "valid" ? b.passSecret : null,
    checkedInAt: toIso(b.checkedInAt),
    receiptId: r.receiptId,
    ...afterSale,
    };
  });
}
