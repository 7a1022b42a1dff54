import { and, eq, getTableName, sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { bookings, type BookingKind } from "../../db/schema";
import type { Db } from "../db";
import { activeHoldSql, eventSellsSql, freeSpotsSql, spotsForSaleSql, takesSpotSql } from "../../shared/lifecycle/sql";
import type { PaymentProvider } from "./payments/provider";
import { voucherUsableSql } from "../../shared/lifecycle/season-sql";
import { passSecretOnPay } from "./passes";
import { confirmationOutboxInsert } from "./email/outbox";

// ---------- limits ----------

export const DEFAULT_HOLD_MINUTES = 15;

export function holdMinutes(env: Pick<Env, "BOOKING_HOLD_MINUTES">): number {
  const minutes = Number(env.BOOKING_HOLD_MINUTES);
  return Number.isInteger(minutes) && minutes > 0 ? minutes : DEFAULT_HOLD_MINUTES;
}

import { capClientOf, capReachedSql, underHoldCapSql, type CapReached, type HoldCap, type HoldFields } from "./client-caps";
export { DEFAULT_HOLD_CAP, capReached, capReachedSql, clientBookingsSql, clientHoldsSql, holdCap, holdClientOf, underCapSql } from "./client-caps";
export type { CapClient, CapReached, HoldCap, HoldClient, HoldFields } from "./client-caps";

// ---------- guards ----------

/** Whether `plate` already holds or has paid a spot of the event: the dialog's "already booked" warning. */
function plateTakesSpotSql(eventId: number, plate: string, now: number): SQL {
  return sql`exists (select 1 from bookings b where b.event_id = ${eventId} and b.license_plate = ${plate} and ${takesSpotSql(now)})`;
}

export async function freeSpotsNow(db: Db, eventId: number, now: number): Promise<number> {
  const row = await db.get<{ free: number | null }>(sql`select ${freeSpotsSql(eventId, now)} as free`);
  return Number(row?.free ?? 0);
}

// ---------- the INSERT that takes a spot ----------

export type Inserted = { amountCents: number; createdAt: number };

/** What differs between the two kinds of hold; `source` names the event `e` (and the rate `r`). */
type HoldSpec = {
  kind: BookingKind;
  eventId: number;
  rateId: SQL;
  amountCents: SQL;
  source: SQL;
  /** The kind's own conditions (visibility, price…), besides the shared ones below. */
  guard: SQL;
  presale?: { nome: string; cognome: string; telefono: string | null; note: string | null };
  idempotencyKey?: string | null;
  payment?: { intentId: string; provider: string };
  voucher?: VoucherUse | null;
};

/** A voucher entered at booking: the price it was computed on and the cents it takes off (shared/lifecycle/season.ts). */
export type VoucherUse = { code: string; priceCents: number; discountCents: number };

/**
 * The one guarded INSERT of a hold, for both kinds: it takes the spot only if, at that instant, the
 * event is open, a spot is free and nobody waits for it (spotsForSaleSql) and the client is under the hold cap. The amount is
 * copied from the database row; ON CONFLICT turns a retried key or intent into "nothing inserted".
 */
function insertHoldSql(h: HoldFields, s: HoldSpec, cap: HoldCap): SQL {
  return sql`
    insert into bookings (id, event_id, rate_id, kind, status, customer_name, customer_email, license_plate, car_model,
      nome, cognome, telefono, note, amount_cents, currency, hold_expires_at, idempotency_key, payment_intent_id, payment_provider,
      client_key, created_at, updated_at, lang, voucher_code, discount_cents, source, source_detail)
    select ${h.id}, e.id, ${s.rateId}, ${s.kind}, 'pending', ${h.customerName}, ${h.customerEmail}, ${h.licensePlate}, ${h.carModel},
      ${s.presale?.nome ?? null}, ${s.presale?.cognome ?? null}, ${s.presale?.telefono ?? null}, ${s.presale?.note ?? null},
      ${s.voucher ? sql`(${s.amountCents} - ${s.voucher.discountCents})` : s.amountCents}, 'eur', ${h.holdExpiresAt}, ${s.idempotencyKey ?? null}, ${s.payment?.intentId ?? null}, ${s.payment?.provider ?? null},
      ${h.clientKey}, ${h.now}, ${h.now}, ${h.lang}, ${s.voucher?.code ?? null}, ${s.voucher?.discountCents ?? 0}, ${h.source}, ${h.sourceDetail}
    ${s.source}
    where ${s.guard}
      ${s.voucher ? sql`and ${s.amountCents} = ${s.voucher.priceCents} and exists (select 1 from vouchers v where v.code = ${s.voucher.code} and ${voucherUsableSql("v", s.eventId, h.now)})` : sql``}
      and ${eventSellsSql(h.now)}
      and ${spotsForSaleSql(s.eventId, h.now)} >= 1
      and ${underHoldCapSql(h, s.eventId, cap)}
    on conflict do nothing
    returning amount_cents as amountCents, created_at as createdAt`;
}

const dialect = new SQLiteAsyncDialect();

// drizzle() keeps the D1 binding as `$client`; our Db type just does not spell it out.
export const d1Of = (db: Db) => (db as Db & { $client: D1Database }).$client;

/** A drizzle `sql` query as a native D1 statement (drizzle cannot batch raw statements with parameters). */
export function statement(db: Db, query: SQL): D1PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return d1Of(db).prepare(text).bind(...params);
}

