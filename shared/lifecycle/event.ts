/**
 * The life of an event: when it ends, until when a customer may cancel, and which phase it is in.
 * Plain TypeScript shared by the Worker and the SPA; sql.ts enforces the same rules in statements.
 */

import { languageWays, type Lang } from "../lang";

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

/** An event lasts this long unless the admin says otherwise. */
export const DEFAULT_EVENT_MINUTES = 240;
/** Customers may cancel for a full refund until this many hours before the start (per event: cancel_deadline_hours). */
export const DEFAULT_CANCEL_DEADLINE_HOURS = 24;

/** The longest event the admin form accepts: a week. */
export const MAX_EVENT_MINUTES = 7 * 24 * 60;
/** The farthest a venue can be: 100 km (farther is a typo, not a garage for that event). */
export const MAX_DISTANCE_METERS = 100_000;

const counted = (n: number, [one, many]: readonly [string, string]) => `${n} ${n === 1 ? one : many}`;

/** An event's length in the reader's words: 180 → "3 ore" / "3 hours", 90 → "1 ora e 30 minuti" / "1 hour 30 minutes". */
export function formatDuration(minutes: number, lang: Lang): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const ways = languageWays(lang);
  if (hours === 0) return counted(rest, ways.minute);
  if (rest === 0) return counted(hours, ways.hour);
  return `${counted(hours, ways.hour)}${ways.and}${counted(rest, ways.minute)}`;
}

/** A distance in metres: under a kilometre "300 m"; else kilometres with one decimal at most ("1,5 km" / "1.5 km"). */
export function formatDistance(meters: number, lang: Lang): string {
  if (meters < 1000) return `${meters} m`;
  const km = Math.round(meters / 100) / 10;
  const text = Number.isInteger(km) ? String(km) : km.toFixed(1);
  return `${languageWays(lang).decimalComma ? text.replace(".", ",") : text} km`;
}

export type EventTiming = { datetime: number | null; isAlwaysActive: boolean; durationMinutes: number };

/** When the event is over: start + duration. Never for always-active or undated events. */
export function eventEndsAt(event: EventTiming): number | null {
  if (event.isAlwaysActive || event.datetime == null) return null;
  return event.datetime + event.durationMinutes * MINUTE_MS;
}

export function hasEnded(event: EventTiming, now: number): boolean {
  const end = eventEndsAt(event);
  return end !== null && end <= now;
}

export type EventDeadlineFields = {
  datetime: number | null;
  isAlwaysActive: boolean;
  cancelDeadlineHours: number | null;
  /** "Rinvia evento": until this instant anyone may cancel for a full refund, deadline or not. */
  postponeCancelUntil: number | null;
};

export const deadlineHoursOf = (event: Pick<EventDeadlineFields, "cancelDeadlineHours">) => event.cancelDeadlineHours ?? DEFAULT_CANCEL_DEADLINE_HOURS;

/**
 * The last instant (exclusive) a customer may cancel for a full refund: start − deadline hours, or
 * the postponement's own window when that ends later. null: no deadline (always-active events).
 */
export function cancelDeadline(event: EventDeadlineFields): number | null {
  if (event.isAlwaysActive) return null;
  const usual = event.datetime == null ? null : event.datetime - deadlineHoursOf(event) * HOUR_MS;
  const postponed = event.postponeCancelUntil;
  if (usual == null) return postponed;
  return postponed == null ? usual : Math.max(usual, postponed);
}

/** Whether a customer may still cancel at `now`, as far as the event's dates go. */
export function withinCancelDeadline(event: EventDeadlineFields, now: number): boolean {
  if (event.isAlwaysActive) return true;
  const deadline = cancelDeadline(event);
  return deadline != null && now < deadline;
}

export const eventPhases = ["on_sale", "sold_out", "postponed", "cancelled", "ended", "off_sale"] as const;
export type EventPhase = (typeof eventPhases)[number];

export type EventPhaseFields = EventTiming & {
  isActive: boolean;
  cancelledAt: number | null;
  postponeCancelUntil: number | null;
  freeSpots: number;
};

/**
 * One word for where an event stands. Cancelled wins over everything (it never comes back); an
 * ended event sells nothing; an event switched off by staff is off sale; postponed is on sale on its
 * new date while its cancel window is open.
 */
export function eventPhase(e: EventPhaseFields, now: number): EventPhase {
  if (e.cancelledAt != null) return "cancelled";
  if (hasEnded(e, now)) return "ended";
  if (!e.isActive) return "off_sale";
  if (e.freeSpots <= 0) return "sold_out";
  if (e.postponeCancelUntil != null && now < e.postponeCancelUntil) return "postponed";
  return "on_sale";
}

/** What staff may still change: a cancelled event is read-only (no toggle, no Rinvia, no edits to its sale). */
export const isEventEditable = (e: { cancelled: boolean }) => !e.cancelled;

/** "Rinvia" needs a dated, live event. */
export const isEventPostponable = (e: { cancelled: boolean; isAlwaysActive: boolean }) => !e.cancelled && !e.isAlwaysActive;
