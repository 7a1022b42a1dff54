import { and, eq, sql } from "drizzle-orm";
import { bookings } from "../../db/schema";
import type { Db } from "../db";
import { toIso } from "../lib/time";
import { eventEndsAt } from "../../shared/lifecycle/event";
import { bookingCodeOf } from "./my-bookings";
import { mustLeaveBy, overstayMinutesOf } from "../../shared/gate";
import { validPass } from "./gate";
import { withEventAndRate } from "./gate-scan";

/** A car past its rate's window (else the event's end): left late, or still inside after it. */
export type OverstayDto = {
  code: string;
  licensePlate: string;
  rateName: string | null;
  leaveBy: string;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  overstayMinutes: number;
};

/** The event's overstays for the admin, longest first. */
export async function eventOverstays(db: Db, eventId: number, now: number): Promise<OverstayDto[]> {
  const rows = await withEventAndRate(db).where(and(eq(bookings.eventId, eventId), validPass, sql`${bookings.gateState} is not null`));
  return rows
    .flatMap((found) => {
      const { booking: b, event, rateName, minutesAfterEnd } = found;
      const leaveBy = mustLeaveBy(eventEndsAt(event), minutesAfterEnd);
      const minutes = overstayMinutesOf(leaveBy, b.gateState === "inside" ? now : (b.checkedOutAt ?? now));
      if (leaveBy == null || minutes == null || minutes < 1) return [];
      return [{ code: bookingCodeOf(b.id), licensePlate: b.licensePlate, rateName, leaveBy: toIso(leaveBy)!, checkedInAt: toIso(b.checkedInAt), checkedOutAt: b.gateState === "exited" ? toIso(b.checkedOutAt) : null, overstayMinutes: minutes }];
    })
    .sort((a, b) => b.overstayMinutes - a.overstayMinutes);
}