export type RateTarget = {
  rateId: number;
  rateName: string;
  rateEventId: number;
  isVisible: number;
  isPayable: number;
  eventId: number;
  title: string;
  datetime: number | null;
  isAlwaysActive: number;
  isActive: number;
  cancelledAt: number | null;
  durationMinutes: number;
};

/**
 * One round trip, one all-or-nothing D1 batch: the idempotency look-up, the rate and event (for
 * the answer and the error messages), the guarded INSERT, and the free spots after it.
 */
export async function takeRateSpot(
  db: Db,
  h: HoldFields,
  eventId: number,
  rateId: number,
  key: string | null,
  cap: HoldCap,
  warnRepeatPlate: boolean,
  voucher: VoucherUse | null = null,
  timing?: D1Timing,
) {
  const existingQuery = sql`select id from bookings where idempotency_key = ${key}`;
  const targetQuery = sql`
    select r.id as rateId, r.name as rateName, r.event_id as rateEventId, r.is_visible as isVisible, r.is_payable as isPayable,
      e.id as eventId, e.title as title, e.datetime as datetime, e.is_always_active as isAlwaysActive, e.is_active as isActive,
      e.duration_minutes as durationMinutes, e.cancelled_at as cancelledAt
    from rates r join events e on e.id = r.event_id where r.id = ${rateId}`;
  const insertQuery = insertHoldSql(
    h,
    {
      kind: "booking",
      eventId,
      rateId: sql`r.id`,
      amountCents: sql`r.price_cents`,
      source: sql`from rates r join events e on e.id = r.event_id`,
      guard: sql`r.id = ${rateId} and e.id = ${eventId} and r.is_visible = 1 and r.is_payable = 1
        ${warnRepeatPlate ? sql`and not ${plateTakesSpotSql(eventId, h.licensePlate, h.now)}` : sql``}`,
      idempotencyKey: key,
      voucher,
    },
    cap,
  );
  // A free spot (a voucher that takes the whole price) needs no payment: paid in the same batch, with
  // its confirmation. Without a voucher no hold can be free, so the two statements are left out.
  const paidFree = db
    .update(bookings)
    .set({ status: "paid", paidAt: h.now, updatedAt: h.now, passSecret: passSecretOnPay() })
    .where(and(eq(bookings.id, h.id), eq(bookings.status, "pending"), eq(bookings.amountCents, 0), sql`${bookings.voucherCode} is not null`))
    .toSQL();
  const freeConfirmation = confirmationOutboxInsert(db, h.id, h.now).toSQL();
  // Read after the INSERT, only when it inserted nothing (a taken hold needs no reason, and counting the
  // event's spots again would double the booking's D1 time): these are what its guards saw.
  const afterQuery = sql`select ${spotsForSaleSql(eventId, h.now)} as free, ${capReachedSql(capClientOf(h), eventId, cap)} as capReached,
    ${warnRepeatPlate ? plateTakesSpotSql(eventId, h.licensePlate, h.now) : sql`0`} as repeated,
    ${voucher ? sql`exists (select 1 from vouchers v where v.code = ${voucher.code} and ${voucherUsableSql("v", eventId, h.now)})` : sql`1`} as voucherUsable
    where not exists (select 1 from bookings taken where taken.id = ${h.id})`;
  const results = await d1Of(db).batch([
    statement(db, existingQuery),
    statement(db, targetQuery),
    statement(db, insertQuery),
    statement(db, afterQuery),
    ...(voucher ? [d1Of(db).prepare(paidFree.sql).bind(...paidFree.params), d1Of(db).prepare(freeConfirmation.sql).bind(...freeConfirmation.params)] : []),
  ]);
  const [existing, target, inserted, after] = results;
  if (timing) timing.d1Ms += results.reduce((sum, r) => sum + (r.meta?.duration ?? 0), 0);
  const afterRow = after.results[0] as { free: number | null; capReached: CapReached; repeated: number; voucherUsable: number } | undefined;
  return {
    existingId: (existing.results[0] as { id: string } | undefined)?.id,
    target: target.results[0] as RateTarget | undefined,
    inserted: inserted.results[0] as Inserted | undefined,
    free: Number(afterRow?.free ?? 0),
    capReached: afterRow?.capReached ?? null,
    repeated: afterRow?.repeated === 1,
    voucherUsable: afterRow?.voucherUsable === 1,
  };
}

