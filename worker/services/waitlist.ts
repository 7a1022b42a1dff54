import type { Translations } from "../../shared/translations";
import { parseTranslations } from "./translations";
import { eq, sql, type SQL } from "drizzle-orm";
import { waitlistEntries, waitlistSettings } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import { messages } from "../i18n/it";
import { toIso } from "../lib/time";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { hasEnded } from "../../shared/lifecycle/event";
import { activeHoldText, eventSellsSql, spotsForSaleSql, waitingEntryText, waitlistStateText } from "../../shared/lifecycle/sql";
import {
  DEFAULT_OFFER_MINUTES,
  MAX_OFFER_MINUTES,
  MIN_OFFER_MINUTES,
  type WaitlistState,
} from "../../shared/lifecycle/waitlist";
import { dispatchQueued } from "./email/outbox";
import { d1Of, statement } from "./holds";
import { newPassSecret } from "./pass-secret";
import type { PaymentProvider } from "./payments/provider";
import { type Lang } from "../../shared/lang";

const ms = (now: number) => String(Math.trunc(now));

/** Open entries of one client (IP, hashed) on one event: a cap so nobody can fill a list with made-up e-mails. */
export const WAITLIST_ENTRIES_PER_CLIENT = 4;

export type WaitlistSettings = { offerMinutes: number };

export async function getWaitlistSettings(db: Db): Promise<WaitlistSettings> {
  const row = await db.select().from(waitlistSettings).where(eq(waitlistSettings.id, 1)).get();
  return { offerMinutes: row?.offerMinutes ?? DEFAULT_OFFER_MINUTES };
}

export async function saveWaitlistSettings(db: Db, input: WaitlistSettings): Promise<Outcome<WaitlistSettings>> {
  if (!Number.isInteger(input.offerMinutes) || input.offerMinutes < MIN_OFFER_MINUTES || input.offerMinutes > MAX_OFFER_MINUTES)
    return fail(400, "validation_failed", messages.waitlistOfferMinutesInvalid);
  await db.insert(waitlistSettings).values({ id: 1, ...input }).onConflictDoUpdate({ target: waitlistSettings.id, set: input });
  return ok(await getWaitlistSettings(db));
}

// ---------- joining ----------

export type WaitlistJoinInput = { eventId: number; rateId: number; email: string; licensePlate: string; lang: Lang };

/** Entries of this e-mail on the event that are still alive (in line, or holding an offer): one at a time. */
const openEntryOfSql = (eventId: number, email: string, now: number) =>
  sql`exists (select 1 from waitlist_entries x left join bookings xb on xb.id = x.booking_id
    where x.event_id = ${eventId} and x.email = ${email} and x.left_at is null
      and (x.booking_id is null or ${sql.raw(activeHoldText("xb", ms(now)))}))`;

const clientEntriesSql = (eventId: number, clientKey: string) =>
  sql`(select count(*) from waitlist_entries x where x.event_id = ${eventId} and x.client_key = ${clientKey} and ${sql.raw(waitingEntryText("x"))})`;

/**
 * One guarded INSERT: the visitor joins only a live event whose spots are all taken or claimed by
 * people already in line (spotsForSaleSql), with a rate that sells, once per e-mail, and under the
 * per-client cap. When it writes nothing, the reads after it say which guard refused.
 */
