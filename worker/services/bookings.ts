import { and, eq, sql } from "drizzle-orm";
import { bookings, events, rates, type Booking, type BookingKind, type BookingStatus, type Event } from "../../db/schema";
import type { Db } from "../db";
import { columnsAs, joined } from "../lib/batch-columns";
import { fail, ok, type Outcome } from "../lib/errors";
import type { MessageRef } from "../i18n/message-ref";
import { pick } from "../lib/pick";
import { messages } from "../i18n/it";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { toIso } from "../lib/time";
import { hasEnded } from "../../shared/lifecycle/event";
import { takeRateSpot, type D1Timing, type HoldClient, type HoldFields } from "./holds";
import { voucherForBooking, voucherInvalid } from "./vouchers";
import type { VoucherUse } from "./holds";
import { markWalletPassChanged } from "./wallet/wallet-passes";
import type { Attribution } from "../lib/attribution";

export const soldOut = () => fail(409, "sold_out", messages.soldOut);
export const ended = () => fail(409, "event_ended", messages.eventEnded);
export const holdCapReached = () => fail(429, "rate_limited", messages.holdCapReached);
export const bookingCapReached = (cap: number) => fail(409, "booking_cap", messages.bookingCapReached(cap));

/** What the booking route hands over once validated (routes/bookings.ts). */
export type BookingInput = {
  eventId: number;
  rateId: number;
  customerName: string;
  customerEmail: string;
  licensePlate: string;
  carModel: string;
  warnRepeatPlate: boolean;
  lang?: Lang;
  /** A voucher code typed at booking (docs/decisions/034). */
  voucherCode?: string;
};

// ---------- the answer ----------

export type BookingDto = {
  id: string;
  eventId: number;
  rateId: number | null;
  kind: BookingKind;
  status: BookingStatus;
  amount: string;
  currency: string;
  holdExpiresAt: string;
  createdAt: string;
  paidAt: string | null;
  customerName: string;
  licensePlate: string;
  carModel: string;
  event: { id: number; title: string; datetime: string | null };
  rate: { id: number; name: string } | null;
  /** The pass behind /p/<secret>, while the booking is paid (a void pass is not handed out). */
  passSecret: string | null;
  /** The voucher typed at booking and what it took off the rate's price: the checkout shows both. */
  voucher: { code: string; discount: string } | null;
};

type EventRef = Pick<Event, "id" | "title" | "datetime" | "isAlwaysActive">;
type RateRef = { id: number; name: string } | null;

import { effectiveStatus } from "../../shared/lifecycle/booking";
import { type Lang } from "../../shared/lang";
import { translated } from "../../shared/translations";
import { parseTranslations } from "./translations";

export { effectiveStatus };

/** The columns the answer is made of. */
type BookingFields = Pick<
  Booking,
  | "id"
  | "eventId"
  | "rateId"
  | "kind"
  | "status"
  | "amountCents"
  | "currency"
  | "holdExpiresAt"
  | "createdAt"
  | "paidAt"
  | "customerName"
  | "licensePlate"
  | "carModel"
  | "passSecret"
  | "voucherCode"
  | "discountCents"
>;

/** A hold just inserted: pending, unpaid, in euro (a voucher only when one was typed). */
export type NewHold = Omit<BookingFields, "status" | "currency" | "paidAt" | "passSecret" | "voucherCode" | "discountCents"> &
  Partial<Pick<BookingFields, "voucherCode" | "discountCents">>;

export function toBookingDto(input: BookingFields | NewHold, event: EventRef, rate: RateRef, now: number): BookingDto {
  const b: BookingFields =
    "status" in input ? input : { voucherCode: null, discountCents: 0, ...input, status: "pending", currency: "eur", paidAt: null, passSecret: null };
  return {
    id: b.id,
    eventId: b.eventId,
    rateId: b.rateId,
    kind: b.kind,
    status: effectiveStatus(b, now),
    amount: centsToDecimal(b.amountCents),
    currency: b.currency,
    holdExpiresAt: toIso(b.holdExpiresAt)!,
    createdAt: toIso(b.createdAt)!,
    paidAt: toIso(b.paidAt),
    customerName: b.customerName,
    licensePlate: b.licensePlate,
    carModel: b.carModel,
    event: { id: event.id, title: event.title, datetime: event.isAlwaysActive ? null : toIso(event.datetime) },
    rate: rate ? { id: rate.id, name: rate.name } : null,
    passSecret: b.status === "paid" ? b.passSecret : null,
    voucher: b.voucherCode ? { code: b.voucherCode, discount: centsToDecimal(b.discountCents) } : null,
  };
}

const answerRate = { id: sql<number>`${rates.id}`.as("r_id"), name: sql<string>`${rates.name}`.as("r_name"), nameTranslations: sql<string | null>`${rates.nameTranslations}`.as("r_name_translations") };

/** The read behind a booking's answer, as a builder so a caller can put it at the end of its own batch. */
export const bookingAnswerQuery = (db: Db, id: string) =>
  db
    .select({ booking: columnsAs(bookings, "b"), event: columnsAs(events, "e"), rate: answerRate })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(rates, eq(rates.id, bookings.rateId))
    .where(eq(bookings.id, id));

export type BookingAnswerRow = Awaited<ReturnType<typeof bookingAnswerQuery>>[number];

/** One booking with its event title and rate name: the checkout summary. Holders know the id, nobody else. */
export async function getBooking(db: Db, id: string, now: number): Promise<BookingDto | null> {
  const row = await bookingAnswerQuery(db, id).get();
  return row ? bookingAnswerOf(row, now) : null;
}

