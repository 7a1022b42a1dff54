import { and, desc, eq, gte } from "drizzle-orm";
import { bookings, events } from "../../db/schema";
import type { Db } from "../db";
import { toIso } from "../lib/time";

export const LIVE_ACTIVITY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const LIVE_ACTIVITY_LIMIT = 20;

// The two fixed lists the popups draw their pseudonyms from (spec §9). Never a customer's name.
export const FEMALE_FIRST_NAMES = [
  "Giulia", "Francesca", "Sara", "Chiara", "Martina", "Alessia",
  "Valentina", "Federica", "Elena", "Anna", "Sofia", "Giorgia",
] as const;
export const MALE_FIRST_NAMES = [
  "Marco", "Luca", "Giuseppe", "Antonio", "Francesco", "Alessandro",
  "Andrea", "Matteo", "Lorenzo", "Davide", "Salvatore", "Gennaro",
] as const;

export type LiveActivityDto = { id: string; firstName: string; eventId: number; eventTitle: string; paidAt: string };

/**
 * An opaque id and a first name derived from the booking id. The booking id itself is the key
 * that opens GET /api/bookings/:id, so it must never leave in a public answer.
 */
export async function pseudonymOf(bookingId: string): Promise<{ id: string; firstName: string }> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`live-activity:${bookingId}`)));
  const list = digest[0] % 2 === 0 ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES;
  const firstName = list[((digest[1] << 8) | digest[2]) % list.length];
  const id = Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
  return { id, firstName };
}

/** Paid bookings of active events in the last 24 hours, newest first, optionally of one event. */
export async function listLiveActivity(db: Db, now: number, eventId?: number): Promise<LiveActivityDto[]> {
  const rows = await db
    .select({ bookingId: bookings.id, eventId: bookings.eventId, eventTitle: events.title, paidAt: bookings.paidAt })
    .from(bookings)
    .innerJoin(events, eq(bookings.eventId, events.id))
    .where(
      and(
        eq(bookings.status, "paid"),
        gte(bookings.paidAt, now - LIVE_ACTIVITY_WINDOW_MS),
        eq(events.isActive, true),
        eventId === undefined ? undefined : eq(bookings.eventId, eventId),
      ),
    )
    .orderBy(desc(bookings.paidAt))
    .limit(LIVE_ACTIVITY_LIMIT);
  return Promise.all(
    rows.map(async (r) => ({ ...(await pseudonymOf(r.bookingId)), eventId: r.eventId, eventTitle: r.eventTitle, paidAt: toIso(r.paidAt)! })),
  );
}
