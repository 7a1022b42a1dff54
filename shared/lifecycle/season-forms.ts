/**
 * What the owner types to define a season pass or a voucher, checked once: the Worker's route validates
 * with it (its messages are catalogue references) and the admin's forms check the same fields before
 * sending (their messages are the Italian texts). The caller gives the messages, so shared/ imports
 * neither side.
 */
import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import * as zm from "zod/mini";
import { translationsField } from "../forms/translations-form";
import { normaliseVoucherCode } from "./season";

export type SeasonFormMessages = {
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
export const VOUCHER_CODE_PATTERN = /^[A-Z0-9]{0,32}$/;

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
const day = (m: SeasonFormMessages) => z.string(m.invalidDate).refine(isDay, m.invalidDate);
const eventIds = (m: SeasonFormMessages) => z.array(z.number(m.invalidEvent).int(m.invalidEvent).positive(m.invalidEvent), m.invalidData).max(200, m.invalidData).nullable().optional();

/** A season pass: a name, a category or a list of events, a range of days, a price in euros, how many holders. */
export const seasonFormSchema = (m: SeasonFormMessages) =>
  z
    .object({
      name: z.string(m.requiredFields).trim().min(1, m.requiredFields).max(120, m.invalidData),
      nameTranslations: translationsField(zm.string(m.invalidData).check(zm.trim(), zm.maxLength(120, m.invalidData))),
      categoryId: z.number(m.invalidData).int(m.invalidData).positive(m.invalidData).nullable().optional(),
      eventIds: eventIds(m),
      from: day(m),
      to: day(m),
      price: z.number(m.invalidPrice).min(0, m.invalidPrice).max(100_000, m.invalidPrice),
      spots: z.number(m.seasonSpotsInvalid).int(m.seasonSpotsInvalid).min(1, m.seasonSpotsInvalid).max(10_000, m.seasonSpotsInvalid),
      isOnSale: z.boolean(m.invalidData).optional(),
      cancelRefund: z.enum(["none", "share"], m.invalidData).optional(),
      partialSale: z.enum(["stop", "sell"], m.invalidData).optional(),
      /** The owner's price without the missing matches (euros); null: the price × matches left ÷ all matches. */
      partialPrice: z.number(m.invalidPrice).min(0, m.invalidPrice).max(100_000, m.invalidPrice).nullable().optional(),
    })
    .refine((s) => s.categoryId != null || (s.eventIds?.length ?? 0) > 0, { message: m.seasonScopeRequired, path: ["categoryId"] })
    .refine((s) => !isDay(s.from) || !isDay(s.to) || Temporal.PlainDate.compare(s.from, s.to) <= 0, { message: m.seasonRangeInvalid, path: ["to"] });

export type SeasonForm = z.input<ReturnType<typeof seasonFormSchema>>;

/**
 * A voucher: its code (letters and digits, any case), a percentage, an amount in euros or a free spot,
 * how many uses, the last day it works, and the events it applies to (none: every event).
 */
export const voucherFormSchema = (m: SeasonFormMessages) =>
  z
    .object({
      code: z
        .string(m.voucherCodeInvalid)
        .optional()
        .transform((c) => c ?? "")
        .transform(normaliseVoucherCode)
        .refine((c) => VOUCHER_CODE_PATTERN.test(c), m.voucherCodeInvalid),
      kind: z.enum(["percent", "amount", "free"], m.voucherValueInvalid),
      value: z.number(m.voucherValueInvalid).min(0, m.voucherValueInvalid).max(100_000, m.voucherValueInvalid),
      maxUses: z.number(m.invalidData).int(m.invalidData).min(1, m.invalidData).max(100_000, m.invalidData),
      expires: day(m),
      eventIds: eventIds(m),
      note: z.string(m.invalidData).trim().max(200, m.invalidData).optional(),
    })
    .refine((v) => v.kind === "free" || (v.kind === "percent" ? Number.isInteger(v.value) && v.value >= 1 && v.value <= 100 : v.value >= 0.01), {
      message: m.voucherValueInvalid,
      path: ["value"],
    });

export type VoucherForm = z.input<ReturnType<typeof voucherFormSchema>>;
