import { describe, expect, it } from "vitest";
import { seedBooking, seedEvent } from "../test/helpers";
import { csvField, paymentsSummary, percentChange } from "./payments-report";
import { testDb } from "../test/helpers";

const at = (iso: string) => Date.parse(iso);

describe("payments summary", () => {
  it("splits today/yesterday and this/last month at Rome's midnight, across a month end", async () => {
    const { eventId } = await seedEvent();
    const paid = (iso: string, amountCents: number, status: "paid" | "freed" | "refunded" = "paid") =>
      seedBooking({ eventId, status, paidAt: at(iso), amountCents });
    // Rome is UTC+2 on 2034-04-01 (summer time since 2034-03-26).
    await paid("2034-03-31T22:10:00Z", 2000); // 00:10 on 1 April in Rome: today, this month
    await paid("2034-03-31T21:59:00Z", 1000); // 23:59 on 31 March: yesterday, last month
    await paid("2034-03-31T08:00:00Z", 1500, "freed"); // yesterday: freed still counts (the money was taken)
    await paid("2034-03-31T09:00:00Z", 9900, "refunded"); // refunds are not revenue
    await paid("2034-02-28T23:30:00Z", 700); // 00:30 on 1 March in Rome (UTC+1): last month
    await paid("2034-02-28T22:59:00Z", 300); // 23:59 on 28 Feb: before last month
    const summary = await paymentsSummary(testDb(), at("2034-03-31T22:30:00Z"));
    expect(summary).toEqual({
      today: { amount: "20.00", count: 1 },
      yesterday: { amount: "25.00", count: 2 },
      thisMonth: { amount: "20.00", count: 1 },
      lastMonth: { amount: "32.00", count: 3 },
      changeVsYesterdayPct: -20,
      changeVsLastMonthPct: -37.5,
      countChangeVsYesterdayPct: -50,
    });
  });

  it("says null instead of a made-up percentage when the previous figure is zero", async () => {
    const { eventId } = await seedEvent();
    await seedBooking({ eventId, status: "paid", paidAt: at("2035-01-15T10:00:00Z"), amountCents: 500 });
    const summary = await paymentsSummary(testDb(), at("2035-01-15T12:00:00Z"));
    expect(summary.today).toEqual({ amount: "5.00", count: 1 });
    expect(summary.yesterday).toEqual({ amount: "0.00", count: 0 });
    expect(summary.changeVsYesterdayPct).toBeNull();
    expect(summary.countChangeVsYesterdayPct).toBeNull();
    expect(summary.changeVsLastMonthPct).toBeNull();
  });

  it("percent change rounds to one decimal", () => {
    expect(percentChange(112, 100)).toBe(12);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBeNull();
  });
});

describe("CSV fields", () => {
  // Quotes separators, quotes and line breaks; defuses what a spreadsheet could run: formulas, a pipe (DDE), tab, carriage return and NUL.
  it.each([
    ["semplice", "semplice"],
    ["a;b", '"a;b"'],
    ['di "lui"', '"di ""lui"""'],
    ["riga\r\nnuova", '"riga\r\nnuova"'],
    ["=1+1", "'=1+1"],
    ["-5", "'-5"],
    ["12,50", "12,50"],
    ["|cmd", "'|cmd"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", `"'\r=1+1"`],
    ["\0=1+1", "'\0=1+1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["Mario | Rossi", "Mario | Rossi"],
  ])("%j is written %j", (value, field) => {
    expect(csvField(value)).toBe(field);
  });
});
