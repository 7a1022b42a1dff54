import { and, eq, lte, sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { bookings, events, rates, spentPaymentIntents, type Booking, type BookingKind, type BookingStatus, type Event } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import { centsToDecimal } from "../lib/money";
import { toIso } from "../lib/time";
import { freeSpotsSql, takesSpotSql } from "./availability";
import type { CronTask } from "./cron";
import { createPaymentProvider, type PaymentProvider } from "./payments/provider";
import { messages } from "../lib/messages";

export const DEFAULT_HOLD_MINUTES = 15;
const DEFAULT_EVENT_HOURS = 4;

const soldOut = () => fail(409, "sold_out", messages.soldOut);
const ended = () => fail(409, "event_ended", messages.eventEnded);
const holdCapReached = () => fail(429, "rate_limited", messages.holdCapReached);

// ---------- input rules ----------

/** Upper-case, spaces and dashes removed: "ab 123-cd" → "AB123CD". */
export function normalisePlate(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]+/g, "");
}

const requiredText = (message: string) => z.string(message).trim().min(1, message);

export const plateSchema = z
  .string()
  .transform(normalisePlate)
  .pipe(z.string().regex(/^[A-Z0-9]{2,10}$/, messages.invalidPlate));
export const emailSchema = z
  .string()
  .trim()
  .max(254, messages.emailTooLong)
  .pipe(z.email(messages.invalidEmail))
  .transform((e) => e.toLowerCase());
// NUL, line breaks and other control characters have no place in a name or a car model.
const noControlChars = (message: string) => z.string().regex(/^[^\p{Cc}]*$/u, message);
const nameSchema = (tooLong: string, badChars: string) => z.string().trim().max(100, tooLong).pipe(noControlChars(badChars));
const carModelSchema = z.string().trim().max(60, messages.carModelTooLong).pipe(noControlChars(messages.carModelBadChars));

/**
 * Two stages so that a missing field always answers the spec's message, whatever else is wrong;
 * formats (e-mail, plate, lengths) are checked only once everything is there.
 */
export const bookingInput = z
  .object({
    eventId: z.coerce.number(messages.requiredFields).int(messages.requiredFields).positive(messages.requiredFields),
    rateId: z.coerce.number(messages.requiredFields).int(messages.requiredFields).positive(messages.requiredFields),
    customerName: requiredText(messages.requiredFields),
    customerEmail: requiredText(messages.requiredFields),
    licensePlate: requiredText(messages.requiredFields),
    carModel: requiredText(messages.requiredFields),
    // The price comes from the database; whatever the client believes it is plays no part.
    amount: z.unknown().optional(),
    // The dialog asks to be told when this plate already has a spot for the event (decision 016).
    warnRepeatPlate: z.boolean(messages.invalidValue).optional(),
    // The language the customer booked in (the public side's IT/EN): the booking's e-mails use it.
    lang: z.enum(["it", "en"], messages.invalidValue).optional(),
  })
  .pipe(
    z.object({
      eventId: z.number(),
      rateId: z.number(),
      customerName: nameSchema(messages.nameTooLong, messages.nameBadChars),
      customerEmail: emailSchema,
      licensePlate: plateSchema,
      carModel: carModelSchema,
      warnRepeatPlate: z.boolean().default(false),
      lang: z.enum(["it", "en"]).optional(),
    }),
  );
export type BookingInput = z.output<typeof bookingInput>;