/**
 * D1's own time (`meta.duration`, the statements' execution inside the database) spent by a request:
 * what one event's single D1 can do in a second is bounded by it (bench:rush, issue #42).
 */
export type D1Timing = { d1Ms: number };

/** The presale hold, bound to the intent the modal created and priced at today's presale price. */
export async function takePresaleSpot(
  db: Db,
  h: HoldFields,
  input: { eventId: number; nome: string; cognome: string; telefono: string | null; note: string | null },
  intent: { id: string; amountCents: number; provider: string },
  cap: HoldCap,
): Promise<Inserted | null> {
  const { eventId, nome, cognome, telefono, note } = input;
  const rows = await db.all<Inserted>(
    insertHoldSql(
      h,
      {
        kind: "prevendita",
        eventId,
        rateId: sql`null`,
        amountCents: sql`e.prevendita_price_cents`,
        source: sql`from events e`,
        // An intent whose money already went back (spent_payment_intents) can never take a spot.
        guard: sql`e.id = ${eventId} and e.is_prevendita_visible = 1 and e.is_prevendita_payable = 1
          and e.prevendita_price_cents = ${intent.amountCents}
          and not exists (select 1 from spent_payment_intents s where s.id = ${intent.id})`,
        presale: { nome, cognome, telefono, note },
        payment: { intentId: intent.id, provider: intent.provider },
      },
      cap,
    ),
  );
  return rows[0] ?? null;
}

// ---------- tidying ----------

/**
 * Tidying only (availability already ignores lapsed holds): marks them expired and cancels their
 * intents so no card can be charged for them later. Running it twice changes nothing more.
 */
export async function expireLapsedHolds(db: Db, provider: PaymentProvider | null, now: number): Promise<{ expired: number; intentsCanceled: number }> {
  const lapsed = await db
    .update(bookings)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(bookings.status, "pending"), sql`not ${activeHoldSql(now, `"${getTableName(bookings)}"`)}`))
    .returning({ id: bookings.id, paymentIntentId: bookings.paymentIntentId });
  let intentsCanceled = 0;
  for (const { paymentIntentId } of lapsed) {
    if (!paymentIntentId || !provider) continue;
    try {
      if ((await provider.cancelIntent(paymentIntentId)) === "canceled") intentsCanceled++;
    } catch (err) {
      console.error(`cancel of a lapsed intent failed: ${(err as Error).name}`);
    }
  }
  return { expired: lapsed.length, intentsCanceled };
}
