import { cleanTranslations, type Translations } from "../../../../shared/translations";
import { Temporal } from "temporal-polyfill";
import { parseAmountToCents } from "../../../../shared/lifecycle/money";
import * as z from "zod/mini";
import { seasonFormSchema, voucherFormSchema } from "../../../../shared/forms/season-forms";
import { GARAGE_TIME_ZONE } from "../../../../shared/rules";
import { itAdmin } from "../../../i18n/it-admin";
import type { AdminSeason, AdminVoucher, SeasonBody, VoucherBody } from "./queries";

// The server's own schemas, with the Italian texts: the form refuses what the server would, in the same words.
const seasonSchema = seasonFormSchema(itAdmin.seasonAdmin.errors);
const voucherSchema = voucherFormSchema(itAdmin.seasonAdmin.errors);

/** The Naples calendar day of an instant; `inclusiveEnd` reads the end of a range (exclusive) as its last day. */
export function romeDayOf(iso: string, inclusiveEnd = false): string {
  const ms = Date.parse(iso) - (inclusiveEnd ? 1 : 0);
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(GARAGE_TIME_ZONE).toPlainDate().toString();
}

export type SeasonDraft = {
  name: string;
  nameTranslations: Translations;
  scope: "category" | "events";
  categoryId: string;
  eventIds: number[];
  from: string;
  to: string;
  price: string;
  spots: string;
  isOnSale: boolean;
  cancelRefund: "none" | "share";
  partialSale: "stop" | "sell";
  partialPrice: string;
};

export const emptySeason = (): SeasonDraft => ({ name: "", nameTranslations: {}, scope: "category", categoryId: "", eventIds: [], from: "", to: "", price: "", spots: "", isOnSale: true, cancelRefund: "none", partialSale: "stop", partialPrice: "" });

export const seasonDraftOf = (s: AdminSeason): SeasonDraft => ({
  name: s.name,
  nameTranslations: { ...s.nameTranslations },
  scope: s.eventIds?.length ? "events" : "category",
  categoryId: s.categoryId == null ? "" : String(s.categoryId),
  eventIds: s.eventIds ?? [],
  from: romeDayOf(s.startsAt),
  to: romeDayOf(s.endsAt, true),
  price: s.price.replace(".", ","),
  spots: String(s.spots),
  isOnSale: s.isOnSale,
  cancelRefund: s.cancelRefund,
  partialSale: s.partialSale,
  partialPrice: s.partialPrice == null ? "" : s.partialPrice.replace(".", ","),
});

/** A number typed in a field; blank or garbage becomes NaN, which the schema refuses with its own message. */
const numberOf = (s: string) => (s.trim() === "" ? Number.NaN : Number(s.trim().replace(",", ".")));
const eurosOf = (s: string) => {
  const cents = parseAmountToCents(s.trim());
  return cents == null ? Number.NaN : cents / 100;
};

export type Checked<T> = { ok: true; body: T } | { ok: false; message: string; fields: Set<string> };

function checked<T>(result: { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }, body: T): Checked<T> {
  if (result.success) return { ok: true, body };
  return { ok: false, message: result.error.issues[0]?.message ?? itAdmin.seasonAdmin.errors.invalidData, fields: new Set(result.error.issues.map((i) => String(i.path[0]))) };
}

export function checkSeason(d: SeasonDraft): Checked<SeasonBody> {
  const body: SeasonBody = {
    name: d.name,
    nameTranslations: cleanTranslations(d.nameTranslations),
    categoryId: d.scope === "category" && d.categoryId ? Number(d.categoryId) : null,
    eventIds: d.scope === "events" ? d.eventIds : null,
    from: d.from,
    to: d.to,
    price: eurosOf(d.price),
    spots: numberOf(d.spots),
    isOnSale: d.isOnSale,
    cancelRefund: d.cancelRefund,
    partialSale: d.partialSale,
    partialPrice: d.partialSale === "sell" && d.partialPrice.trim() !== "" ? eurosOf(d.partialPrice) : null,
  };
  return checked(z.safeParse(seasonSchema, body), body);
}

export type VoucherDraft = { code: string; kind: "percent" | "amount" | "free"; value: string; maxUses: string; expires: string; eventIds: number[]; note: string };

export const emptyVoucher = (): VoucherDraft => ({ code: "", kind: "percent", value: "", maxUses: "", expires: "", eventIds: [], note: "" });

export const voucherDraftOf = (v: AdminVoucher): VoucherDraft => ({
  code: v.code,
  kind: v.kind,
  value: v.kind === "free" ? "" : v.value.replace(".", ","),
  maxUses: String(v.maxUses),
  expires: romeDayOf(v.expiresAt, true),
  eventIds: v.eventIds ?? [],
  note: v.note,
});

export function checkVoucher(d: VoucherDraft): Checked<VoucherBody> {
  const body: VoucherBody = {
    code: d.code,
    kind: d.kind,
    value: d.kind === "free" ? 0 : d.kind === "amount" ? eurosOf(d.value) : numberOf(d.value),
    maxUses: numberOf(d.maxUses),
    expires: d.expires,
    eventIds: d.eventIds.length ? d.eventIds : null,
    note: d.note,
  };
  return checked(z.safeParse(voucherSchema, body), body);
}
