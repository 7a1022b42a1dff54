import { describe, expect, it } from "vitest";
import { formatEuro, formatEuroCompact, formatLongDateTime, formatShortDateTime, truncate } from "./format";

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
});
