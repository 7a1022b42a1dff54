import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { seasonFormSchema, voucherFormSchema, type SeasonFormWords } from "./season-forms";

// Each message names its own key, so a test reads which rule refused.
const m = Object.fromEntries(
  ["requiredFields", "invalidData", "invalidDate", "invalidPrice", "invalidEvent", "seasonScopeRequired", "seasonRangeInvalid", "seasonSpotsInvalid", "voucherCodeInvalid", "voucherValueInvalid"].map((k) => [k, k]),
) as SeasonFormWords;
const seasonSchema = seasonFormSchema(m);
const voucherSchema = voucherFormSchema(m);
const season = { safeParse: (v: unknown) => z.safeParse(seasonSchema, v) };
const voucher = { safeParse: (v: unknown) => z.safeParse(voucherSchema, v) };
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0].message);

const okSeason = { name: "Abbonamento", categoryId: 3, from: "2026-08-01", to: "2027-05-31", price: 250, spots: 40 };
const okVoucher = { code: " amici 10 ", kind: "percent", value: 10, maxUses: 5, expires: "2031-06-30" };

describe("the season and voucher forms' one schema", () => {
  it("accepts a season with a category or a list of events, the last day equal to the first", () => {
    expect(season.safeParse(okSeason).success).toBe(true);
    expect(season.safeParse({ ...okSeason, categoryId: null, eventIds: [1, 2], to: okSeason.from }).success).toBe(true);
  });

  it("says which rule a season breaks, in the caller's messages", () => {
    expect(firstMessage(season.safeParse({ ...okSeason, name: "  " }))).toBe("requiredFields");
    expect(firstMessage(season.safeParse({ ...okSeason, categoryId: null, eventIds: [] }))).toBe("seasonScopeRequired");
    expect(firstMessage(season.safeParse({ ...okSeason, from: "2027-08-01" }))).toBe("seasonRangeInvalid");
    expect(firstMessage(season.safeParse({ ...okSeason, from: "2026-02-30" }))).toBe("invalidDate");
    expect(firstMessage(season.safeParse({ ...okSeason, price: Number.NaN }))).toBe("invalidPrice");
    expect(firstMessage(season.safeParse({ ...okSeason, spots: 0 }))).toBe("seasonSpotsInvalid");
    expect(firstMessage(season.safeParse({ ...okSeason, spots: 2.5 }))).toBe("seasonSpotsInvalid");
  });

  it("normalises a voucher's code and refuses a bad code or value", () => {
    const parsed = voucher.safeParse(okVoucher);
    expect(parsed.success && parsed.data.code).toBe("AMICI10");
    const { code: _, ...noCode } = okVoucher;
    const generated = voucher.safeParse(noCode);
    expect(generated.success && generated.data.code).toBe("");
    expect(firstMessage(voucher.safeParse({ ...okVoucher, code: "X!" }))).toBe("voucherCodeInvalid");
    expect(firstMessage(voucher.safeParse({ ...okVoucher, value: 101 }))).toBe("voucherValueInvalid");
    expect(firstMessage(voucher.safeParse({ ...okVoucher, value: 12.5 }))).toBe("voucherValueInvalid");
    expect(firstMessage(voucher.safeParse({ ...okVoucher, kind: "amount", value: 0 }))).toBe("voucherValueInvalid");
    expect(voucher.safeParse({ ...okVoucher, kind: "free", value: 0 }).success).toBe(true);
    expect(firstMessage(voucher.safeParse({ ...okVoucher, maxUses: 0 }))).toBe("invalidData");
  });
});