export const presaleInput = z
  .object({
    eventId: z.coerce.number(messages.eventNotFound).int(messages.eventNotFound).positive(messages.eventNotFound),
    paymentIntentId: z.string(messages.invalidPayment).trim().min(1, messages.invalidPayment).max(255, messages.invalidPayment),
    nome: requiredText(messages.presaleRequiredFields),
    cognome: requiredText(messages.presaleRequiredFields),
    email: requiredText(messages.presaleRequiredFields),
    telefono: z.string().optional().nullable(),
    targa: requiredText(messages.presaleRequiredFields),
    modelloAuto: requiredText(messages.presaleRequiredFields),
    note: z.string().optional().nullable(),
    lang: z.enum(["it", "en"], messages.invalidValue).optional(),
  })
  .pipe(
    z.object({
      eventId: z.number(),
      paymentIntentId: z.string(),
      nome: nameSchema(messages.nameTooLong, messages.nameBadChars),
      cognome: nameSchema(messages.surnameTooLong, messages.surnameBadChars),
      email: emailSchema,
      telefono: z
        .string()
        .trim()
        .regex(/^(\+?[0-9][0-9 ().-]{4,24})?$/, messages.invalidPhone)
        .nullish()
        .transform((t) => t || null),
      targa: plateSchema,
      modelloAuto: carModelSchema,
      note: z
        .string()
        .trim()
        .max(500, messages.notesTooLong)
        .nullish()
        .transform((t) => t || null),
      lang: z.enum(["it", "en"]).optional(),
    }),
  );
export type PresaleInput = z.output<typeof presaleInput>;

export const idempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[\x21-\x7e]{1,200}$/, messages.invalidIdempotencyKey)
  .optional();

// ---------- time rules ----------

export function holdMinutes(env: Pick<Env, "BOOKING_HOLD_MINUTES">): number {
  const minutes = Number(env.BOOKING_HOLD_MINUTES);
  return Number.isInteger(minutes) && minutes > 0 ? minutes : DEFAULT_HOLD_MINUTES;
}

/** How many unpaid holds one client (IP or e-mail) may have at once: per event and over all events. */
export type HoldCap = { perEvent: number; total: number };
export const DEFAULT_HOLD_CAP: HoldCap = { perEvent: 4, total: 8 };

