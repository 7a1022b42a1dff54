/**
 * season.ts as SQL, for the statements that enforce it (Worker only: it pulls in drizzle).
 * lifecycle.test.ts checks that each fragment agrees with its TypeScript twin.
 */
import { sql, type SQL } from "drizzle-orm";
import { takesSpotText } from "./sql";

const ms = (now: number) => String(Math.trunc(now));

/** holderTakesSeat() as SQL text over holder alias `h`. */
export const holderTakesSeatText = (h: string, now: string) => `(${h}.status = 'active' or (${h}.status = 'pending' and ${h}.hold_expires_at > ${now}))`;

/** Holders taking a seat of season `seasonId` (a number or SQL naming the season's id). */
export const seasonHoldersSql = (seasonId: number | SQL, now: number) =>
  sql`(select count(*) from season_holders sh where sh.season_id = ${seasonId} and ${sql.raw(holderTakesSeatText("sh", ms(now)))})`;

/**
 * isEventInSeason() as SQL text, for season alias `s` and event alias `e`: a dated event starting in
 * the range, on the season's list when it has one, else of its category.
 */
export const eventInSeasonText = (s: string, e: string) =>
  `(${e}.is_always_active = 0 and ${e}.datetime is not null and ${e}.datetime >= ${s}.starts_at and ${e}.datetime < ${s}.ends_at
    and (case when ${s}.event_ids is not null and json_array_length(${s}.event_ids) > 0
      then exists (select 1 from json_each(${s}.event_ids) j where j.value = ${e}.id)
      else ${s}.category_id is not null and ${e}.category_id = ${s}.category_id end))`;

/** canReleaseMatch() as SQL text over booking alias `b` and its event `e`. */
export const canReleaseMatchText = (b: string, e: string, now: string) =>
  `(${b}.status = 'paid' and ${b}.gate_state is null and ${e}.datetime is not null and ${now} < ${e}.datetime)`;

/**
 * A voucher's uses: bookings made with it that take a spot now or were ever paid (a lapsed hold gives
 * its use back; a paid booking keeps it even when refunded).
 */
export const voucherUsesSql = (code: string | SQL, now: number) =>
  sql.raw(`(select count(*) from bookings vb where vb.voucher_code = `).append(sql`${code}`).append(
    sql.raw(` and (${takesSpotText("vb", ms(now))} or vb.paid_at is not null))`),
  );

/** voucherAppliesTo() plus "a use is left", as SQL over voucher alias `v`, for event `eventId`. */
export const voucherUsableSql = (v: string, eventId: number, now: number) =>
  sql.raw(`(${v}.expires_at > ${ms(now)} and (${v}.event_ids is null or json_array_length(${v}.event_ids) = 0
    or exists (select 1 from json_each(${v}.event_ids) j where j.value = ${Math.trunc(eventId)}))
    and `).append(voucherUsesSql(sql.raw(`${v}.code`), now)).append(sql.raw(` < ${v}.max_uses)`));

/**
 * A booking that is a payment in the figures and the CSV: everything but a season holder's spots at
 * the other matches (amount 0; the season's price is on its carrier booking).
 */
export const paymentRowText = (b: string) => `not (${b}.kind = 'season' and ${b}.amount_cents = 0)`;