export async function joinWaitlist(
  db: Db,
  input: WaitlistJoinInput,
  clientKey: string,
  now: number,
  idempotencyKey: string | null = null,
): Promise<Outcome<WaitlistView & { created: boolean }>> {
  const token = newPassSecret();
  const { eventId, rateId, email, licensePlate, lang } = input;
  const retried = idempotencyKey ? await retriedJoin(db, idempotencyKey, input, now) : null;
  if (retried) return retried;
  const insert = sql`insert into waitlist_entries (token, event_id, rate_id, email, license_plate, lang, client_key, idempotency_key, created_at)
    select ${token}, e.id, r.id, ${email}, ${licensePlate}, ${lang}, ${clientKey}, ${idempotencyKey}, ${now}
    from rates r join events e on e.id = r.event_id
    where r.id = ${rateId} and e.id = ${eventId} and r.is_visible = 1 and r.is_payable = 1
      and ${eventSellsSql(now)}
      and ${spotsForSaleSql(eventId, now)} < 1
      and not ${openEntryOfSql(eventId, email, now)}
      and ${clientEntriesSql(eventId, clientKey)} < ${WAITLIST_ENTRIES_PER_CLIENT}
    on conflict do nothing`;
  const after = sql`select r.event_id as rateEventId, r.is_visible as isVisible, r.is_payable as isPayable,
      e.is_active as isActive, e.cancelled_at as cancelledAt, e.datetime as datetime, e.is_always_active as isAlwaysActive,
      e.duration_minutes as durationMinutes, ${spotsForSaleSql(eventId, now)} as forSale, ${openEntryOfSql(eventId, email, now)} as already
    from rates r join events e on e.id = r.event_id where r.id = ${rateId}`;
  // The "you are on the list" e-mail with the personal link, written in the same batch as the entry.
  const mail = sql`insert into email_outbox (booking_id, kind, dedupe_key, data, status, attempts, created_at, updated_at)
    select null, 'waitlist_joined', ${waitlistJoinedKeyPrefix} || w.id, json_object('entryId', w.id), 'queued', 0, ${now}, ${now}
    from waitlist_entries w where w.token = ${token}
    on conflict do nothing`;
  const [inserted, , diagnosis] = await d1Of(db).batch([statement(db, insert), statement(db, mail), statement(db, after)]);
  if (inserted.meta.changes === 1) return ok({ ...(await waitlistView(db, token, now))!, created: true });
  // The same key raced in from a retry: answer what it made (or refuse another body).
  const raced = idempotencyKey ? await retriedJoin(db, idempotencyKey, input, now) : null;
  if (raced) return raced;
  const d = diagnosis.results[0] as
    | { rateEventId: number; isVisible: number; isPayable: number; isActive: number; cancelledAt: number | null; datetime: number | null; isAlwaysActive: number; durationMinutes: number; forSale: number; already: number }
    | undefined;
  if (!d || d.rateEventId !== eventId) return fail(404, "not_found", messages.rateNotFound);
  if (d.cancelledAt != null) return fail(409, "event_cancelled", messages.eventCancelled);
  if (hasEnded({ datetime: d.datetime, isAlwaysActive: d.isAlwaysActive === 1, durationMinutes: d.durationMinutes }, now)) return fail(409, "event_ended", messages.eventEnded);
  if (d.isActive !== 1 || d.isVisible !== 1 || d.isPayable !== 1) return fail(409, "conflict", messages.rateUnavailable);
  if (d.forSale >= 1) return fail(409, "conflict", messages.waitlistNotSoldOut);
  if (d.already === 1) return fail(409, "conflict", messages.waitlistAlreadyIn);
  return fail(429, "rate_limited", messages.waitlistClientCap);
}

const waitlistJoinedKeyPrefix = "waitlist_joined:";

/** Hands an entry's "you are on the list" e-mail to the queue (the cron's sweep sends it otherwise). */
export async function dispatchWaitlistJoined(env: Env, db: Db, token: string, now: number): Promise<void> {
  const row = await db.get<{ id: number }>(
    sql`select o.id as id from email_outbox o join waitlist_entries w on o.dedupe_key = ${waitlistJoinedKeyPrefix} || w.id where w.token = ${token} and o.status = 'queued'`,
  );
  if (row) await dispatchQueued(env, db, now, [row.id]);
}

/** A join already made with this key: the same entry for the same request, 409 for another body (as for bookings). */
async function retriedJoin(db: Db, key: string, input: WaitlistJoinInput, now: number): Promise<Outcome<WaitlistView & { created: boolean }> | null> {
  const known = await db.select().from(waitlistEntries).where(eq(waitlistEntries.idempotencyKey, key)).get();
  if (!known) return null;
  const same = known.eventId === input.eventId && known.rateId === input.rateId && known.email === input.email && known.licensePlate === input.licensePlate;
  if (!same) return fail(409, "conflict", messages.idempotencyKeyReused);
  return ok({ ...(await waitlistView(db, known.token, now))!, created: false });
}

// ---------- what the visitor sees ----------

export type WaitlistView = {
  token: string;
  state: WaitlistState;
  /** 1 for the first in line; null once out of the line (offered, booked, lapsed, left). */
  position: number | null;
  email: string;
  licensePlate: string;
  lang: Lang;
  joinedAt: string;
  event: { id: number; title: string; titleTranslations: Translations; datetime: string | null; isAlwaysActive: boolean };
  rate: { id: number; name: string; nameTranslations: Translations; price: string };
  /** The held spot while the offer stands (or once it was taken): the booking to pay and until when. */
  offer: { bookingId: string; expiresAt: string; amount: string } | null;
};

export type ViewRow = {
  id: number;
  token: string;
  state: WaitlistState;
  position: number;
  email: string;
  licensePlate: string;
  lang: Lang;
  createdAt: number;
  eventId: number;
  title: string;
  titleTranslations: string;
  datetime: number | null;
  isAlwaysActive: number;
  rateId: number;
  rateName: string;
  rateNameTranslations: string;
  priceCents: number;
  bookingId: string | null;
  holdExpiresAt: number | null;
  amountCents: number | null;
};