export function holdCap(env: Pick<Env, "HOLDS_PER_CLIENT_PER_EVENT" | "HOLDS_PER_CLIENT">): HoldCap {
  const positive = (raw: string | undefined, fallback: number) => {
    const n = Number(raw);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return { perEvent: positive(env.HOLDS_PER_CLIENT_PER_EVENT, DEFAULT_HOLD_CAP.perEvent), total: positive(env.HOLDS_PER_CLIENT, DEFAULT_HOLD_CAP.total) };
}

/** Where a hold comes from: the hashed client key (IP) and the e-mail; either one is the same client. */
export type HoldClient = { clientKey: string; cap: HoldCap };

/** When an event is over: its start plus its duration ("N ore", else 4 hours). Never for always-active ones. */
export function eventEndsAt(event: Pick<Event, "datetime" | "isAlwaysActive" | "duration">): number | null {
  if (event.isAlwaysActive || event.datetime == null) return null;
  const hours = /^ *(\d+) *or[ae](?![a-z0-9_])/i.exec(event.duration);
  return event.datetime + (hours ? Number(hours[1]) : DEFAULT_EVENT_HOURS) * 3_600_000;
}

/**
 * The same rule as !hasEnded() in SQL, so the guarded INSERT can apply it in the statement that
 * takes the spot (a test checks both agree).
 */
export function eventOpenSql(now: number, alias = "e"): SQL {
  return sql.raw(eventOpenSqlText(alias, String(Math.trunc(now))));
}

/** eventEndsAt() in SQL text (epoch ms), for a dated event of table alias `alias`. */
export function eventEndsAtSqlText(alias: string): string {
  const d = `ltrim(${alias}.duration, ' ')`;
  const rest = `lower(ltrim(ltrim(${d}, '0123456789'), ' '))`;
  const looksLikeHours = `(${d} glob '[0-9]*' and (${rest} in ('ora', 'ore') or ${rest} glob 'or[ae][^a-z0-9_]*'))`;
  const hours = `(case when ${looksLikeHours} then cast(${d} as integer) else ${DEFAULT_EVENT_HOURS} end)`;
  return `(${alias}.datetime + ${hours} * 3600000)`;
}

/** eventOpenSql() as text, with `now` any SQL expression (a literal or a parameter such as ?1). */
export function eventOpenSqlText(alias: string, now: string): string {
  return `(${alias}.is_always_active = 1 or ${alias}.datetime is null or ${eventEndsAtSqlText(alias)} > ${now})`;
}

export function hasEnded(event: Pick<Event, "datetime" | "isAlwaysActive" | "duration">, now: number): boolean {
  const end = eventEndsAt(event);
  return end !== null && end <= now;
}

export function isPresaleOpen(event: Event, now: number): boolean {
  return (
    event.isActive &&
    event.isPrevenditaVisible &&
    event.isPrevenditaPayable &&
    event.prevenditaPriceCents != null &&
    event.prevenditaPriceCents > 0 &&
    !hasEnded(event, now)
  );
}

// ---------- the answer ----------

export type BookingDto = {
  id: string;
  eventId: number;
  rateId: number | null;
  kind: BookingKind;
  status: BookingStatus;
  amount: string;
  currency: string;
  holdExpiresAt: string;
  createdAt: string;
  paidAt: string | null;
  customerName: string;
  licensePlate: string;
  carModel: string;
  event: { id: number; title: string; datetime: string | null };
  rate: { id: number; name: string } | null;
  /** The pass behind /p/<secret>, while the booking is paid (a void pass is not handed out). */
  passSecret: string | null;
};

type EventRef = Pick<Event, "id" | "title" | "datetime" | "isAlwaysActive">;
type RateRef = { id: number; name: string } | null;

/** Expiry is logical: a pending booking whose hold lapsed is shown as expired, cron or not. */
export function effectiveStatus(b: Pick<Booking, "status" | "holdExpiresAt">, now: number): BookingStatus {
  return b.status === "pending" && b.holdExpiresAt <= now ? "expired" : b.status;
}

export function toBookingDto(b: Booking, event: EventRef, rate: RateRef, now: number): BookingDto {
  return {
    id: b.id,
    eventId: b.eventId,
    rateId: b.rateId,
    kind: b.kind,
    status: effectiveStatus(b, now),
    amount: centsToDecimal(b.amountCents),
    currency: b.currency,
    holdExpiresAt: toIso(b.holdExpiresAt)!,
    createdAt: toIso(b.createdAt)!,
    paidAt: toIso(b.paidAt),
    customerName: b.customerName,
    licensePlate: b.licensePlate,
    carModel: b.carModel,
    event: { id: event.id, title: event.title, datetime: event.isAlwaysActive ? null : toIso(event.datetime) },
    rate: rate ? { id: rate.id, name: rate.name } : null,
    passSecret: b.status === "paid" ? b.passSecret : null,
  };
}

/** One booking with its event title and rate name: the checkout summary. Holders know the id, nobody else. */
export async function getBooking(db: Db, id: string, now: number): Promise<BookingDto | null> {
  const row = await db
    .select({ booking: bookings, event: events, rate: { id: rates.id, name: rates.name, nameEn: rates.nameEn } })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(rates, eq(rates.id, bookings.rateId))
    .where(eq(bookings.id, id))
    .get();
  if (!row) return null;
  // In the booking's language: the garage's English title and rate name where it gave them (issue #14).
  const english = row.booking.lang === "en";
  const event = english && row.event.titleEn ? { ...row.event, title: row.event.titleEn } : row.event;
  const rate = row.rate ? { id: row.rate.id, name: (english && row.rate.nameEn) || row.rate.name } : null;
  return toBookingDto(row.booking, event, rate, now);
}

// ---------- taking a spot ----------

/** Whether `plate` already holds or has paid a spot of the event: the dialog's "already booked" warning. */
function plateTakesSpotSql(eventId: number, plate: string, now: number): SQL {
  return sql`exists (select 1 from bookings b where b.event_id = ${eventId} and b.license_plate = ${plate} and ${takesSpotSql(now)})`;
}

type HoldFields = {
  id: string;
  customerName: string;
  customerEmail: string;
  licensePlate: string;
  carModel: string;
  clientKey: string;
  holdExpiresAt: number;
  now: number;
  lang: "it" | "en";
};

/**
 * Active holds of this client (same IP or same e-mail), on all events (`eventId` null) or on one.
 * A union of two index searches rather than one OR, which SQLite would answer by scanning all holds.
 */
function clientHoldsSql(h: HoldFields, eventId: number | null): SQL {
  const onEvent = eventId === null ? sql`` : sql` and c.event_id = ${eventId}`;
  const active = sql`c.status = 'pending' and c.hold_expires_at > ${h.now}${onEvent}`;
  return sql`(select count(*) from (
    select c.id from bookings c where c.client_key = ${h.clientKey} and ${active}
    union select c.id from bookings c where c.customer_email = ${h.customerEmail} and ${active}))`;
}

/**
 * The hold cap as part of the guard of the statement that takes the spot, so it holds under a
 * parallel burst exactly like capacity does (D1 runs one statement at a time).
 */
function underHoldCapSql(h: HoldFields, eventId: number, cap: HoldCap): SQL {
  return sql`${clientHoldsSql(h, eventId)} < ${cap.perEvent} and ${clientHoldsSql(h, null)} < ${cap.total}`;
}

async function overHoldCap(db: Db, h: HoldFields, eventId: number, cap: HoldCap): Promise<boolean> {
  const row = await db.get<{ over: number }>(sql`select not (${underHoldCapSql(h, eventId, cap)}) as over`);
  return Number(row?.over) === 1;
}

type Inserted = { amountCents: number; createdAt: number };

const dialect = new SQLiteAsyncDialect();

// drizzle() keeps the D1 binding as `$client`; our Db type just does not spell it out.
const d1Of = (db: Db) => (db as Db & { $client: D1Database }).$client;

/** A drizzle `sql` query as a native D1 statement (drizzle cannot batch raw statements with parameters). */
function statement(db: Db, query: SQL): D1PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return d1Of(db).prepare(text).bind(...params);
}

