/**
 * The life of a booking: its stored statuses, the states people see, the moves allowed between
 * them, what takes a spot, and which passes are valid. sql.ts spells the same rules for D1.
 */

/** What a booking row stores. */
export const bookingStatuses = ["pending", "paid", "freed", "expired", "cancelled", "refunded"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * The moves a stored status may make. pending → paid (payment settled while the hold or a free
 * spot lasts), → expired (the hold lapsed), → cancelled (its intent or its event was cancelled),
 * → refunded (money came after the hold with no spot left, or for a cancelled event);
 * expired → paid (a late payment while a spot is still free) or refunded; paid → refunded (the
 * refunds cover the payment), → freed ("Libera Parcheggio"). freed, cancelled and refunded are final.
 */
export const bookingTransitions: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ["paid", "expired", "cancelled", "refunded"],
  expired: ["paid", "refunded"],
  paid: ["refunded", "freed"],
  freed: [],
  cancelled: [],
  refunded: [],
};

export const canMove = (from: BookingStatus, to: BookingStatus) => bookingTransitions[from].includes(to);

/** Stored statuses from which money that arrives may still make the booking paid. */
export const PAYABLE_STATUSES = ["pending", "expired"] as const satisfies readonly BookingStatus[];

/** The hold stops counting the moment it lapses, whether or not the cron has marked it. */
export type HoldFields = { status: BookingStatus; holdExpiresAt: number };

export const isActiveHold = (b: HoldFields, now: number) => b.status === "pending" && b.holdExpiresAt > now;

/** A booking takes a spot while it is paid, or held and the hold has not lapsed. */
export const takesSpot = (b: HoldFields, now: number) => b.status === "paid" || isActiveHold(b, now);

/** The stored status as of `now`: a lapsed hold reads as expired before the cron tidies it. */
export const effectiveStatus = (b: HoldFields, now: number): BookingStatus => (b.status === "pending" && b.holdExpiresAt <= now ? "expired" : b.status);

export type Capacity = { totalSpots: number; reservedSpots: number; occupiedSpots: number };

/** liberi = total − reserved − occupied − active holds − paid, never below zero. */
export const freeSpotsOf = (c: Capacity, activeHolds: number, paid: number) => Math.max(0, c.totalSpots - c.reservedSpots - c.occupiedSpots - activeHolds - paid);

/** The state a person reads: the stored status plus the refunds that went back. */
export const bookingStates = ["hold", "expired", "paid", "partly_refunded", "refunded", "cancelled", "freed"] as const;
export type BookingState = (typeof bookingStates)[number];

export function bookingState(b: HoldFields & { refundedCents: number }, now: number): BookingState {
  const status = effectiveStatus(b, now);
  if (status === "pending") return "hold";
  if (status === "paid") return b.refundedCents > 0 ? "partly_refunded" : "paid";
  return status;
}

/** Statuses whose pass is void for good (the pass was handed out, then the booking ended). */
/** When a paid spot was given back to the event: freed at the gate's release, or at its full refund; null while it is still taken. */
export function spotGivenBackAt(b: { status: BookingStatus; freedAt: number | null; refundedAt: number | null }): number | null {
  return b.status === "freed" ? b.freedAt : b.status === "refunded" ? b.refundedAt : null;
}

export const VOID_STATUSES = ["freed", "cancelled", "refunded"] as const satisfies readonly BookingStatus[];

export type PassStatus = "valid" | "void" | "not_paid";

/** A pass is valid only while its booking is paid and its event not cancelled. */
export function passStatusOf(status: BookingStatus, eventCancelled: boolean): PassStatus {
  if (status === "paid") return eventCancelled ? "void" : "valid";
  return (VOID_STATUSES as readonly BookingStatus[]).includes(status) ? "void" : "not_paid";
}

/**
 * A live booking — who a notice or a reminder reaches: its pass is valid (paid, partly refunded
 * included, and its event not cancelled). Holds, expired, refunded, cancelled and freed get nothing.
 */
export const isLiveBooking = (status: BookingStatus, eventCancelled: boolean) => passStatusOf(status, eventCancelled) === "valid";

/** Stored refund outcomes: pending (the provider has not answered yet, or it is processing), succeeded, failed. */
export const refundStatuses = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** Only money that went back counts in figures, CSVs and progress; a failed refund never does. */
export const refundCounts = (status: RefundStatus) => status === "succeeded";
/** Refunds that still stand (may yet succeed) count against what is left to refund. */
export const refundClaims = (status: RefundStatus) => status !== "failed";