export function bookingAnswerOf(row: BookingAnswerRow, now: number): BookingDto {
  // In the booking's language: theirs, else English, else the Italian (shared/translations.ts).
  const lang = row.booking.lang;
  const event = { ...row.event, title: translated(row.event.title, row.event.titleTranslations, lang) };
  const joinedRate = joined(row.rate);
  const rate = joinedRate ? { id: joinedRate.id, name: translated(joinedRate.name, parseTranslations(joinedRate.nameTranslations), lang) } : null;
  return toBookingDto(row.booking, event, rate, now);
}

export type Created = { created: boolean; booking: BookingDto };

/**
 * POST /api/bookings. A retry with the same idempotency key answers the first booking (created:
 * false), however many arrive at once; a key reused for a different booking is refused.
 */
export async function createBooking(
  db: Db,
  input: BookingInput,
  opts: { now: number; holdMinutes: number; idempotencyKey?: string; client: HoldClient; attribution?: Attribution; timing?: D1Timing },
): Promise<Outcome<Created>> {
  const { now } = opts;
  const key = opts.idempotencyKey ?? null;
  const hold = newHold(pick(input, ["customerName", "customerEmail", "licensePlate", "carModel", "lang"]), opts);
  let voucher: VoucherUse | null = null;
  if (input.voucherCode) {
    const checked = await voucherForBooking(db, input.voucherCode, input.eventId, input.rateId, now);
    if (!checked.ok) return checked;
    voucher = checked.value;
  }
  const { existingId, target, inserted, free, capReached: reached, repeated, voucherUsable } = await takeRateSpot(
    db,
    hold,
    input.eventId,
    input.rateId,
    key,
    opts.client.cap,
    input.warnRepeatPlate,
    voucher,
    opts.timing,
  );

  if (existingId) {
    const previous = (await db.select().from(bookings).where(eq(bookings.id, existingId)).get())!;
    const sent = pick(input, ["eventId", "rateId", "customerName", "licensePlate", "customerEmail", "carModel"]);
    return answerRetry(db, previous, sent, messages.idempotencyKeyReused, now);
  }
  if (!target || target.rateEventId !== input.eventId) return fail(404, "not_found", messages.rateNotFound);
  const event = { id: target.eventId, title: target.title, datetime: target.datetime, isAlwaysActive: target.isAlwaysActive === 1 };
  if (inserted && voucher && inserted.amountCents === 0) return ok({ created: true, booking: (await getBooking(db, hold.id, now))! });
  if (inserted) {
    const row: NewHold = { ...hold, eventId: target.eventId, rateId: target.rateId, kind: "booking", ...inserted, voucherCode: voucher?.code ?? null, discountCents: voucher?.discountCents ?? 0 };
    return ok({ created: true, booking: toBookingDto(row, event, { id: target.rateId, name: target.rateName }, now) });
  }
  if (target.cancelledAt != null) return fail(409, "event_cancelled", messages.eventCancelled);
  if (target.isActive === 1 && hasEnded({ ...event, durationMinutes: target.durationMinutes }, now)) return ended();
  const bookable = target.isVisible === 1 && target.isPayable === 1 && target.isActive === 1;
  if (!bookable) return fail(409, "conflict", messages.rateUnavailable);
  if (free < 1) return soldOut();
  if (!voucherUsable) return voucherInvalid();
  // Only a yes/no about the plate the customer typed, never whose booking it is.
  if (repeated && input.warnRepeatPlate) return fail(409, "repeat_plate", messages.repeatPlate);
  if (reached === "bookings") return bookingCapReached(opts.client.cap.bookingsPerEvent);
  if (reached === "holds") return holdCapReached();
  return fail(409, "conflict", messages.rateUnavailable);
}

type HoldCustomer = Pick<HoldFields, "customerName" | "customerEmail" | "licensePlate" | "carModel"> & { lang?: HoldFields["lang"] };

/** A new hold for `customer`, from the client that asked, lasting the hold time from now. */
export function newHold(customer: HoldCustomer, opts: { now: number; holdMinutes: number; client: HoldClient; attribution?: Attribution }): HoldFields {
  const { now } = opts;
  const { source, detail } = opts.attribution ?? { source: "direct", detail: null };
  return { id: crypto.randomUUID(), ...customer, clientKey: opts.client.clientKey, holdExpiresAt: now + opts.holdMinutes * 60_000, now, lang: customer.lang ?? "it", source, sourceDetail: detail };
}

/**
 * A retry is the same request when every field it sent matches the booking it made, and answers
 * that booking again; any field that differs makes it another request under a reused key.
 */
export async function answerRetry(db: Db, previous: Booking, sent: Partial<Booking>, reused: MessageRef, now: number): Promise<Outcome<Created>> {
  const same = (Object.keys(sent) as (keyof Booking)[]).every((k) => previous[k] === sent[k]);
  if (!same) return fail(409, "conflict", reused);
  return ok({ created: false, booking: (await getBooking(db, previous.id, now))! });
}

// ---------- after payment ----------

/** "Libera Parcheggio": a paid booking releases its spot. */
export async function freeBooking(db: Db, bookingId: string, now: number): Promise<Outcome<null>> {
  const res = await db
    .update(bookings)
    .set({ status: "freed", freedAt: now, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "paid")))
    .run();
  if (res.meta.changes === 1) {
    // The pass no longer opens the gate: its wallet pass reads "Annullato".
    await markWalletPassChanged(db, { bookingId }, now);
    return ok(null);
  }
  const row = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).get();
  return row ? fail(409, "conflict", messages.freeOnlyPaid) : fail(404, "not_found", messages.bookingNotFound);
}