type RateTarget = {
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
  duration: string;
};

/**
 * One round trip, one all-or-nothing D1 batch: the idempotency look-up, the rate and event (for
 * the answer and the error messages), the guarded INSERT, and the free spots after it. The hold
 * exists only if the INSERT's own guard found a free spot at that instant (freeSpotsSql), with the
 * amount copied from the rate row; ON CONFLICT turns a retried key into "nothing inserted".
 */
async function takeRateSpot(
  db: Db,
  h: HoldFields,
  eventId: number,
  rateId: number,
  key: string | null,
  cap: HoldCap,
  warnRepeatPlate: boolean,
) {
  const existingQuery = sql`select id from bookings where idempotency_key = ${key}`;
  const targetQuery = sql`
    select r.id as rateId, r.name as rateName, r.event_id as rateEventId, r.is_visible as isVisible, r.is_payable as isPayable,
      e.id as eventId, e.title as title, e.datetime as datetime, e.is_always_active as isAlwaysActive, e.is_active as isActive,
      e.duration as duration
    from rates r join events e on e.id = r.event_id where r.id = ${rateId}`;
  const insertQuery = sql`
    insert into bookings (id, event_id, rate_id, kind, status, customer_name, customer_email, license_plate, car_model,
      amount_cents, currency, hold_expires_at, idempotency_key, client_key, created_at, updated_at, lang)
    select ${h.id}, e.id, r.id, 'booking', 'pending', ${h.customerName}, ${h.customerEmail}, ${h.licensePlate}, ${h.carModel},
      r.price_cents, 'eur', ${h.holdExpiresAt}, ${key}, ${h.clientKey}, ${h.now}, ${h.now}, ${h.lang}
    from rates r join events e on e.id = r.event_id
    where r.id = ${rateId} and e.id = ${eventId} and r.is_visible = 1 and r.is_payable = 1 and e.is_active = 1
      and ${eventOpenSql(h.now)}
      ${warnRepeatPlate ? sql`and not ${plateTakesSpotSql(eventId, h.licensePlate, h.now)}` : sql``}
      and ${freeSpotsSql(eventId, h.now)} >= 1
      and ${underHoldCapSql(h, eventId, cap)}
    on conflict do nothing
    returning amount_cents as amountCents, created_at as createdAt`;
  // Read after the INSERT: when it inserted nothing, these are what its guards saw.
  const afterQuery = sql`select ${freeSpotsSql(eventId, h.now)} as free, not (${underHoldCapSql(h, eventId, cap)}) as overCap,
    ${warnRepeatPlate ? plateTakesSpotSql(eventId, h.licensePlate, h.now) : sql`0`} as repeated`;
  const [existing, target, inserted, after] = await d1Of(db).batch([
    statement(db, existingQuery),
    statement(db, targetQuery),
    statement(db, insertQuery),
    statement(db, afterQuery),
  ]);
  const afterRow = after.results[0] as { free: number | null; overCap: number; repeated: number } | undefined;
  return {
    existingId: (existing.results[0] as { id: string } | undefined)?.id,
    target: target.results[0] as RateTarget | undefined,
    inserted: inserted.results[0] as Inserted | undefined,
    free: Number(afterRow?.free ?? 0),
    overCap: Number(afterRow?.overCap) === 1,
    repeated: afterRow?.repeated === 1,
  };
}

