import { describe, expect, it } from "vitest";
import { bookingCode, formatCountdown, formatEuro, formatEuroCompact, formatLongDateTime, formatShortDateTime, formatTimeAgo, todayInRome, truncate } from "./format";

describe("format", () => {
  it("shows euro amounts with two decimals", () => {
    expect(formatEuroCompact("15")).toBe("€15.00");
    expect(formatEuroCompact(7.5)).toBe("€7.50");
    expect(formatEuro("1234.5").replace(/\s/g, " ")).toBe("1234,50 €");
  });

  it("cuts text at the limit with an ellipsis", () => {
    expect(truncate("Parcheggio coperto VIP con navetta", 20)).toBe("Parcheggio coperto V...");
    expect(truncate("Breve", 20)).toBe("Breve");
    expect(truncate("x".repeat(20), 20)).toBe("x".repeat(20));
  });

  it("renders long Italian dates in Rome time, across DST", () => {
    expect(formatLongDateTime("2026-03-14T20:00:00Z")).toBe("sabato 14 marzo 2026 ore 21:00");
    expect(formatLongDateTime("2026-07-04T19:30:00Z")).toBe("sabato 4 luglio 2026 ore 21:30");
  });

  it("renders short admin dates", () => {
    expect(formatShortDateTime("2026-01-05T23:30:00Z")).toBe("06/01/2026, 00:30");
  });

  it("counts a hold down in minutes and seconds, never below zero", () => {
    expect(formatCountdown(14 * 60_000 + 5_000)).toBe("14:05");
    expect(formatCountdown(59_001)).toBe("01:00");
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(-5_000)).toBe("00:00");
    expect(formatCountdown(75 * 60_000)).toBe("75:00");
  });

  it("says how long ago something happened, in Italian", () => {
    const now = Date.parse("2026-03-14T20:00:00Z");
    expect(formatTimeAgo("2026-03-14T19:59:30Z", now)).toBe("adesso");
    expect(formatTimeAgo("2026-03-14T19:55:00Z", now)).toBe("5 minuti fa");
    expect(formatTimeAgo("2026-03-14T19:59:00Z", now)).toBe("1 minuto fa");
    expect(formatTimeAgo("2026-03-14T17:00:00Z", now)).toBe("3 ore fa");
    expect(formatTimeAgo("2026-03-13T19:00:00Z", now)).toBe("ieri");
  });

  it("derives the booking code from the booking id", () => {
    expect(bookingCode("3f9a2c1b-0d4e-4a7b-9c1d-2e3f4a5b6c7d")).toBe("3F9A2C1B");
  });
});

describe("todayInRome", () => {
  it("answers an ISO calendar date", () => {
    expect(todayInRome()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
