import { describe, expect, it } from "vitest";
import { Temporal } from "temporal-polyfill";
import { GARAGE_TIME_ZONE } from "../../shared/rules";
import { isGateEvent } from "./gate";

/** Epoch ms of a wall-clock time in Naples. */
const rome = (wallClock: string) => Temporal.PlainDateTime.from(wallClock).toZonedDateTime(GARAGE_TIME_ZONE).epochMilliseconds;
const event = (start: string, durationMinutes = 240) => ({ isActive: true, isAlwaysActive: false, datetime: rome(start), durationMinutes });

describe("isGateEvent: which events the gate may scan", () => {
  it("keeps an evening concert on the list after midnight while its cars leave, then drops it", () => {
    const concert = event("2026-11-23T21:00", 240); // ends 01:00 on the 24th
    expect(isGateEvent(concert, rome("2026-11-24T02:30"))).toBe(true);
    expect(isGateEvent(concert, rome("2026-11-24T06:59"))).toBe(true);
    expect(isGateEvent(concert, rome("2026-11-24T07:00"))).toBe(false);
  });

  it("lists an event starting after midnight to the gate of the evening before, from six hours before its start", () => {
    const earlyMatch = event("2026-11-25T03:00");
    expect(isGateEvent(earlyMatch, rome("2026-11-24T20:59"))).toBe(false);
    expect(isGateEvent(earlyMatch, rome("2026-11-24T21:00"))).toBe(true);
  });

  it("lists every event of today's date, and none of next week's or of two days ago", () => {
    const now = rome("2026-11-24T08:00");
    expect(isGateEvent(event("2026-11-24T23:30"), now)).toBe(true);
    expect(isGateEvent(event("2026-12-01T08:00"), now)).toBe(false);
    expect(isGateEvent(event("2026-11-22T21:00"), now)).toBe(false);
  });

  it("always lists always-active and undated events, never inactive ones", () => {
    const now = rome("2026-11-24T08:00");
    expect(isGateEvent({ isActive: true, isAlwaysActive: true, datetime: null, durationMinutes: 240 }, now)).toBe(true);
    expect(isGateEvent({ isActive: true, isAlwaysActive: false, datetime: null, durationMinutes: 240 }, now)).toBe(true);
    expect(isGateEvent({ ...event("2026-11-24T10:00"), isActive: false }, now)).toBe(false);
  });
});