async function insertPresaleHold(
  db: Db,
  h: HoldFields,
  input: PresaleInput,
  intent: { id: string; amountCents: number; provider: string },
  cap: HoldCap,
): Promise<Inserted | null> {
  // An intent whose money already went back (spent_payment_intents) can never take a spot.
  const rows = await db.all<Inserted>(sql`
    insert into bookings (id, event_id, rate_id, kind, status, customer_name, customer_email, license_plate, car_model,
      nome, cognome, telefono, note, amount_cents, currency, hold_expires_at, payment_intent_id, payment_provider,
      client_key, created_at, updated_at, lang)
    select ${h.id}, e.id, null, 'prevendita', 'pending', ${h.customerName}, ${h.customerEmail}, ${h.licensePlate}, ${h.carModel},
      ${input.nome}, ${input.cognome}, ${input.telefono}, ${input.note}, e.prevendita_price_cents, 'eur', ${h.holdExpiresAt},
      ${intent.id}, ${intent.provider}, ${h.clientKey}, ${h.now}, ${h.now}, ${h.lang}
    from events e
    where e.id = ${input.eventId} and e.is_active = 1 and e.is_prevendita_visible = 1 and e.is_prevendita_payable = 1
      and e.prevendita_price_cents = ${intent.amountCents}
      and ${eventOpenSql(h.now)}
      and ${freeSpotsSql(input.eventId, h.now)} >= 1
      and ${underHoldCapSql(h, input.eventId, cap)}
      and not exists (select 1 from spent_payment_intents s where s.id = ${intent.id})
    on conflict do nothing
    returning amount_cents as amountCents, created_at as createdAt`);
  return rows[0] ?? null;
}

export async function freeSpotsNow(db: Db, eventId: number, now: number): Promise<number> {
  const row = await db.get<{ free: number | null }>(sql`select ${freeSpotsSql(eventId, now)} as free`);
  return Number(row?.free ?? 0);
}

type Created = { created: boolean; booking: BookingDto };

/**
 * POST /api/bookings. A retry with the same idempotency key answers the first booking (created:
 * false), however many arrive at once; a key reused for a different booking is refused.
 */
