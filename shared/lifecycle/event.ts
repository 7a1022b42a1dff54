/**
 * The life of an event: when it ends, until when a customer may cancel, and which phase it is in.
 * Plain TypeScript shared by the Worker and the SPA; sql.ts enforces the same rules in statements.
 */

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

/** An event whose duration says nothing we can read lasts this long. */
export const DEFAULT_EVENT_MINUTES = 240;
/** Customers may cancel for a full refund until this many hours before the start (per event: cancel_deadline_hours). */
export const DEFAULT_CANCEL_DEADLINE_HOURS = 24;

const UNIT_MINUTES: [RegExp, number][] = [
  [/^(ore|ora|h|hr|hrs|hour|hours)$/, 60],
  [/^(minuti|minuto|min|mins|m|minute|minutes|')$/, 1],
];

/**
 * The admin's free-text duration in minutes: "4 ore" → 240, "1 ora" → 60, "90 minuti" → 90,
 * "2 ore 30 minuti" / "2h30" → 150. Text without a number and a known unit ("tutta la sera",
 * "10 orecchie") lasts DEFAULT_EVENT_MINUTES, as does a total of zero.
 */
export function durationMinutesOf(text: string): number {
  const tokens = [...text.toLowerCase().matchAll(/(\d+)\s*([a-z']*)/g)];
  let minutes = 0;
  for (const [i, [, amount, rawUnit]] of tokens.entries()) {
    // "2h30": a bare number right after hours is minutes.
    const unit = rawUnit === "" && i > 0 && UNIT_MINUTES[0][0].test(tokens[i - 1][2]) ? "min" : rawUnit;
    const per = UNIT_MINUTES.find(([pattern]) => pattern.test(unit))?.[1];
    if (per === undefined) return DEFAULT_EVENT_MINUTES;
    minutes += Number(amount) * per;
  }
  return minutes > 0 ? minutes : DEFAULT_EVENT_MINUTES;
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
