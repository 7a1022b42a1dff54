/**
 * The waiting list of a sold-out event: what state an entry is in, how long an offer holds its spot,
 * and how many spots the public may still take while people wait. An offer is a hold (a pending
 * booking) made for the first entry in line, so it counts against capacity exactly like a hold.
 * sql.ts spells the same rules for D1; lifecycle.test.ts checks that they agree.
 */
import { isActiveHold, type HoldFields } from "./booking";
import { MINUTE_MS, type EventTiming } from "./event";

export const waitlistStates = ["waiting", "offered", "booked", "lapsed", "left"] as const;
export type WaitlistState = (typeof waitlistStates)[number];

/** The hold time an owner gets unless they set another (minutes). */
export const DEFAULT_OFFER_MINUTES = 120;
/** An offer never runs past the event's start minus this margin: the visitor must still get there. */
export const OFFER_START_MARGIN_MINUTES = 30;
/** Bounds of the owner's setting (minutes). */
export const MIN_OFFER_MINUTES = 15;
export const MAX_OFFER_MINUTES = 24 * 60;

export type WaitlistEntryFields = { bookingId: string | null; leftAt: number | null };

/**
 * waiting: in line, nothing offered yet; offered: its hold is live; booked: the offer was paid (a
 * later refund or "Libera Parcheggio" keeps it booked: the list did its job); lapsed: the offer ran
 * out unpaid (the next in line gets the spot); left: the visitor left the list.
 */
export function waitlistStateOf(entry: WaitlistEntryFields, offer: HoldFields | null, now: number): WaitlistState {
  if (entry.bookingId == null || offer == null) return entry.leftAt == null ? "waiting" : "left";
  if (offer.status === "paid" || offer.status === "freed" || offer.status === "refunded") return "booked";
  if (isActiveHold(offer, now)) return "offered";
  return entry.leftAt == null ? "lapsed" : "left";
}

/** Entries still in line (for positions and the public's share of the free spots). */
export const isWaiting = (entry: WaitlistEntryFields) => entry.bookingId == null && entry.leftAt == null;

/**
 * When an offer made at `now` stops holding its spot: the owner's time, but never past the start
 * minus the margin; always at least the normal hold time (a spot freed at the last minute still
 * gets a fair chance). Ended events get no offers at all (the offer's INSERT requires one that sells).
 */
export function offerExpiresAt(now: number, offerMinutes: number, holdMinutes: number, event: Pick<EventTiming, "datetime" | "isAlwaysActive">): number {
  const wanted = now + offerMinutes * MINUTE_MS;
  const floor = now + Math.min(holdMinutes, offerMinutes) * MINUTE_MS;
  if (event.isAlwaysActive || event.datetime == null) return wanted;
  return Math.max(floor, Math.min(wanted, event.datetime - OFFER_START_MARGIN_MINUTES * MINUTE_MS));
}

/** Spots the public may take: the free ones the waiting list has not a claim on. */
export const spotsForSale = (freeSpots: number, waiting: number) => Math.max(0, freeSpots - waiting);

/** Whether a visitor may join: the event sells nothing to the public right now. */
export const canJoinWaitlist = (freeSpots: number, waiting: number) => spotsForSale(freeSpots, waiting) <= 0;
