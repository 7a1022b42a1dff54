import { and, eq, sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { bookings, type BookingKind } from "../../db/schema";
import type { Db } from "../db";
import { eventSellsSql, freeSpotsSql, spotsForSaleSql, takesSpotSql } from "../../shared/lifecycle/sql";
import { voucherUsableSql } from "../../shared/lifecycle/season-sql";
import { passSecretOnPay } from "./passes";
import { confirmationOutboxInsert } from "./email/outbox";
import { pick } from "../lib/pick";
import { statementTemplate, type StatementTemplate, type TemplateValue } from "./statement-template";

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

type BookingNumber = "now" | "holdExpiresAt" | "eventId" | "rateId" | "perEvent" | "total" | "bookingsPerEvent" | "voucherPrice" | "voucherDiscount";
type BookingString = "id" | "customerName" | "customerEmail" | "licensePlate" | "carModel" | "clientKey" | "lang" | "source" | "sourceDetail" | "key" | "voucherCode";
type BookingSlot = BookingNumber | BookingString;
const BOOKING_NUMBERS: readonly BookingNumber[] = ["now", "holdExpiresAt", "eventId", "rateId", "perEvent", "total", "bookingsPerEvent", "voucherPrice", "voucherDiscount"];
const BOOKING_STRINGS: readonly BookingString[] = ["id", "customerName", "customerEmail", "licensePlate", "carModel", "clientKey", "lang", "source", "sourceDetail", "key", "voucherCode"];

/** The booking's statements over one call's values (stand-ins when a template renders them). */
function bookingStatements(v: Record<BookingSlot, never>, warnRepeatPlate: boolean, withVoucher: boolean): { insert: SQL; after: SQL } {
  const h: HoldFields = {
    id: v.id,
    customerName: v.customerName,
    customerEmail: v.customerEmail,
    licensePlate: v.licensePlate,
    carModel: v.carModel,
    clientKey: v.clientKey,
    holdExpiresAt: v.holdExpiresAt,
    now: v.now,
    lang: v.lang,
    source: v.source,
    sourceDetail: v.sourceDetail,
  };
  const cap: HoldCap = { perEvent: v.perEvent, total: v.total, bookingsPerEvent: v.bookingsPerEvent };
  const voucher: VoucherUse | null = withVoucher ? { code: v.voucherCode, priceCents: v.voucherPrice, discountCents: v.voucherDiscount } : null;
  const eventId: number = v.eventId;
  const insert = insertHoldSql(
    h,
    {
      kind: "booking",
      eventId,
      rateId: sql`r.id`,
      amountCents: sql`r.price_cents`,
      source: sql`from rates r join events e on e.id = r.event_id`,
      guard: sql`r.id = ${v.rateId} and e.id = ${eventId} and r.is_visible = 1 and r.is_payable = 1
        ${warnRepeatPlate ? sql`and not ${plateTakesSpotSql(eventId, h.licensePlate, h.now)}` : sql``}`,
      idempotencyKey: v.key,
      voucher,
    },
    cap,
  );
  // The rate and event (the answer, the refusal's wording), then, only when nothing was inserted, what
  // the INSERT's guards saw: the booking a reused key made, the spots for sale, the caps. A taken hold
  // needs no reason, and counting the event's spots again would double the booking's D1 time.
  const refused = (reason: SQL, otherwise: SQL) => sql`case when t.taken then ${otherwise} else ${reason} end`;
  const after = sql`
    select r.id as rateId, r.name as rateName, r.event_id as rateEventId, r.is_visible as isVisible, r.is_payable as isPayable,
      e.id as eventId, e.title as title, e.datetime as datetime, e.is_always_active as isAlwaysActive, e.is_active as isActive,
      e.duration_minutes as durationMinutes, e.cancelled_at as cancelledAt,
      ${refused(sql`(select id from bookings where idempotency_key = ${v.key})`, sql`null`)} as existingId,
      ${refused(spotsForSaleSql(eventId, h.now), sql`null`)} as free,
      ${refused(capReachedSql(capClientOf(h), eventId, cap), sql`null`)} as capReached,
      ${refused(warnRepeatPlate ? plateTakesSpotSql(eventId, h.licensePlate, h.now) : sql`0`, sql`0`)} as repeated,
      ${refused(voucher ? sql`exists (select 1 from vouchers v where v.code = ${voucher.code} and ${voucherUsableSql("v", eventId, h.now)})` : sql`1`, sql`1`)} as voucherUsable
    from (select exists (select 1 from bookings taken where taken.id = ${h.id}) as taken) t
      left join rates r on r.id = ${v.rateId}
      left join events e on e.id = r.event_id`;
  return { insert, after };
}

type BookingTemplates = { insert: StatementTemplate<BookingSlot>; after: StatementTemplate<BookingSlot> };
const bookingTemplates = new Map<string, BookingTemplates>();

/** The booking's two statements as constant text, one pair per shape (plate warning, voucher), made at first use. */
function bookingTemplatesFor(warnRepeatPlate: boolean, withVoucher: boolean): BookingTemplates {
  const shape = `${warnRepeatPlate}|${withVoucher}`;
  let templates = bookingTemplates.get(shape);
  if (!templates) {
    const of = (part: "insert" | "after") => statementTemplate(BOOKING_NUMBERS, BOOKING_STRINGS, (v) => bookingStatements(v, warnRepeatPlate, withVoucher)[part]);
    templates = { insert: of("insert"), after: of("after") };
    bookingTemplates.set(shape, templates);
  }
  return templates;
}

type AfterRow = RateTarget & { existingId: string | null; free: number | null; capReached: CapReached; repeated: number; voucherUsable: number };

/**
 * One round trip, one all-or-nothing D1 batch: the guarded INSERT, then the rate and event (for the
 * answer and the error messages) with, when nothing was inserted, the reasons (a reused idempotency
 * key, the free spots, the caps). Both statements are constant text (statement-template.ts).
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
  const templates = bookingTemplatesFor(warnRepeatPlate, voucher !== null);
  const values: Record<BookingSlot, TemplateValue> = {
    ...pick(h, ["id", "customerName", "customerEmail", "licensePlate", "carModel", "clientKey", "holdExpiresAt", "now", "lang", "source", "sourceDetail"]),
    eventId,
    rateId,
    key,
    perEvent: cap.perEvent,
    total: cap.total,
    bookingsPerEvent: cap.bookingsPerEvent,
    voucherCode: voucher?.code ?? null,
    voucherPrice: voucher?.priceCents ?? null,
    voucherDiscount: voucher?.discountCents ?? null,
  };
  const d1 = d1Of(db);
  const prepared = (t: StatementTemplate<BookingSlot>) => d1.prepare(t.text).bind(...t.params(values));
  const statements = [prepared(templates.insert), prepared(templates.after)];
  // A free spot (a voucher that takes the whole price) needs no payment: paid in the same batch, with
  // its confirmation. Without a voucher no hold can be free, so the two statements are left out.
  if (voucher) {
    const paidFree = db
      .update(bookings)
      .set({ status: "paid", paidAt: h.now, updatedAt: h.now, passSecret: passSecretOnPay() })
      .where(and(eq(bookings.id, h.id), eq(bookings.status, "pending"), eq(bookings.amountCents, 0), sql`${bookings.voucherCode} is not null`))
      .toSQL();
    const freeConfirmation = confirmationOutboxInsert(db, h.id, h.now).toSQL();
    statements.push(d1.prepare(paidFree.sql).bind(...paidFree.params), d1.prepare(freeConfirmation.sql).bind(...freeConfirmation.params));
  }
  const results = await d1.batch(statements);
  const [inserted, after] = results;
  if (timing) timing.d1Ms += results.reduce((sum, r) => sum + (r.meta?.duration ?? 0), 0);
  const row = after.results[0] as AfterRow | undefined;
  return {
    existingId: row?.existingId ?? undefined,
    target: row && row.rateId != null && row.eventId != null ? row : undefined,
    inserted: inserted.results[0] as Inserted | undefined,
    free: Number(row?.free ?? 0),
    capReached: row?.capReached ?? null,
    repeated: row?.repeated === 1,
    voucherUsable: row?.voucherUsable === 1,
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
