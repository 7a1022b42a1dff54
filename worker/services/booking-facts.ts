import { eq, sql, type SQL } from "drizzle-orm";
import { bookings, events, rates } from "../../db/schema";
import type { Db } from "../db";
import { eventDeadlineColumns, eventTimingColumns } from "./event-time";

/**
 * One booking (the one `which` selects) with its event's and rate's facts, in one statement: what
 * every e-mail says and what the pass page's rules (cancel, change the plate) decide on.
 */
export function bookingFacts(db: Db, which: SQL) {
  return db
    .select({
      id: bookings.id,
      customerName: bookings.customerName,
      customerEmail: bookings.customerEmail,
      licensePlate: bookings.licensePlate,
      amountCents: bookings.amountCents,
      // A season holder's spot at a match other than the first has no pass of its own: the holder's one pass opens it.
      passSecret: sql<string | null>`coalesce(${bookings.passSecret}, (select h.pass_secret from season_holders h where h.id = ${bookings.seasonHolderId} and h.status = 'active'))`,
      eventTitle: events.title,
      eventTitleTranslations: events.titleTranslations,
      ...eventTimingColumns,
      ...eventDeadlineColumns,
      status: bookings.status,
      gateState: bookings.gateState,
      rateName: rates.name,
      rateNameTranslations: rates.nameTranslations,
      lang: bookings.lang,
      kind: bookings.kind,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(rates, eq(rates.id, bookings.rateId))
    .where(which)
    .get();
}

export type BookingFacts = NonNullable<Awaited<ReturnType<typeof bookingFacts>>>;
