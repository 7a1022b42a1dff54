// Runs in the worker project (workerd, real D1): each SQL fragment of sql.ts is checked against its
// TypeScript twin over generated inputs, so the statements that enforce a rule and the screens that
// show it cannot drift apart.
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDb } from "../../worker/test/helpers";
import { bookingState, bookingTransitions, canMove, freeSpotsOf, isLiveBooking, passStatusOf, takesSpot, type BookingStatus } from "./booking";
import { cancelDeadline, eventEndsAt, eventPhase, formatDistance, formatDuration, hasEnded, withinCancelDeadline } from "./event";
import { centsToDecimal, decimalToCentsExact, formatEuro, parseAmountToCents } from "./money";
import { centsToDecimalText, eventNotEndedText, freeSpotsText, liveBookingText, passValidText, takesSpotText, waitingEntryText, waitlistStateText, withinCancelDeadlineText } from "./sql";
import { canJoinWaitlist, isWaiting, spotsForSale, waitlistStateOf } from "./waitlist";

const HOUR = 3_600_000;
const statuses: BookingStatus[] = ["pending", "paid", "freed", "expired", "cancelled", "refunded"];

describe("the event's end (finding 9: one rule, minutes understood)", () => {
  it("writes a duration and a distance in the reader's language", () => {
    // Each row: the figure, then its Italian and English text.
    for (const [minutes, it, en] of [[180, "3 ore", "3 hours"], [60, "1 ora", "1 hour"], [90, "1 ora e 30 minuti", "1 hour 30 minutes"]] as const) {
      expect(formatDuration(minutes, "it")).toBe(it);
      expect(formatDuration(minutes, "en")).toBe(en);
    }
    expect(formatDuration(45, "en")).toBe("45 minutes");
    for (const [meters, it, en] of [[300, "300 m", "300 m"], [1500, "1,5 km", "1.5 km"]] as const) {
      expect(formatDistance(meters, "it")).toBe(it);
      expect(formatDistance(meters, "en")).toBe(en);
    }
    expect(formatDistance(10_000, "it")).toBe("10 km");
  });

  it("an event ends at start + duration; always-active and undated events never end", () => {
    const start = Date.UTC(2026, 5, 1, 19);
    expect(eventEndsAt({ datetime: start, isAlwaysActive: false, durationMinutes: 90 })).toBe(start + 90 * 60_000);
    expect(eventEndsAt({ datetime: start, isAlwaysActive: true, durationMinutes: 240 })).toBeNull();
    expect(eventEndsAt({ datetime: null, isAlwaysActive: false, durationMinutes: 240 })).toBeNull();
    expect(hasEnded({ datetime: start, isAlwaysActive: false, durationMinutes: 240 }, start + 4 * HOUR - 1)).toBe(false);
    expect(hasEnded({ datetime: start, isAlwaysActive: false, durationMinutes: 240 }, start + 4 * HOUR)).toBe(true);
  });

  it("the SQL guard and the code agree on whether an event is over", async () => {
    const db = testDb();
    await fc.assert(
      fc.asyncProperty(
        fc.record({ datetime: fc.option(fc.integer({ min: 0, max: 2_000_000_000_000 })), isAlwaysActive: fc.boolean(), durationMinutes: fc.integer({ min: 1, max: 10_000 }) }),
        fc.integer({ min: -20 * HOUR, max: 20 * HOUR }),
        async (event, offset) => {
          const now = (event.datetime ?? 1_800_000_000_000) + offset;
          const row = await db.get<{ open: number }>(
            sql`select ${sql.raw(eventNotEndedText("e", String(now)))} as open from (select ${event.datetime} as datetime, ${event.isAlwaysActive ? 1 : 0} as is_always_active, ${event.durationMinutes} as duration_minutes) e`,
          );
          expect(row!.open === 1).toBe(!hasEnded(event, now));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("the customer's deadline", () => {
  it("is start − deadline hours, or the postponement's window when later; none for always-active events", () => {
    const start = Date.UTC(2026, 11, 20, 19);
    const base = { datetime: start, isAlwaysActive: false, cancelDeadlineHours: null, postponeCancelUntil: null };
    expect(cancelDeadline(base)).toBe(start - 24 * HOUR);
    expect(cancelDeadline({ ...base, cancelDeadlineHours: 2 })).toBe(start - 2 * HOUR);
    expect(cancelDeadline({ ...base, postponeCancelUntil: start - HOUR })).toBe(start - HOUR);
    expect(cancelDeadline({ ...base, postponeCancelUntil: start - 48 * HOUR })).toBe(start - 24 * HOUR);
    expect(cancelDeadline({ ...base, isAlwaysActive: true })).toBeNull();
    expect(withinCancelDeadline({ ...base, isAlwaysActive: true }, start + HOUR)).toBe(true);
  });

  it("the SQL of the statement that cancels and the code agree", async () => {
    const db = testDb();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          datetime: fc.option(fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 })),
          isAlwaysActive: fc.boolean(),
          cancelDeadlineHours: fc.option(fc.integer({ min: 0, max: 720 })),
          postponeCancelUntil: fc.option(fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 })),
        }),
        fc.integer({ min: 1_690_000_000_000, max: 1_910_000_000_000 }),
        async (event, now) => {
          const row = await db.get<{ within: number | null }>(
            sql`select ${sql.raw(withinCancelDeadlineText("e", String(now)))} as within from (select ${event.datetime} as datetime, ${event.isAlwaysActive ? 1 : 0} as is_always_active,
              ${event.cancelDeadlineHours} as cancel_deadline_hours, ${event.postponeCancelUntil} as postpone_cancel_until) e`,
          );
          expect(row!.within === 1).toBe(withinCancelDeadline(event, now));
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("capacity and passes", () => {
  it("takesSpot, free spots and pass validity agree with their SQL", async () => {
    const db = testDb();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...statuses),
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.boolean(),
        fc.record({ totalSpots: fc.nat(50), reservedSpots: fc.nat(20), occupiedSpots: fc.nat(20) }),
        fc.nat(10),
        fc.nat(10),
        async (status, holdOffset, cancelled, capacity, holds, paid) => {
          const now = 1_800_000_000_000;
          const b = { status, holdExpiresAt: now + holdOffset };
          const row = await db.get<{ takes: number; valid: number; live: number; free: number }>(sql`select
            ${sql.raw(takesSpotText("b", String(now)))} as takes, ${sql.raw(passValidText("b", "e"))} as valid, ${sql.raw(liveBookingText("b", "e"))} as live,
            max(0, ${sql.raw(freeSpotsText("e", String(holds), String(paid)))}) as free
            from (select ${status} as status, ${b.holdExpiresAt} as hold_expires_at) b,
                 (select ${cancelled ? now : null} as cancelled_at, ${capacity.totalSpots} as total_spots, ${capacity.reservedSpots} as reserved_spots, ${capacity.occupiedSpots} as occupied_spots) e`);
          expect(row!.takes === 1).toBe(takesSpot(b, now));
          expect(row!.valid === 1).toBe(passStatusOf(status, cancelled) === "valid");
          expect(row!.live === 1).toBe(isLiveBooking(status, cancelled));
          expect(row!.free).toBe(freeSpotsOf(capacity, holds, paid));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("a pass is valid only when paid and its event not cancelled", () => {
    expect(passStatusOf("paid", false)).toBe("valid");
    expect(passStatusOf("paid", true)).toBe("void");
    expect(passStatusOf("refunded", false)).toBe("void");
    expect(passStatusOf("pending", false)).toBe("not_paid");
  });

  it("final states make no move; a cancelled booking can never become paid", () => {
    for (const s of ["freed", "cancelled", "refunded"] as const) expect(bookingTransitions[s]).toEqual([]);
    expect(canMove("cancelled", "paid")).toBe(false);
    expect(canMove("expired", "paid")).toBe(true);
  });

  it("a paid booking with money back reads partly refunded, a lapsed hold expired", () => {
    expect(bookingState({ status: "paid", holdExpiresAt: 0, refundedCents: 400 }, 1)).toBe("partly_refunded");
    expect(bookingState({ status: "pending", holdExpiresAt: 10, refundedCents: 0 }, 10)).toBe("expired");
    expect(bookingState({ status: "pending", holdExpiresAt: 11, refundedCents: 0 }, 10)).toBe("hold");
  });

  it("an event's phase: cancelled first, then ended, off sale, sold out, postponed", () => {
    const e = { datetime: 10 * HOUR, isAlwaysActive: false, durationMinutes: 60, isActive: true, cancelledAt: null, postponeCancelUntil: null, freeSpots: 3 };
    expect(eventPhase(e, 0)).toBe("on_sale");
    expect(eventPhase({ ...e, freeSpots: 0 }, 0)).toBe("sold_out");
    expect(eventPhase({ ...e, postponeCancelUntil: HOUR }, 0)).toBe("postponed");
    expect(eventPhase({ ...e, isActive: false }, 0)).toBe("off_sale");
    expect(eventPhase(e, 11 * HOUR)).toBe("ended");
    expect(eventPhase({ ...e, cancelledAt: 1 }, 11 * HOUR)).toBe("cancelled");
  });
});

describe("money as integer cents", () => {
  it("round-trips cents through the API's decimal form, in TypeScript and SQL alike", async () => {
    const db = testDb();
    await fc.assert(
      fc.asyncProperty(fc.nat(10_000_000), async (cents) => {
        expect(decimalToCentsExact(centsToDecimal(cents))).toBe(cents);
        expect(parseAmountToCents(centsToDecimal(cents))).toBe(cents);
        const row = await db.get<{ text: string }>(sql`select ${sql.raw(centsToDecimalText(String(cents)))} as text`);
        expect(row!.text).toBe(centsToDecimal(cents));
      }),
      { numRuns: 60 },
    );
  });

  it("writes amounts the way each language reads them", () => {
    expect(formatEuro("15.5", "en")).toBe("€15.50");
    expect(formatEuro(1505, "it")).toBe("€ 15,05"); // a number is cents, never euros with a fraction
    expect(formatEuro(1550, "it")).toBe("€ 15,50");
    expect(formatEuro("15.50", "en")).toBe("€15.50");
    expect(parseAmountToCents("7,5")).toBe(750);
    expect(parseAmountToCents("7.555")).toBeNull();
  });
});

describe("the waiting list's states and its share of the free spots", () => {
  it("the SQL twin reads an entry's state as the code does", async () => {
    const db = testDb();
    const offerArb = fc.option(fc.record({ status: fc.constantFrom(...statuses), holdExpiresAt: fc.integer({ min: 0, max: 100 }) }), { nil: null });
    await fc.assert(
      fc.asyncProperty(offerArb, fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }), fc.integer({ min: 0, max: 100 }), async (offer, leftAt, now) => {
        const entry = { bookingId: offer ? "b1" : null, leftAt };
        const row = await db.get<{ state: string; waiting: number }>(
          sql`select ${sql.raw(waitlistStateText("w", "b", String(now)))} as state, ${sql.raw(waitingEntryText("w"))} as waiting
            from (select ${entry.bookingId} as booking_id, ${leftAt} as left_at) w
            left join (select ${offer ? "b1" : null} as id, ${offer?.status ?? null} as status, ${offer?.holdExpiresAt ?? null} as hold_expires_at) b on b.id = w.booking_id`,
        );
        expect(row!.state).toBe(waitlistStateOf(entry, offer, now));
        expect(row!.waiting === 1).toBe(isWaiting(entry));
      }),
      { numRuns: 80 },
    );
  });

  it("the public gets only the free spots nobody in line has a claim on", () => {
    expect(spotsForSale(3, 1)).toBe(2);
    expect(spotsForSale(1, 2)).toBe(0);
    expect(canJoinWaitlist(1, 1)).toBe(true);
    expect(canJoinWaitlist(2, 1)).toBe(false);
  });
});
