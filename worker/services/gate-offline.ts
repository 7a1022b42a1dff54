import { and, eq, sql } from "drizzle-orm";
import { bookings, events, rates, seasonHolders, type GateState } from "../../db/schema";
import type { Db } from "../db";
import { toIso } from "../lib/time";
import { eventEndsAt } from "../../shared/lifecycle/event";
import { bookingCodeOf } from "./my-bookings";
import { mustLeaveBy, passHash } from "../../shared/gate";
import { validPass } from "./gate";

/**
 * One entry of the list a gate phone keeps for offline checks: no secret, no name, no e-mail. The
 * booking code is there because the gate takes it like a plate (docs/decisions/027-gate-app.md);
 * `leaveBy` is when the car must have left (the rate's window), for the overstay at an offline exit.
 */
export type OfflinePassDto = {
  hash: string;
  code: string;
  licensePlate: string;
  rateName: string | null;
  gateState: GateState | null;
  checkedInAt: string | null;
  leaveBy: string | null;
};

export async function offlinePasses(db: Db, eventId: number): Promise<OfflinePassDto[]> {
  const rows = await db
    .select({
      id: bookings.id,
      // A season holder's spots open with the holder's one pass (docs/decisions/034).
      secret: sql<string | null>`coalesce(${seasonHolders.passSecret}, ${bookings.passSecret})`,
      licensePlate: bookings.licensePlate,
      rateName: rates.name,
      minutesAfterEnd: rates.minutesAfterEnd,
      gateState: bookings.gateState,
      checkedInAt: bookings.checkedInAt,
      event: { datetime: events.datetime, isAlwaysActive: events.isAlwaysActive, durationMinutes: events.durationMinutes },
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(rates, eq(rates.id, bookings.rateId))
    .leftJoin(seasonHolders, eq(seasonHolders.id, bookings.seasonHolderId))
    .where(and(eq(bookings.eventId, eventId), validPass));
  return Promise.all(
    rows
      .filter((r) => r.secret)
      .map(async (r) => ({
        hash: await passHash(r.secret!),
        code: bookingCodeOf(r.id),
        licensePlate: r.licensePlate,
        rateName: r.rateName,
        gateState: r.gateState,
        checkedInAt: toIso(r.checkedInAt),
        leaveBy: toIso(mustLeaveBy(eventEndsAt(r.event), r.minutesAfterEnd)),
      })),
  );
}