export async function createBooking(
  db: Db,
  input: BookingInput,
  opts: { now: number; holdMinutes: number; idempotencyKey?: string; client: HoldClient },
): Promise<Outcome<Created>> {
  const { now } = opts;
  const key = opts.idempotencyKey ?? null;
  const hold: HoldFields = {
    id: crypto.randomUUID(),
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    licensePlate: input.licensePlate,
    carModel: input.carModel,
    clientKey: opts.client.clientKey,
    holdExpiresAt: now + opts.holdMinutes * 60_000,
    now,
    lang: input.lang ?? "it",
  };
  const { existingId, target, inserted, free, overCap, repeated } = await takeRateSpot(
    db,
    hold,
    input.eventId,
    input.rateId,
    key,
    opts.client.cap,
    input.warnRepeatPlate,
  );

  if (existingId) {
    const previous = (await db.select().from(bookings).where(eq(bookings.id, existingId)).get())!;
    // A retry is the same request: any field that differs makes it another booking under a reused key.
    const same =
      previous.eventId === input.eventId &&
      previous.rateId === input.rateId &&
      previous.customerName === input.customerName &&
      previous.licensePlate === input.licensePlate &&
      previous.customerEmail === input.customerEmail &&
      previous.carModel === input.carModel;
    if (!same) return fail(409, "conflict", messages.idempotencyKeyReused);
    return ok({ created: false, booking: (await getBooking(db, previous.id, now))! });
  }
  if (!target || target.rateEventId !== input.eventId) return fail(404, "not_found", messages.rateNotFound);
  const event = { id: target.eventId, title: target.title, datetime: target.datetime, isAlwaysActive: target.isAlwaysActive === 1 };
  if (inserted) {
    const row: Booking = {
      ...emptyBooking(),
      ...hold,
      eventId: target.eventId,
      rateId: target.rateId,
      amountCents: inserted.amountCents,
      createdAt: inserted.createdAt,
      idempotencyKey: key,
    };
    return ok({ created: true, booking: toBookingDto(row, event, { id: target.rateId, name: target.rateName }, now) });
  }
  if (target.isActive === 1 && hasEnded({ ...event, duration: target.duration }, now)) return ended();
  const bookable = target.isVisible === 1 && target.isPayable === 1 && target.isActive === 1;
  if (!bookable) return fail(409, "conflict", messages.rateUnavailable);
  if (free < 1) return soldOut();
  // Only a yes/no about the plate the customer typed, never whose booking it is.
  if (repeated && input.warnRepeatPlate) return fail(409, "repeat_plate", messages.repeatPlate);
  if (overCap) return holdCapReached();
  return fail(409, "conflict", messages.rateUnavailable);
}

function emptyBooking(): Omit<Booking, "id" | "customerName" | "customerEmail" | "licensePlate" | "carModel" | "holdExpiresAt"> {
  return {
    eventId: 0,
    rateId: null,
    kind: "booking",
    status: "pending",
    lang: "it",
    nome: null,
    cognome: null,
    telefono: null,
    note: null,
    amountCents: 0,
    currency: "eur",
    idempotencyKey: null,
    clientKey: null,
    paymentIntentId: null,
    paymentProvider: null,
    paidAt: null,
    freedAt: null,
    refundedAt: null,
    plateAnonymizedAt: null,
    personalDataAnonymizedAt: null,
    passSecret: null,
    gateState: null,
    checkedInAt: null,
    checkedOutAt: null,
    createdAt: 0,
    updatedAt: null,
  };
}

/**
 * POST /api/presales: the pending prevendita booking bound to the intent the modal created. The
 * intent must be ours, for this event, for today's presale price; the same intent twice answers
 * the same booking.
 */
