import type { MessageRef } from "../i18n/message-ref";
import { messages } from "../i18n/it";
import { and, eq, getTableName, isNull, sql } from "drizzle-orm";
import { passStatusOf } from "../../shared/lifecycle/booking";
import { cancelDeadline, deadlineHoursOf, withinCancelDeadline } from "../../shared/lifecycle/event";
import { customerCancellableSql } from "../../shared/lifecycle/sql";
import { auditLog, bookings, events, seasonHolders } from "../../db/schema";
import type { Db } from "../db";
import { markWalletPassChanged } from "./wallet/wallet-passes";
import { fail, ok, type Outcome } from "../lib/errors";
import { insertWhere } from "../lib/insert-where";
import { toIso } from "../lib/time";
import type { PaymentProvider } from "./payments/provider";
import { emailCatalogues } from "./email/catalogue";
import { refundBooking, type RefundResult } from "./refunds";
import { bookingFacts, type BookingFacts } from "./booking-facts";

export type CancellationDto = {
  /** The customer can cancel now (full automatic refund). */
  allowed: boolean;
  /** Until when (null: no deadline, an always-active event until the pass is used). */
  deadline: string | null;
  /** Why not, when not allowed (Italian, shown beside the missing button). */
  /** Why not, as a catalogue reference: the route writes it in the request's language. */
  reason: MessageRef | null;
  /** The plate can be changed until the event starts. */
  plateChangeAllowed: boolean;
};


/** The rule in the statement that refunds: customerCancellableSql over the booking being refunded. */
export const cancellableSql = (now: number) => customerCancellableSql(now, `"${getTableName(bookings)}"`);

const bookingOfPass = (db: Db, secret: string) => bookingFacts(db, eq(bookings.passSecret, secret));

/** The same rule as cancellableSql, for showing the button (or why it is gone). */
export function cancellationOf(b: BookingFacts, now: number): CancellationDto {
  const deadline = cancelDeadline(b);
  const plateChangeAllowed = b.status === "paid" && b.cancelledAt == null && (b.isAlwaysActive || (b.datetime != null && now < b.datetime));
  const base = { deadline: toIso(deadline), plateChangeAllowed };
  if (passStatusOf(b.status, b.cancelledAt != null) !== "valid") return { ...base, allowed: false, reason: messages.cancelNotActive };
  if (b.gateState != null) return { ...base, allowed: false, reason: messages.cancelPassUsed };
  if (!withinCancelDeadline(b, now)) return { ...base, allowed: false, reason: messages.cancelDeadlinePassed(deadlineHoursOf(b)) };
  return { ...base, allowed: true, reason: null };
}

export async function getCancellation(db: Db, secret: string, now: number): Promise<Outcome<CancellationDto>> {
  const b = await bookingOfPass(db, secret);
  return b ? ok(cancellationOf(b, now)) : fail(404, "not_found", messages.passNotFound);
}

/** The customer cancels from the pass page: a full refund, only while cancellableSql holds. */
export async function cancelByCustomer(db: Db, provider: PaymentProvider, secret: string, now: number): Promise<Outcome<RefundResult>> {
  const b = await bookingOfPass(db, secret);
  if (!b) return fail(404, "not_found", messages.passNotFound);
  const rule = cancellationOf(b, now);
  if (!rule.allowed) return fail(409, "conflict", rule.reason!);
  return refundBooking(db, provider, { bookingId: b.id, amountCents: null, reason: emailCatalogues.it.reasons.customer, source: "customer", guard: cancellableSql(now) }, now);
}

/** Matches still to come of a booking row: its event not cancelled and not started. */
const upcomingSql = (now: number) =>
  sql`exists (select 1 from ${events} e where e.id = ${bookings.eventId} and e.cancelled_at is null and (e.is_always_active = 1 or ${now} < e.datetime))`;

/**
 * A season pass is one car: the new plate goes on the holder and on its spot at every match still to
 * come (so the gate and its offline list find it at each), in one batch. Matches played keep theirs.
 */
async function changeSeasonPlate(db: Db, holder: { id: string; licensePlate: string }, plate: string, now: number): Promise<Outcome<{ licensePlate: string }>> {
  if (holder.licensePlate === plate) return fail(409, "conflict", messages.plateUnchanged);
  const upcoming = and(eq(bookings.seasonHolderId, holder.id), eq(bookings.status, "paid"), isNull(bookings.plateAnonymizedAt), upcomingSql(now));
  const results = await db.batch([
    db.update(bookings).set({ licensePlate: plate, updatedAt: now }).where(upcoming),
    db
      .update(seasonHolders)
      .set({ licensePlate: plate })
      .where(and(eq(seasonHolders.id, holder.id), sql`exists (select 1 from ${bookings} where ${bookings.seasonHolderId} = ${holder.id} and ${bookings.licensePlate} = ${plate} and ${bookings.updatedAt} = ${now})`)),
    insertWhere(
      db,
      auditLog,
      { action: "season_holder.plate_change", entity: "season_holder", entityId: holder.id, details: sql`json_object('from', ${holder.licensePlate}, 'to', ${plate}, 'by', 'customer')`, at: now },
      sql`exists (select 1 from season_holders where id = ${holder.id} and license_plate = ${plate})`,
    ),
  ]);
  if ((results[1] as { meta: { changes: number } }).meta.changes === 0) return fail(409, "conflict", messages.plateChangeClosed);
  await markWalletPassChanged(db, { holderId: holder.id }, now);
  return ok({ licensePlate: plate });
}

/** A different car: allowed until the event starts, recorded in the audit log with both plates. */
export async function changePlate(db: Db, secret: string, plate: string, now: number): Promise<Outcome<{ licensePlate: string }>> {
  const holder = await db.select({ id: seasonHolders.id, licensePlate: seasonHolders.licensePlate }).from(seasonHolders).where(and(eq(seasonHolders.passSecret, secret), eq(seasonHolders.status, "active"))).get();
  if (holder) return changeSeasonPlate(db, holder, plate, now);
  const b = await bookingOfPass(db, secret);
  if (!b) return fail(404, "not_found", messages.passNotFound);
  if (b.licensePlate === plate) return fail(409, "conflict", messages.plateUnchanged);
  const results = await db.batch([
    db
      .update(bookings)
      .set({ licensePlate: plate, updatedAt: now })
      .where(
        and(
          eq(bookings.id, b.id),
          eq(bookings.status, "paid"),
          isNull(bookings.plateAnonymizedAt),
          upcomingSql(now),
        ),
      ),
    insertWhere(
      db,
      auditLog,
      { action: "booking.plate_change", entity: "booking", entityId: b.id, details: sql`json_object('from', ${b.licensePlate}, 'to', ${plate}, 'by', 'customer')`, at: now },
      sql`exists (select 1 from ${bookings} where ${bookings.id} = ${b.id} and ${bookings.licensePlate} = ${plate} and ${bookings.updatedAt} = ${now})`,
    ),
  ]);
  if ((results[0] as { meta: { changes: number } }).meta.changes === 0) {
    return fail(409, "conflict", b.status === "paid" ? messages.plateChangeClosed : messages.cancelNotActive);
  }
  await markWalletPassChanged(db, { bookingId: b.id }, now);
  return ok({ licensePlate: plate });
}
