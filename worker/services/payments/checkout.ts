import { and, eq, isNull } from "drizzle-orm";
import { bookings, events } from "../../../db/schema";
import type { Db } from "../../db";
import { fail, ok, type Outcome } from "../../lib/errors";
import { centsToDecimal } from "../../../shared/lifecycle/money";
import { bookingAnswerOf, bookingAnswerQuery, effectiveStatus, getBooking, type BookingAnswerRow, type BookingDto } from "../bookings";
import { hasEnded } from "../../../shared/lifecycle/event";
import { isPresaleOpen } from "../event-time";
import { freeSpotsNow } from "../holds";
import type { PaymentIntentView, PaymentProvider, ProviderName } from "./provider";
import { settleIntent } from "./settle";
import { messages } from "../../i18n/it";

export type IntentDto = {
  clientSecret: string;
  paymentIntentId: string;
  provider: ProviderName;
  publishableKey?: string;
  amount: string;
};

function toIntentDto(provider: PaymentProvider, intent: PaymentIntentView): IntentDto {
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: provider.name,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
    amount: centsToDecimal(intent.amountCents),
  };
}

type IntentResult = Outcome<IntentDto>;

/** The checkout's intent: the booking's own amount, one intent per booking however often asked. */
export async function createBookingIntent(db: Db, provider: PaymentProvider, bookingId: string, now: number): Promise<IntentResult> {
  const booking = await db.select().from(bookings).where(eq(bookings.id, bookingId)).get();
  if (!booking) return fail(404, "not_found", messages.bookingNotFound);
  if (booking.status === "paid" || booking.status === "freed") return fail(409, "conflict", messages.alreadyPaid);
  if (effectiveStatus(booking, now) !== "pending") return fail(409, "conflict", messages.holdExpired);

  if (booking.paymentIntentId) {
    const intent = await provider.retrieveIntent(booking.paymentIntentId);
    if (!intent || intent.status === "canceled") return fail(409, "conflict", messages.holdExpired);
    return ok(toIntentDto(provider, intent));
  }
  const intent = await provider.createIntent({
    amountCents: booking.amountCents,
    currency: booking.currency,
    metadata: { bookingId: booking.id, eventId: String(booking.eventId), kind: booking.kind },
    idempotencyKey: `pi:${booking.id}`,
  });
  // A concurrent twin got the same intent (same idempotency key), so losing this race is harmless.
  await db
    .update(bookings)
    .set({ paymentIntentId: intent.id, paymentProvider: provider.name, updatedAt: now })
    .where(and(eq(bookings.id, booking.id), isNull(bookings.paymentIntentId)))
    .run();
  return ok(toIntentDto(provider, intent));
}

/** The presale modal's intent, created when it opens: the event's presale price, nothing else. */
export async function createPresaleIntent(
  db: Db,
  provider: PaymentProvider,
  eventId: number,
  now: number,
  idempotencyKey?: string,
): Promise<IntentResult> {
  const event = await db.select().from(events).where(eq(events.id, eventId)).get();
  if (!event) return fail(404, "not_found", messages.eventNotFound);
  if (event.cancelledAt != null) return fail(409, "event_cancelled", messages.eventCancelled);
  if (event.isActive && hasEnded(event, now)) return fail(409, "event_ended", messages.eventEnded);
  if (!isPresaleOpen(event, now)) return fail(409, "conflict", messages.presaleUnavailable);
  if ((await freeSpotsNow(db, eventId, now)) < 1) return fail(409, "sold_out", messages.soldOut);
  const intent = await provider.createIntent({
    amountCents: event.prevenditaPriceCents!,
    currency: "eur",
    metadata: { eventId: String(event.id), kind: "prevendita" },
    idempotencyKey: idempotencyKey ? `presale:${event.id}:${idempotencyKey}` : undefined,
  });
  return ok(toIntentDto(provider, intent));
}

/**
 * POST /api/confirm-payment: asks the provider, never the browser, whether the money arrived.
 * Repeating it (or racing the webhook) changes nothing. Two D1 trips: the booking of the intent
 * (before asking the provider, so an unknown id costs the provider nothing), then the batch that
 * pays it and reads the answer back (docs/decisions/037-hot-requests-in-two-trips.md).
 * `queued`: the e-mail rows the payment wrote, for the route to hand to the queue after answering.
 */
export async function confirmPayment(
  db: Db,
  provider: PaymentProvider,
  paymentIntentId: string,
  now: number,
  bookingsPerEvent?: number,
): Promise<Outcome<{ booking: BookingDto; queued: number[] }>> {
  const booking = await db.select().from(bookings).where(eq(bookings.paymentIntentId, paymentIntentId)).get();
  if (!booking) return fail(404, "not_found", messages.bookingNotFound);
  const intent = await provider.retrieveIntent(paymentIntentId);
  if (!intent) return fail(404, "not_found", messages.paymentNotFound);
  const { outcome, queued, readBack } = await settleIntent(db, provider, intent, now, [], { booking, readBack: bookingAnswerQuery(db, booking.id), bookingsPerEvent });
  const answer = async () => {
    // Settled by another path between our read and our write: the one case that reads again.
    const row = (readBack as BookingAnswerRow[] | undefined)?.[0];
    return row ? bookingAnswerOf(row, now) : (await getBooking(db, booking.id, now))!;
  };
  switch (outcome) {
    case "paid":
    case "late_paid":
    case "already_paid":
      return ok({ booking: await answer(), queued });
    case "not_succeeded":
      return fail(402, "payment_failed", messages.paymentNotCompleted);
    case "amount_mismatch":
      return fail(409, "conflict", messages.amountMismatch);
    case "refunded_late":
      return fail(409, "sold_out", messages.expiredAndRefunded);
    case "refunded":
      return fail(409, "conflict", messages.refunded);
    case "no_booking":
      return fail(404, "not_found", messages.bookingNotFound);
  }
}
