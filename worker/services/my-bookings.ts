import { and, desc, eq, gt, inArray, like, or, sql } from "drizzle-orm";
import { bookings, events, rates, type BookingKind, type BookingStatus } from "../../db/schema";
import type { Db } from "../db";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { toIso } from "../lib/time";
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
  /** The pass behind /p/<secret>, while the booking is paid. */
  passSecret: string | null;
  checkedInAt: string | null;
};

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
    .select({ booking: bookings, eventTitle: eventTitleInBookingLang, eventDatetime: events.datetime, isAlwaysActive: events.isAlwaysActive, rateName: rateNameInBookingLang })
    .from(bookings)
    .innerJoin(events, eq(bookings.eventId, events.id))
    .leftJoin(rates, eq(bookings.rateId, rates.id))
    .where(
      and(
        sameEmail,
        or(inArray(bookings.status, SHOWN_STATUSES), and(eq(bookings.status, "pending"), gt(bookings.holdExpiresAt, now)), eq(bookings.id, match.id)),
      ),
    )
    .orderBy(desc(bookings.createdAt));
  return rows.map(({ booking: b, ...r }) => ({
    code: bookingCodeOf(b.id),
    kind: b.kind,
    status: b.status,
    eventId: b.eventId,
    eventTitle: r.eventTitle,
    eventDatetime: r.isAlwaysActive ? null : toIso(r.eventDatetime),
    isAlwaysActive: r.isAlwaysActive,
    rateName: r.rateName,
    customerName: b.customerName,
    licensePlate: b.licensePlate,
    carModel: b.carModel,
    amount: centsToDecimal(b.amountCents),
    createdAt: toIso(b.createdAt)!,
    paidAt: toIso(b.paidAt),
    passSecret: b.status === "paid" ? b.passSecret : null,
    checkedInAt: toIso(b.checkedInAt),
  }));
}
