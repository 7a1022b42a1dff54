import { and, desc, eq, getTableName, or, sql, type SQL } from "drizzle-orm";
import { bookings, events, rates, type Booking, type BookingStatus, type GateState } from "../../db/schema";
import type { Db } from "../db";
import { toIso } from "../lib/time";
import { toBookingDto, type BookingDto } from "./bookings";
import { bookingState, type BookingState } from "../../shared/lifecycle/booking";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { activeHoldSql, refundedCentsSql, takesSpotSql } from "../../shared/lifecycle/sql";

/** Spec §3 Booking for the admin: the public shape plus the contact and payment fields. */
export type AdminBookingDto = BookingDto & {
  customerEmail: string;
  stripePaymentIntentId: string | null;
  paymentProvider: string | null;
  nome: string | null;
  cognome: string | null;
  telefono: string | null;
  note: string | null;
  freedAt: string | null;
  refundedAt: string | null;
  gateState: GateState | null;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  /** Bookings of this event holding or paying a spot with this plate (this one included if it does): over 1 is a repeat. */
  plateSpots: number;
  /** The state staff read: paid, partly refunded, refunded… (shared/lifecycle bookingState). */
  state: BookingState;
  /** Money that went back (succeeded refunds only), decimal like `amount`. */
  refundedAmount: string;
  /** A refund the provider has not settled yet. */
  refundPending: boolean;
  /** A refund the provider refused: staff should look at it and retry. */
  refundFailed: boolean;
};

type Row = {
  booking: Booking;
  event: typeof events.$inferSelect;
  rate: { id: number; name: string } | null;
  plateSpots: number;
  refundedCents: number;
  refundPending: number;
  refundFailed: number;
};

export function toAdminBookingDto({ booking: b, event, rate, plateSpots, refundedCents, refundPending, refundFailed }: Row, now: number): AdminBookingDto {
  return {
    ...toBookingDto(b, event, rate?.id == null ? null : rate, now),
    customerEmail: b.customerEmail,
    stripePaymentIntentId: b.paymentIntentId,
    paymentProvider: b.paymentProvider,
    nome: b.nome,
    cognome: b.cognome,
    telefono: b.telefono,
    note: b.note,
    freedAt: toIso(b.freedAt),
    refundedAt: toIso(b.refundedAt),
    gateState: b.gateState,
    checkedInAt: toIso(b.checkedInAt),
    checkedOutAt: toIso(b.checkedOutAt),
    plateSpots: Number(plateSpots),
    state: bookingState({ ...b, refundedCents: Number(refundedCents) }, now),
    refundedAmount: centsToDecimal(Number(refundedCents)),
    refundPending: Boolean(refundPending),
    refundFailed: Boolean(refundFailed),
  };
}

/** The status a person sees: a pending booking whose hold lapsed is expired, cron or not. */
export function statusFilter(status: BookingStatus, now: number): SQL | undefined {
  if (status === "pending") return activeHoldSql(now, `"${getTableName(bookings)}"`);
  if (status === "expired") return or(eq(bookings.status, "expired"), and(eq(bookings.status, "pending"), sql`not ${activeHoldSql(now, `"${getTableName(bookings)}"`)}`));
  return eq(bookings.status, status);
}

export const selectAdminBookings = (db: Db, now: number) =>
  db
    .select({
      booking: bookings,
      event: events,
      rate: { id: rates.id, name: rates.name },
      plateSpots: sql<number>`(select count(*) from bookings b where b.event_id = ${bookings.eventId}
        and b.license_plate = ${bookings.licensePlate} and b.plate_anonymized_at is null and ${takesSpotSql(now)})`,
      // The refunds of each row in the same statement (no query per booking).
      refundedCents: sql<number>`${refundedCentsSql(sql`${bookings.id}`)}`,
      refundPending: sql<number>`exists (select 1 from refunds rp where rp.booking_id = ${bookings.id} and rp.status = 'pending')`,
      refundFailed: sql<number>`exists (select 1 from refunds rx where rx.booking_id = ${bookings.id} and rx.status = 'failed')`,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(rates, eq(rates.id, bookings.rateId));

/** Newest first, with event title and rate name; optionally one status and/or one event. */
export async function listAdminBookings(
  db: Db,
  filters: { status?: BookingStatus; eventId?: number; limit: number },
  now: number,
): Promise<AdminBookingDto[]> {
  const rows = await selectAdminBookings(db, now)
    .where(
      and(
        filters.status ? statusFilter(filters.status, now) : undefined,
        filters.eventId ? eq(bookings.eventId, filters.eventId) : undefined,
      ),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(filters.limit);
  return rows.map((r) => toAdminBookingDto(r, now));
}

export async function getAdminBooking(db: Db, id: string, now: number): Promise<AdminBookingDto | null> {
  const row = await selectAdminBookings(db, now).where(eq(bookings.id, id)).get();
  return row ? toAdminBookingDto(row, now) : null;
}
