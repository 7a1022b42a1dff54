import type { Event } from "../../db/schema";
import { hasEnded } from "../../shared/lifecycle/event";

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
