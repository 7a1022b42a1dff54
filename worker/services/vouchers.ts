import { desc, eq, sql } from "drizzle-orm";
import { bookings, events, rates, vouchers, type Voucher, type VoucherKind } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import { messages } from "../i18n/it";
import { toIso } from "../lib/time";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { effectiveStatus, type BookingStatus } from "../../shared/lifecycle/booking";
import { generateVoucherCode, NEW_VOUCHER_CODE_PATTERN, normaliseVoucherCode, voucherAppliesTo, voucherDiscountCents } from "../../shared/lifecycle/season";
import type { RateLimit } from "./rate-limit";

/** Failed voucher tries allowed per client (IP, /64 for IPv6) in 15 minutes, counted exactly in D1 like the booking look-up. */
export const VOUCHER_RATE_LIMIT: RateLimit = { bucket: "voucher", limit: 10, windowMs: 15 * 60_000 };
import { voucherUsesSql } from "../../shared/lifecycle/season-sql";
import type { VoucherUse } from "./holds";

export type VoucherInput = { code: string; kind: VoucherKind; value: number; maxUses: number; expiresAt: number; eventIds: number[] | null; note: string };

export type VoucherDto = {
  id: number;
  code: string;
  kind: VoucherKind;
  /** percent: the percentage; amount: euros as a decimal string; free: "0". */
  value: string;
  maxUses: number;
  uses: number;
  expiresAt: string;
  eventIds: number[] | null;
  note: string;
  /** Past its expiry (or disabled, which expires it now). */
  expired: boolean;
};

const usesOf = async (db: Db, code: string, now: number) => Number((await db.get<{ n: number }>(sql`select ${voucherUsesSql(code, now)} as n`))?.n ?? 0);

function toDto(v: Voucher, uses: number, now = Date.now()): VoucherDto {
  return {
    id: v.id,
    code: v.code,
    kind: v.kind,
    value: v.kind === "amount" ? centsToDecimal(v.value) : String(v.value),
    maxUses: v.maxUses,
    uses,
    expiresAt: toIso(v.expiresAt)!,
    eventIds: v.eventIds,
    note: v.note,
    expired: now >= v.expiresAt,
  };
}

export async function createVoucher(db: Db, input: VoucherInput): Promise<Outcome<VoucherDto>> {
  // Blank: the server makes one nobody can guess; chosen by hand: the same rule (decision 046).
  const code = normaliseVoucherCode(input.code) || generateVoucherCode();
  if (!NEW_VOUCHER_CODE_PATTERN.test(code)) return fail(400, "validation_failed", messages.voucherCodeInvalid);
  const value = input.kind === "free" ? 0 : input.value;
  if ((input.kind === "percent" && (value < 1 || value > 100)) || (input.kind === "amount" && value < 1)) {
    return fail(400, "validation_failed", messages.voucherValueInvalid);
  }
  const [row] = await db
    .insert(vouchers)
    .values({ ...input, code, value, eventIds: input.eventIds?.length ? input.eventIds : null })
    .onConflictDoNothing()
    .returning();
  return row ? ok(toDto(row, 0)) : fail(409, "conflict", messages.voucherCodeTaken);
}

/**
 * The owner edits a voucher: everything but its code (uses are counted by code, so a new code would
 * start them again at zero). Fewer uses than already made are allowed: the code simply stops working.
 */
export async function updateVoucher(db: Db, id: number, input: Omit<VoucherInput, "code">, now: number): Promise<Outcome<VoucherDto>> {
  const value = input.kind === "free" ? 0 : input.value;
  if ((input.kind === "percent" && (value < 1 || value > 100)) || (input.kind === "amount" && value < 1)) {
    return fail(400, "validation_failed", messages.voucherValueInvalid);
  }
  const [row] = await db
    .update(vouchers)
    .set({ kind: input.kind, value, maxUses: input.maxUses, expiresAt: input.expiresAt, eventIds: input.eventIds?.length ? input.eventIds : null, note: input.note })
    .where(eq(vouchers.id, id))
    .returning();
  return row ? ok(toDto(row, await usesOf(db, row.code, now), now)) : fail(404, "not_found", messages.voucherNotFound);
}

/** "Disattiva": the voucher expires now (bookings already made with it keep their discount). */
export async function disableVoucher(db: Db, id: number, now: number): Promise<Outcome<VoucherDto>> {
  const [row] = await db
    .update(vouchers)
    .set({ expiresAt: sql`min(${vouchers.expiresAt}, ${now})` })
    .where(eq(vouchers.id, id))
    .returning();
  return row ? ok(toDto(row, await usesOf(db, row.code, now), now)) : fail(404, "not_found", messages.voucherNotFound);
}

export type VoucherUseDto = { bookingId: string; eventTitle: string; customerName: string; licensePlate: string; amount: string; discount: string; status: BookingStatus; createdAt: string };

/** The bookings a voucher went into (its uses, and holds that lapsed), newest first. */
export async function voucherUses(db: Db, id: number, now: number): Promise<VoucherUseDto[] | null> {
  const v = await db.select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.id, id)).get();
  if (!v) return null;
  const rows = await db
    .select({
      bookingId: bookings.id,
      eventTitle: events.title,
      customerName: bookings.customerName,
      licensePlate: bookings.licensePlate,
      amountCents: bookings.amountCents,
      discountCents: bookings.discountCents,
      status: bookings.status,
      holdExpiresAt: bookings.holdExpiresAt,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.voucherCode, v.code))
    .orderBy(desc(bookings.createdAt))
    .limit(200);
  return rows.map((r) => ({
    bookingId: r.bookingId,
    eventTitle: r.eventTitle,
    customerName: r.customerName,
    licensePlate: r.licensePlate,
    amount: centsToDecimal(r.amountCents),
    discount: centsToDecimal(r.discountCents),
    status: effectiveStatus(r, now),
    createdAt: toIso(r.createdAt)!,
  }));
}

export async function listVouchers(db: Db, now: number): Promise<VoucherDto[]> {
  const rows = await db.select().from(vouchers).orderBy(desc(vouchers.id));
  return Promise.all(rows.map(async (v) => toDto(v, await usesOf(db, v.code, now), now)));
}

/**
 * The voucher a visitor typed, checked for this event and priced on this rate. Only a first answer:
 * the INSERT that takes the spot checks expiry, event and uses again (holds.ts), so uses never exceed.
 */
export const voucherInvalid = () => fail(400, "validation_failed", messages.voucherInvalid);

export async function voucherForBooking(db: Db, typed: string, eventId: number, rateId: number, now: number): Promise<Outcome<VoucherUse>> {
  const code = normaliseVoucherCode(typed);
  const v = await db.select().from(vouchers).where(eq(vouchers.code, code)).get();
  // One answer for every failure: unknown, expired, another event's and used up read alike, so tries tell a guesser nothing.
  if (!v || now >= v.expiresAt || !voucherAppliesTo(v, eventId, now) || (await usesOf(db, code, now)) >= v.maxUses) return voucherInvalid();
  const rate = await db.select({ priceCents: rates.priceCents }).from(rates).where(eq(rates.id, rateId)).get();
  if (!rate) return fail(404, "not_found", messages.rateNotFound);
  return ok({ code, priceCents: rate.priceCents, discountCents: voucherDiscountCents(v, rate.priceCents) });
}
