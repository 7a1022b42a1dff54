/**
 * What the owner types to define a season pass or a voucher, checked once: the Worker's route validates
 * with it and the admin's forms check the same fields before sending. zod's mini build, like every shared
 * form (docs/decisions/064-web-rooms.md). A problem is a code; each side gives its words for the codes
 * (worker/i18n references, web/i18n/it-admin.ts texts), so shared/ imports neither side.
 */
import { Temporal } from "temporal-polyfill";
import * as z from "zod/mini";
import { normaliseVoucherCode } from "../lifecycle/season";
import { translationsField } from "./translations-form";

export type SeasonFormWords = {
  requiredFields: string;
  invalidData: string;
  invalidDate: string;
  invalidPrice: string;
  invalidEvent: string;
  seasonScopeRequired: string;
  seasonRangeInvalid: string;
  seasonSpotsInvalid: string;
  voucherCodeInvalid: string;
  voucherValueInvalid: string;
};

/** What a code may look like on the way in: blank (the server generates one) or letters and digits; a new code must also meet NEW_VOUCHER_CODE_PATTERN (season.ts). */
const VOUCHER_CODE_PATTERN = /^[A-Z0-9]{0,32}$/;

const isDay = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  try {
    Temporal.PlainDate.from(s, { overflow: "reject" });
    return true;
  } catch {
    return false;
  }
};

/** "2026-08-01", a calendar day in Naples. */
const day = (w: SeasonFormWords) => z.string(w.invalidDate).check(z.refine(isDay, w.invalidDate));
const eventIds = (w: SeasonFormWords) =>
  z.optional(z.nullable(z.array(z.int(w.invalidEvent).check(z.positive(w.invalidEvent)), w.invalidData).check(z.maxLength(200, w.invalidData))));
const euros = (message: string) => z.number(message).check(z.gte(0, message), z.lte(100_000, message));

/** A season pass: a name, a category or a list of events, a range of days, a price in euros, how many holders. */
export const seasonFormSchema = (w: SeasonFormWords) =>
  z
    .object({
      name: z.string(w.requiredFields).check(z.trim(), z.minLength(1, w.requiredFields), z.maxLength(120, w.invalidData)),
      nameTranslations: translationsField(z.string(w.invalidData).check(z.trim(), z.maxLength(120, w.invalidData))),
      categoryId: z.optional(z.nullable(z.int(w.invalidData).check(z.positive(w.invalidData)))),
      eventIds: eventIds(w),
      from: day(w),
      to: day(w),
      price: euros(w.invalidPrice),
      spots: z.int(w.seasonSpotsInvalid).check(z.gte(1, w.seasonSpotsInvalid), z.lte(10_000, w.seasonSpotsInvalid)),
      isOnSale: z.optional(z.boolean(w.invalidData)),
      cancelRefund: z.optional(z.enum(["none", "share"], w.invalidData)),
      partialSale: z.optional(z.enum(["stop", "sell"], w.invalidData)),
      /** The owner's price without the missing matches (euros); null: the price × matches left ÷ all matches. */
      partialPrice: z.optional(z.nullable(euros(w.invalidPrice))),
    })
    .check(
      z.refine((s) => s.categoryId != null || (s.eventIds?.length ?? 0) > 0, { message: w.seasonScopeRequired, path: ["categoryId"] }),
      z.refine((s) => !isDay(s.from) || !isDay(s.to) || Temporal.PlainDate.compare(s.from, s.to) <= 0, { message: w.seasonRangeInvalid, path: ["to"] }),
    );

/**
 * A voucher: its code (letters and digits, any case), a percentage, an amount in euros or a free spot,
 * how many uses, the last day it works, and the events it applies to (none: every event).
 */
export const voucherFormSchema = (w: SeasonFormWords) =>
  z
    .object({
      code: z.pipe(
        z.pipe(z.optional(z.string(w.voucherCodeInvalid)), z.transform((c: string | undefined) => normaliseVoucherCode(c ?? ""))),
        z.string().check(z.regex(VOUCHER_CODE_PATTERN, w.voucherCodeInvalid)),
      ),
      kind: z.enum(["percent", "amount", "free"], w.voucherValueInvalid),
      value: z.number(w.voucherValueInvalid).check(z.gte(0, w.voucherValueInvalid), z.lte(100_000, w.voucherValueInvalid)),
      maxUses: z.int(w.invalidData).check(z.gte(1, w.invalidData), z.lte(100_000, w.invalidData)),
      expires: day(w),
      eventIds: eventIds(w),
      note: z.optional(z.string(w.invalidData).check(z.trim(), z.maxLength(200, w.invalidData))),
    })
    .check(
      z.refine((v) => v.kind === "free" || (v.kind === "percent" ? Number.isInteger(v.value) && v.value >= 1 && v.value <= 100 : v.value >= 0.01), {
        message: w.voucherValueInvalid,
        path: ["value"],
      }),
    );