export const viewSelect = (now: number, where: SQL) => sql`
  select w.id as id, w.token as token, ${sql.raw(waitlistStateText("w", "b", ms(now)))} as state,
    (select count(*) from waitlist_entries p where p.event_id = w.event_id and ${sql.raw(waitingEntryText("p"))} and p.id <= w.id) as position,
    w.email as email, w.license_plate as licensePlate, w.lang as lang, w.created_at as createdAt,
    e.id as eventId, e.title as title, e.title_translations as titleTranslations, e.datetime as datetime, e.is_always_active as isAlwaysActive,
    r.id as rateId, r.name as rateName, r.name_translations as rateNameTranslations, r.price_cents as priceCents,
    b.id as bookingId, b.hold_expires_at as holdExpiresAt, b.amount_cents as amountCents
  from waitlist_entries w join events e on e.id = w.event_id join rates r on r.id = w.rate_id
  left join bookings b on b.id = w.booking_id
  where ${where}`;

export function toView(r: ViewRow): WaitlistView {
  return {
    token: r.token,
    state: r.state,
    position: r.state === "waiting" ? Number(r.position) : null,
    email: r.email,
    licensePlate: r.licensePlate,
    lang: r.lang,
    joinedAt: toIso(r.createdAt)!,
    event: { id: r.eventId, title: r.title, titleTranslations: parseTranslations(r.titleTranslations), datetime: toIso(r.datetime), isAlwaysActive: r.isAlwaysActive === 1 },
    rate: { id: r.rateId, name: r.rateName, nameTranslations: parseTranslations(r.rateNameTranslations), price: centsToDecimal(r.priceCents) },
    offer:
      r.bookingId && (r.state === "offered" || r.state === "booked")
        ? { bookingId: r.bookingId, expiresAt: toIso(r.holdExpiresAt)!, amount: centsToDecimal(r.amountCents ?? r.priceCents) }
        : null,
  };
}

export async function waitlistView(db: Db, token: string, now: number): Promise<WaitlistView | null> {
  const row = await db.get<ViewRow>(viewSelect(now, sql`w.token = ${token}`));
  return row ? toView(row) : null;
}

// ---------- taking and leaving ----------

export type TakeOfferInput = { customerName: string; carModel: string };

/**
 * Taking the offer: the held booking gets the visitor's name and car, while its hold stands; then
 * the normal checkout pays it (create-payment-intent with its id).
 */
export async function takeOffer(db: Db, token: string, input: TakeOfferInput, now: number): Promise<Outcome<{ bookingId: string; amount: string }>> {
  const rows = await db.all<{ id: string; amountCents: number }>(sql`
    update bookings set customer_name = ${input.customerName}, car_model = ${input.carModel}, updated_at = ${now}
    where id = (select w.booking_id from waitlist_entries w where w.token = ${token} and w.left_at is null)
      and ${sql.raw(activeHoldText("bookings", ms(now)))}
    returning id, amount_cents as amountCents`);
  if (rows[0]) return ok({ bookingId: rows[0].id, amount: centsToDecimal(rows[0].amountCents) });
  const view = await waitlistView(db, token, now);
  if (!view) return fail(404, "not_found", messages.waitlistNotFound);
  if (view.state === "waiting") return fail(409, "conflict", messages.waitlistNoOfferYet);
  if (view.state === "booked") return fail(409, "conflict", messages.waitlistAlreadyBooked);
  if (view.state === "left") return fail(409, "conflict", messages.waitlistLeft);
  return fail(409, "conflict", messages.waitlistOfferLapsed);
}

/**
 * Leaving the list: in line, or while holding an offer (the hold is released and its intent
 * cancelled, so the spot passes on). A paid offer is a booking: it is cancelled from its pass.
 * Leaving twice answers the same.
 */
export async function leaveWaitlist(db: Db, provider: PaymentProvider, token: string, now: number): Promise<Outcome<{ view: WaitlistView; eventId: number }>> {
  const entryOf = sql`(select w.booking_id from waitlist_entries w where w.token = ${token})`;
  const [released, left] = await d1Of(db).batch([
    statement(db, sql`update bookings set status = 'cancelled', updated_at = ${now}
      where id = ${entryOf} and status = 'pending' returning payment_intent_id as paymentIntentId`),
    statement(db, sql`update waitlist_entries set left_at = ${now}
      where token = ${token} and left_at is null
        and (booking_id is null or exists (select 1 from bookings lb where lb.id = waitlist_entries.booking_id and lb.status in ('cancelled', 'expired')))`),
  ]);
  const intent = (released.results[0] as { paymentIntentId: string | null } | undefined)?.paymentIntentId;
  if (intent) {
    try {
      await provider.cancelIntent(intent);
    } catch (err) {
      console.error(`cancel of a released offer's intent failed: ${(err as Error).name}`);
    }
  }
  void left;
  const view = await waitlistView(db, token, now);
  if (!view) return fail(404, "not_found", messages.waitlistNotFound);
  if (view.state === "booked") return fail(409, "conflict", messages.waitlistAlreadyBooked);
  return ok({ view, eventId: view.event.id });
}
