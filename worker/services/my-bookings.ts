import type { Translations } from "../../shared/translations";
import { and, desc, eq, getTableName, inArray, like, ne, or, sql, type SQL } from "drizzle-orm";
import { bookings, events, rates, seasonHolders, seasonPasses, type BookingKind, type BookingStatus } from "../../db/schema";
import { matchesOf, type SeasonMatch } from "./season-pass";
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
export async function lookupMyBookings(db: Db, input: { email: string; code: string }, now: number): Promise<{ bookings: MyBookingDto[]; seasons: MySeasonDto[] } | null> {
  const email = input.email.trim().toLowerCase();
  const code = input.code.trim().toLowerCase();
  const sameEmail = sql`lower(${bookings.customerEmail}) = ${email}`;
  const match = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(sameEmail, like(bookings.id, `${code}%`)))
    .get();
  // The season's own code (its holder's) finds the holder too.
  const holderMatch = match
    ? null
    : await db
        .select({ id: seasonHolders.id })
        .from(seasonHolders)
        .where(and(sql`lower(${seasonHolders.customerEmail}) = ${email}`, like(seasonHolders.id, `${code}%`)))
        .get();
  if (!match && !holderMatch) return null;
  return { bookings: await bookingsOf(db, sameEmail, match?.id ?? null, now), seasons: await seasonsOf(db, email, now) };
}

/** A holder's season, as one row of Le Mie Prenotazioni: its money, its one pass and each match. */
export type MySeasonDto = {
  code: string;
  seasonName: string;
  seasonNameTranslations: Translations;
  status: "active" | "cancelled";
  licensePlate: string;
  /** What the holder paid (0.00 for a pass given by the garage) and what went back. */
  amount: string;
  refunded: string;
  /** The holder's one pass (/p/<secret>), for every match, while the season is active. */
  passSecret: string | null;
  matches: SeasonMatch[];
};

async function seasonsOf(db: Db, email: string, now: number): Promise<MySeasonDto[]> {
  const rows = await db
    .select({
      holder: seasonHolders,
      seasonName: seasonPasses.name,
      seasonNameTranslations: seasonPasses.nameTranslations,
      amountCents: sql<number | null>`(select c.amount_cents from bookings c where c.id = ${seasonHolders.carrierBookingId} and c.paid_at is not null)`,
      refundedCents: sql<number>`${refundedCentsSql(sql`${seasonHolders.carrierBookingId}`)}`,
    })
    .from(seasonHolders)
    .innerJoin(seasonPasses, eq(seasonPasses.id, seasonHolders.seasonId))
    .where(and(sql`lower(${seasonHolders.customerEmail}) = ${email}`, inArray(seasonHolders.status, ["active", "cancelled"])))
    .orderBy(desc(seasonHolders.createdAt));
  const matches = await matchesOf(db, rows.map((r) => r.holder.id), now);
  return rows.map((r) => ({
    code: bookingCodeOf(r.holder.id),
    seasonName: r.seasonName,
    seasonNameTranslations: r.seasonNameTranslations,
    status: r.holder.status === "active" ? "active" : "cancelled",
    licensePlate: r.holder.licensePlate,
    amount: centsToDecimal(Number(r.amountCents ?? 0)),
    refunded: centsToDecimal(Number(r.refundedCents ?? 0)),
    passSecret: r.holder.status === "active" ? r.holder.passSecret : null,
    matches: matches.get(r.holder.id) ?? [],
  }));
}

async function bookingsOf(db: Db, sameEmail: SQL, matchId: string | null, now: number): Promise<MyBookingDto[]> {
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
        or(inArray(bookings.status, SHOWN_STATUSES), activeHoldSql(now, `"${getTableName(bookings)}"`), matchId ? eq(bookings.id, matchId) : undefined),
        // A season holder's spots are shown in their season's row, each with the holder's one pass.
        ne(bookings.kind, "season"),
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
