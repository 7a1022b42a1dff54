import { eq } from "drizzle-orm";
import { bookings, events, spentPaymentIntents } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import { messages } from "../i18n/it";
import { hasEnded } from "../../shared/lifecycle/event";
import { isPresaleOpen } from "./event-time";
import { capReached, freeSpotsNow, takePresaleSpot, type HoldClient } from "./holds";
import type { PaymentProvider } from "./payments/provider";
import type { Attribution } from "../lib/attribution";
import { type Lang } from "../../shared/lang";
import { answerRetry, bookingCapReached, ended, getBooking, holdCapReached, newHold, soldOut, toBookingDto, type Created, type NewHold } from "./bookings";

/** What the presale route hands over once validated (routes/presales.ts). */
export type PresaleInput = {
  eventId: number;
  paymentIntentId: string;
  nome: string;
  cognome: string;
  email: string;
  telefono: string | null;
  targa: string;
  modelloAuto: string;
  note: string | null;
  lang?: Lang;
};

/**
 * POST /api/presales: the pending prevendita booking bound to the intent the modal created. The
 * intent must be ours, for this event, for today's presale price; the same intent twice answers
 * the same booking.
 */
export async function createPresaleBooking(
  db: Db,
  provider: PaymentProvider,
  input: PresaleInput,
  opts: { now: number; holdMinutes: number; client: HoldClient; attribution?: Attribution },
): Promise<Outcome<Created>> {
  const { now } = opts;
  const [eventRows, existing] = await db.batch([
    db.select().from(events).where(eq(events.id, input.eventId)),
    db.select().from(bookings).where(eq(bookings.paymentIntentId, input.paymentIntentId)),
  ]);
  const event = eventRows[0];
  if (!event) return fail(404, "not_found", messages.eventNotFound);
  const previous = existing[0];
  if (previous) {
    const sent = {
      kind: "prevendita",
      eventId: event.id,
      licensePlate: input.targa,
      customerEmail: input.email,
      nome: input.nome,
      cognome: input.cognome,
      carModel: input.modelloAuto,
    } as const;
    return answerRetry(db, previous, sent, messages.intentBoundToOtherBooking, now);
  }
  if (event.cancelledAt != null) return fail(409, "event_cancelled", messages.eventCancelled);
  if (event.isActive && hasEnded(event, now)) return ended();
  if (!isPresaleOpen(event, now)) return fail(409, "conflict", messages.presaleUnavailable);

  const intent = await provider.retrieveIntent(input.paymentIntentId);
  if (!intent) return fail(404, "not_found", messages.paymentNotFound);
  if (intent.metadata.kind !== "prevendita" || intent.metadata.eventId !== String(event.id)) {
    return fail(409, "conflict", messages.intentNotForThisPresale);
  }
  if (intent.status === "canceled") return fail(409, "conflict", messages.presaleIntentCanceled);
  // The form is sent before the card is confirmed: an intent that already took money (and was
  // refunded, having nothing to pay for) or is taking it now can never start a booking.
  if (!UNPAID_INTENT_STATUSES.has(intent.status)) return fail(409, "conflict", messages.intentAlreadyUsed);
  if (intent.amountCents !== event.prevenditaPriceCents || intent.currency !== "eur") {
    return fail(409, "conflict", messages.presalePriceChanged);
  }

  const customer = { customerName: `${input.nome} ${input.cognome}`, customerEmail: input.email, licensePlate: input.targa, carModel: input.modelloAuto };
  const hold = newHold({ ...customer, lang: input.lang }, opts);
  const inserted = await takePresaleSpot(db, hold, input, { id: intent.id, amountCents: intent.amountCents, provider: provider.name }, opts.client.cap);
  if (inserted) {
    const row: NewHold = { ...hold, eventId: event.id, rateId: null, kind: "prevendita", ...inserted };
    return ok({ created: true, booking: toBookingDto(row, event, null, now) });
  }
  const twin = await db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.id)).get();
  if (twin) return ok({ created: false, booking: (await getBooking(db, twin.id, now))! });
  if (await db.select({ id: spentPaymentIntents.id }).from(spentPaymentIntents).where(eq(spentPaymentIntents.id, intent.id)).get()) {
    return fail(409, "conflict", messages.intentAlreadyUsed);
  }
  const reached = await capReached(db, hold, event.id, opts.client.cap);
  if (reached === "bookings") return bookingCapReached(opts.client.cap.bookingsPerEvent);
  if (reached === "holds") return holdCapReached();
  if ((await freeSpotsNow(db, event.id, now)) < 1) {
    // Nobody can use this intent any more: do not leave it open for a card.
    await provider.cancelIntent(intent.id).catch(() => undefined);
    return soldOut();
  }
  return fail(409, "conflict", messages.presaleUnavailable);
}

/** Stripe's states before any money moved; "processing" and "succeeded" are past that point. */
const UNPAID_INTENT_STATUSES = new Set(["requires_payment_method", "requires_confirmation", "requires_action"]);
