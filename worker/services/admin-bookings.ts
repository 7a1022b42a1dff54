import { and, desc, eq, gt, lte, or, sql, type SQL } from "drizzle-orm";
import { bookings, events, rates, type Booking, type BookingStatus, type GateState } from "../../db/schema";
import type { Db } from "../db";
import { toIso } from "../lib/time";
import { takesSpotSql } from "../../shared/lifecycle/sql";
import { toBookingDto, type BookingDto } from "./bookings";

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
};

type Row = { booking: Booking; event: typeof events.$inferSelect; rate: { id: number; name: string } | null; plateSpots: number };

function toAdminBookingDto({ booking: b, event, rate, plateSpots }: Row, now: number): AdminBookingDto {
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
  };
}

/** The status a person sees: a pending booking whose hold lapsed is expired, cron or not. */
function statusFilter(status: BookingStatus, now: number): SQL | undefined {
  if (status === "pending") return and(eq(bookings.status, "pending"), gt(bookings.holdExpiresAt, now));
  if (status === "expired") return or(eq(bookings.status, "expired"), and(eq(bookings.status, "pending"), lte(bookings.holdExpiresAt, now)));
  return eq(bookings.status, status);
}

const select = (db: Db, now: number) =>
  db
    .select({
      booking: bookings,
      event: events,
      rate: { id: rates.id, name: rates.name },
      plateSpots: sql<number>`(select count(*) from bookings b where b.event_id = ${bookings.eventId}
        and b.license_plate = ${bookings.licensePlate} and b.plate_anonymized_at is null and ${takesSpotSql(now)})`,
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
  const rows = await select(db, now)
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
  const row = await select(db, now).where(eq(bookings.id, id)).get();
  return row ? toAdminBookingDto(row, now) : null;
}