export async function createPresaleBooking(
  db: Db,
  provider: PaymentProvider,
  input: PresaleInput,
  opts: { now: number; holdMinutes: number; client: HoldClient },
): Promise<Outcome<Created>> {
  const { now } = opts;
  const [eventRows, existing] = await db.batch([
    db.select().from(events).where(eq(events.id, input.eventId)),
    db.select().from(bookings).where(eq(bookings.paymentIntentId, input.paymentIntentId)),
  ]);
  const event = eventRows[0];
  if (!event) return fail(404, "not_found", messages.eventNotFound);
  const previous = existing[0];
  if (previous) {
    const same =
      previous.kind === "prevendita" &&
      previous.eventId === event.id &&
      previous.licensePlate === input.targa &&
      previous.customerEmail === input.email &&
      previous.nome === input.nome &&
      previous.cognome === input.cognome &&
      previous.carModel === input.modelloAuto;
    if (!same) return fail(409, "conflict", messages.intentBoundToOtherBooking);
    return ok({ created: false, booking: (await getBooking(db, previous.id, now))! });
  }
  if (event.isActive && hasEnded(event, now)) return ended();
  if (!isPresaleOpen(event, now)) return fail(409, "conflict", messages.presaleUnavailable);

  const intent = await provider.retrieveIntent(input.paymentIntentId);
  if (!intent) return fail(404, "not_found", messages.paymentNotFound);
  if (intent.metadata.kind !== "prevendita" || intent.metadata.eventId !== String(event.id)) {
    return fail(409, "conflict", messages.intentNotForThisPresale);
  }
  if (intent.status === "canceled") return fail(409, "conflict", messages.presaleIntentCanceled);
  // The form is sent before the card is confirmed: an intent that already took money (and was
  // refunded, having nothing to pay for) or is taking it now can never start a booking.
  if (!UNPAID_INTENT_STATUSES.has(intent.status)) return fail(409, "conflict", messages.intentAlreadyUsed);
  if (intent.amountCents !== event.prevenditaPriceCents || intent.currency !== "eur") {
    return fail(409, "conflict", messages.presalePriceChanged);
  }

  const hold: HoldFields = {
    id: crypto.randomUUID(),
    customerName: `${input.nome} ${input.cognome}`,
    customerEmail: input.email,
    licensePlate: input.targa,
    carModel: input.modelloAuto,
    clientKey: opts.client.clientKey,
    holdExpiresAt: now + opts.holdMinutes * 60_000,
    now,
    lang: input.lang ?? "it",
  };
  const inserted = await insertPresaleHold(db, hold, input, { id: intent.id, amountCents: intent.amountCents, provider: provider.name }, opts.client.cap);
  if (inserted) {
    const row: Booking = {
      ...emptyBooking(),
      ...hold,
      eventId: event.id,
      kind: "prevendita",
      nome: input.nome,
      cognome: input.cognome,
      telefono: input.telefono,
      note: input.note,
      amountCents: inserted.amountCents,
      createdAt: inserted.createdAt,
      paymentIntentId: intent.id,
      paymentProvider: provider.name,
    };
    return ok({ created: true, booking: toBookingDto(row, event, null, now) });
  }
  const twin = await db.select().from(bookings).where(eq(bookings.paymentIntentId, intent.id)).get();
  if (twin) return ok({ created: false, booking: (await getBooking(db, twin.id, now))! });
  if (await db.select({ id: spentPaymentIntents.id }).from(spentPaymentIntents).where(eq(spentPaymentIntents.id, intent.id)).get()) {
    return fail(409, "conflict", messages.intentAlreadyUsed);
  }
  if (await overHoldCap(db, hold, event.id, opts.client.cap)) return holdCapReached();
  if ((await freeSpotsNow(db, event.id, now)) < 1) {
    // Nobody can use this intent any more: do not leave it open for a card.
    await provider.cancelIntent(intent.id).catch(() => undefined);
    return soldOut();
  }
  return fail(409, "conflict", messages.presaleUnavailable);
}

/** Stripe's states before any money moved; "processing" and "succeeded" are past that point. */
const UNPAID_INTENT_STATUSES = new Set(["requires_payment_method", "requires_confirmation", "requires_action"]);

// ---------- after payment ----------

/** "Libera Parcheggio": a paid booking releases its spot. */
export async function freeBooking(db: Db, bookingId: string, now: number): Promise<Outcome<null>> {
  const res = await db
    .update(bookings)
    .set({ status: "freed", freedAt: now, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "paid")))
    .run();
  if (res.meta.changes === 1) return ok(null);
  const row = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).get();
  return row ? fail(409, "conflict", messages.freeOnlyPaid) : fail(404, "not_found", messages.bookingNotFound);
}

/**
 * Tidying only (availability already ignores lapsed holds): marks them expired and cancels their
 * intents so no card can be charged for them later. Running it twice changes nothing more.
 */
export async function expireLapsedHolds(db: Db, provider: PaymentProvider, now: number): Promise<{ expired: number; intentsCanceled: number }> {
  const lapsed = await db
    .update(bookings)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(bookings.status, "pending"), lte(bookings.holdExpiresAt, now)))
    .returning({ id: bookings.id, paymentIntentId: bookings.paymentIntentId });
  let intentsCanceled = 0;
  for (const { paymentIntentId } of lapsed) {
    if (!paymentIntentId) continue;
    try {
      if ((await provider.cancelIntent(paymentIntentId)) === "canceled") intentsCanceled++;
    } catch (err) {
      console.error(`cancel of a lapsed intent failed: ${(err as Error).name}`);
    }
  }
  return { expired: lapsed.length, intentsCanceled };
}

export const expireHoldsTask: CronTask = {
  name: "expire-holds",
  run: (db, env, now) => expireLapsedHolds(db, createPaymentProvider(env, db), now),
};
