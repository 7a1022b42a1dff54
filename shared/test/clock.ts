import { Temporal } from "temporal-polyfill";
import { vi } from "vitest";
import { GARAGE_TIME_ZONE } from "../rules";

/** An instant written as Naples wall-clock time, e.g. naples("2026-03-29T00:30"). */
export const naples = (wallClock: string): number =>
  Temporal.PlainDateTime.from(wallClock).toZonedDateTime(GARAGE_TIME_ZONE).epochMilliseconds;

/**
 * Instants where a rule written with the wrong day, zone or month breaks. The default is the worst
 * of them: 00:30 in Naples is still the day before in UTC, and that night the clocks go forward
 * (02:00 → 03:00), so "today", "tomorrow" and "in 24 hours" all differ from their naive versions.
 */
export const RISKY = {
  /** Just after midnight in Naples on the spring-forward Sunday (23:30 UTC of the day before). */
  afterMidnightSpringForward: naples("2026-03-29T00:30"),
  /** Late on the last day of a month, an hour before the month (and the UTC date) turn. */
  lastOfMonthLate: naples("2026-01-31T23:30"),
  /** The first 01:30 of the fall-back night (the hour that happens twice). */
  fallBackNight: naples("2026-10-25T01:30"),
} as const;

export const FIXED_NOW = RISKY.afterMidnightSpringForward;

/** The instant TEST_CLOCK names: a RISKY name, a Naples wall-clock time, or nothing for FIXED_NOW. */
export const instantOf = (chosen: string | null | undefined): number =>
  !chosen ? FIXED_NOW : chosen in RISKY ? RISKY[chosen as keyof typeof RISKY] : naples(chosen);

/**
 * Fixes Date (Date.now(), new Date()) at `at`. Only Date is faked: setTimeout and friends keep
 * running, so awaited work and polling still progress, but the clock stands still until the next
 * fixClock. The Worker runs in the test's isolate, so its routes, cron and queue handlers read
 * the same fixed clock (proved in worker/test/clock.test.ts). D1's own clock (the `created_at` default,
 * unixepoch('subsecond')) is not faked: tests that compare with it pass createdAt explicitly.
 */
export function fixClock(at: number = FIXED_NOW): void {
  vi.useFakeTimers({ toFake: ["Date"], now: at });
}
