import { events, type Event } from "../../db/schema";
import { hasEnded, type EventDeadlineFields, type EventTiming } from "../../shared/lifecycle/event";

/** What eventEndsAt() and hasEnded() read, as the columns of a select joined to events. */
export const eventTimingColumns = {
  datetime: events.datetime,
  isAlwaysActive: events.isAlwaysActive,
  durationMinutes: events.durationMinutes,
} satisfies Record<keyof EventTiming, unknown>;

/** What cancelDeadline() reads, and the cancellation that voids every pass of the event. */
export const eventDeadlineColumns = {
  datetime: events.datetime,
  isAlwaysActive: events.isAlwaysActive,
  cancelDeadlineHours: events.cancelDeadlineHours,
  postponeCancelUntil: events.postponeCancelUntil,
  cancelledAt: events.cancelledAt,
} satisfies Record<keyof EventDeadlineFields | "cancelledAt", unknown>;

/** A presale can be bought: switched on, priced, payable, never cancelled, not over. */
export function isPresaleOpen(event: Event, now: number): boolean {
  return (
    event.isActive &&
    event.cancelledAt == null &&
    event.isPrevenditaVisible &&
    event.isPrevenditaPayable &&
    event.prevenditaPriceCents != null &&
    event.prevenditaPriceCents > 0 &&
    !hasEnded(event, now)
  );
}
