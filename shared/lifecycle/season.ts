/**
 * Season passes and vouchers (docs/decisions/034-season-passes-and-vouchers.md): which events a season
 * covers, when a holder takes a seat of the season, when a holder may release a match, and what a
 * voucher takes off a price. Plain TypeScript for the Worker and the SPA; season-sql.ts spells the
 * same rules for D1.
 */
import type { BookingStatus } from "./booking";

export type SeasonScope = { categoryId: number | null; eventIds: number[] | null; startsAt: number; endsAt: number };
export type SeasonEventFields = { id: number; categoryId: number | null; datetime: number | null; isAlwaysActive: boolean };

/** A dated event starting within [startsAt, endsAt), of the season's category or on its list. */
export function isEventInSeason(season: SeasonScope, event: SeasonEventFields): boolean {
  if (event.isAlwaysActive || event.datetime == null) return false;
  if (event.datetime < season.startsAt || event.datetime >= season.endsAt) return false;
  if (season.eventIds && season.eventIds.length > 0) return season.eventIds.includes(event.id);
  return season.categoryId != null && event.categoryId === season.categoryId;
}

export type SeasonHolderFields = { status: "pending" | "active" | "cancelled"; holdExpiresAt: number };

/** A holder takes one of the season's seats while active, or while its purchase hold lasts. */
export const holderTakesSeat = (h: SeasonHolderFields, now: number) => h.status === "active" || (h.status === "pending" && h.holdExpiresAt > now);

/** Seats of a season still free: spots − holders taking a seat, never below zero. */
export const seasonSeatsLeft = (spots: number, holders: number) => Math.max(0, spots - holders);

/**
 * A holder may hand a match back while its spot there is paid, the car never went through the gate
 * and the match has not started: the spot is freed and goes back on sale.
 */
export function canReleaseMatch(b: { status: BookingStatus; gateState: string | null }, eventStart: number | null, now: number): boolean {
  return b.status === "paid" && b.gateState == null && eventStart != null && now < eventStart;
}

// ---------- a cancelled match's money (docs/decisions/045-season-money.md) ----------

export type SeasonCancelRefund = "none" | "share";

/**
 * What a holder gets back for one cancelled match under the season's policy: nothing, or the price
 * paid divided by the matches held at purchase, rounded down to the cent; the last share (the one
 * that completes as many shares as matches) takes the remainder. Never more than is left unrefunded.
 * `sharesBefore`: shares already given; `claimedCents`: every refund that still stands.
 */
export function cancelledMatchShareCents(policy: SeasonCancelRefund, paidCents: number, matchesAtPurchase: number, sharesBefore: number, claimedCents: number): number {
  if (policy !== "share" || paidCents <= 0 || matchesAtPurchase <= 0) return 0;
  const left = paidCents - claimedCents;
  if (left <= 0) return 0;
  const share = Math.floor(paidCents / matchesAtPurchase);
  const last = sharesBefore + 1 >= matchesAtPurchase;
  return Math.min(left, last ? paidCents - share * (matchesAtPurchase - 1) : share);
}

// ---------- a season that can still be sold (docs/decisions/054-season-caps-and-partial-sale.md) ----------

export type SeasonPartialSale = "stop" | "sell";

/**
 * What a season costs while `left` of its `all` matches can still be bought: the full price when all
 * can; otherwise the owner's price for it, or the price × left ÷ all, rounded down to the cent.
 */
export function partialSeasonPriceCents(priceCents: number, left: number, all: number, ownerCents: number | null): number {
  if (all <= 0 || left >= all) return priceCents;
  if (ownerCents != null) return ownerCents;
  return Math.floor((priceCents * left) / all);
}

/** A season sells while it is on sale, has a seat, a match to buy, and either every match or the owner's yes to selling without the others. */
export const seasonSellable = (s: { isOnSale: boolean; partialSale: SeasonPartialSale }, seatsLeft: number, left: number, all: number) =>
  s.isOnSale && seatsLeft > 0 && left > 0 && (left >= all || s.partialSale === "sell");

// ---------- vouchers ----------

export type VoucherKind = "percent" | "amount" | "free";
export type VoucherFields = { kind: VoucherKind; value: number; maxUses: number; expiresAt: number; eventIds: number[] | null };

/** Cents a voucher takes off a price: a percentage (rounded down), an amount, or all of it; never more than the price. */
export function voucherDiscountCents(v: Pick<VoucherFields, "kind" | "value">, priceCents: number): number {
  const off = v.kind === "free" ? priceCents : v.kind === "percent" ? Math.floor((priceCents * v.value) / 100) : v.value;
  return Math.max(0, Math.min(priceCents, off));
}

/** A voucher applies to an event until it expires, when the event is on its list (or it has none). */
export const voucherAppliesTo = (v: Pick<VoucherFields, "expiresAt" | "eventIds">, eventId: number, now: number) =>
  now < v.expiresAt && (v.eventIds == null || v.eventIds.length === 0 || v.eventIds.includes(eventId));

/** Letters and digits nobody misreads (no 0/O, 1/I/L): a code is read off a flyer or a chat. */
export const VOUCHER_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** A new code: at least 8 of those (31^8 ≈ 8.5·10^11 codes), whether generated or chosen by hand. */
export const NEW_VOUCHER_CODE_PATTERN = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8,32}$/;
export const GENERATED_VOUCHER_CODE_LENGTH = 10;

/** A random code of the alphabet (rejection sampling, so every letter is equally likely). */
export function generateVoucherCode(length = GENERATED_VOUCHER_CODE_LENGTH): string {
  const n = VOUCHER_ALPHABET.length;
  const limit = 256 - (256 % n);
  let code = "";
  while (code.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && code.length < length) code += VOUCHER_ALPHABET[byte % n];
    }
  }
  return code;
}

/** Voucher codes are typed in any case and with stray spaces; they are stored upper-case. */
export const normaliseVoucherCode = (code: string) => code.replace(/\s+/g, "").toUpperCase();
