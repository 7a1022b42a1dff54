import { describe, expect, it } from "vitest";
import { it as italian } from "../i18n/it";
import { bookingCode, formatCountdown, fromCents, formatLongDateTime, formatShortDateTime, formatTime, formatTimeAgo, todayInRome, toCents, truncate } from "./format";

describe("format", () => {
  it("turns decimal amounts into integer cents and back, so sums are exact", () => {
    expect(toCents("15.00")).toBe(1500);
    expect(toCents("7.5")).toBe(750);
    expect(toCents("0.10")).toBe(10);
    expect(toCents("12")).toBe(1200);
    expect(toCents("-3.05")).toBe(-305);
    // Ten payments of €0.10 and one of €0.20: floats give 1.2000000000000002.
    const amounts = [...Array(10).fill("0.10"), "0.20"];
    expect(fromCents(amounts.reduce((sum, a) => sum + toCents(a), 0))).toBe("1.20");
    expect(fromCents(5)).toBe("0.05");
    expect(fromCents(-305)).toBe("-3.05");
  });

  it("cuts text at the limit with an ellipsis", () => {
    expect(truncate("Parcheggio coperto VIP con navetta", 20)).toBe("Parcheggio coperto V...");
    expect(truncate("Breve", 20)).toBe("Breve");
    expect(truncate("x".repeat(20), 20)).toBe("x".repeat(20));
  });

  it("shows the Rome hour and minute of a check-in, across DST", () => {
    expect(formatTime("2026-11-23T18:42:00Z")).toBe("19:42");
    expect(formatTime("2026-07-04T18:42:00Z")).toBe("20:42");
    expect(formatTime("2026-01-05T23:05:00Z")).toBe("00:05");
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
    expect(formatTimeAgo("2026-03-14T19:59:30Z", now, italian.dates)).toBe("adesso");
    expect(formatTimeAgo("2026-03-14T19:55:00Z", now, italian.dates)).toBe("5 minuti fa");
    expect(formatTimeAgo("2026-03-14T19:59:00Z", now, italian.dates)).toBe("1 minuto fa");
    expect(formatTimeAgo("2026-03-14T17:00:00Z", now, italian.dates)).toBe("3 ore fa");
    expect(formatTimeAgo("2026-03-13T19:00:00Z", now, italian.dates)).toBe("ieri");
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

describe("English dates", () => {
  // Fails when an English page shows a date in another time zone or without saying which one.
  it("en-GB words, computed in Rome, with the time zone said", async () => {
    const { en } = await import("../i18n/whole");
    expect(formatLongDateTime("2026-11-27T20:00:00.000Z", en.dates)).toBe("Friday 27 November 2026, 21:00 (Italian time)");
    expect(formatLongDateTime("2026-07-01T22:30:00.000Z", en.dates)).toBe("Thursday 2 July 2026, 00:30 (Italian time)");
  });
});

describe("dates the Worker formatted for the page", () => {
  it("are used as given for their locale, so hydration needs no Intl; other locales still format", async () => {
    const { rememberLongDates } = await import("./format-basic");
    const { en } = await import("../i18n/whole");
    rememberLongDates("it-IT", { "2031-01-02T20:00:00.000Z": "giovedì 2 gennaio 2031 ore 21:00 (dal server)" });
    // Fails if the remembered text were ignored: the browser would start ICU while hydrating.
    expect(formatLongDateTime("2031-01-02T20:00:00.000Z")).toBe("giovedì 2 gennaio 2031 ore 21:00 (dal server)");
    expect(formatLongDateTime("2031-01-02T20:00:00.000Z", en.dates)).toBe("Thursday 2 January 2031, 21:00 (Italian time)");
  });
});

describe("how long ago, in English", () => {
  it("reads as Intl.RelativeTimeFormat would say it, without starting Intl", async () => {
    const { en } = await import("../i18n/whole");
    const now = Date.parse("2026-03-14T20:00:00Z");
    const ago = (iso: string) => formatTimeAgo(iso, now, en.dates);
    // Fails if a hand-written phrase drifted from what Intl says for the same span.
    for (const iso of ["2026-03-14T19:59:00Z", "2026-03-14T19:55:00Z", "2026-03-14T19:00:00Z", "2026-03-14T17:00:00Z", "2026-03-13T19:00:00Z", "2026-03-11T19:00:00Z"]) {
      const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
      const unit: [number, Intl.RelativeTimeFormatUnit] = minutes < 60 ? [minutes, "minute"] : minutes < 1440 ? [Math.floor(minutes / 60), "hour"] : [Math.floor(minutes / 1440), "day"];
      expect(ago(iso)).toBe(new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" }).format(-unit[0], unit[1]));
      expect(formatTimeAgo(iso, now, italian.dates)).toBe(new Intl.RelativeTimeFormat("it-IT", { numeric: "auto" }).format(-unit[0], unit[1]));
    }
    expect(ago("2026-03-14T19:59:40Z")).toBe("just now");
  });
});
