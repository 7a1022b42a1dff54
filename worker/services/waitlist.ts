import type { Translations } from "../../shared/translations";
import { parseTranslations } from "./translations";
import { eq, sql, type SQL } from "drizzle-orm";
import { events, waitlistEntries, waitlistSettings } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import { messages } from "../i18n/it";
import { toIso } from "../lib/time";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { hasEnded } from "../../shared/lifecycle/event";
import { activeHoldText, eventSellsSql, freeSpotsSql, spotsForSaleSql, waitingEntryText, waitlistStateText } from "../../shared/lifecycle/sql";
import {
  DEFAULT_OFFER_MINUTES,
  MAX_OFFER_MINUTES,
  MIN_OFFER_MINUTES,
  offerExpiresAt,
  type WaitlistState,
} from "../../shared/lifecycle/waitlist";
import { dispatchQueued } from "./email/outbox";
import { d1Of, holdCap, holdMinutes, statement, underCapSql, type HoldCap } from "./holds";
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

type ViewRow = {
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

const viewSelect = (now: number, where: SQL) => sql`
  select w.id as id, w.token as token, ${sql.raw(waitlistStateText("w", "b", ms(now)))} as state,
    (select count(*) from waitlist_entries p where p.event_id = w.event_id and ${sql.raw(waitingEntryText("p"))} and p.id <= w.id) as position,
    w.email as email, w.license_plate as licensePlate, w.lang as lang, w.created_at as createdAt,
    e.id as eventId, e.title as title, e.title_translations as titleTranslations, e.datetime as datetime, e.is_always_active as isAlwaysActive,
    r.id as rateId, r.name as rateName, r.name_translations as rateNameTranslations, r.price_cents as priceCents,
    b.id as bookingId, b.hold_expires_at as holdExpiresAt, b.amount_cents as amountCents
  from waitlist_entries w join events e on e.id = w.event_id join rates r on r.id = w.rate_id
  left join bookings b on b.id = w.booking_id
  where ${where}`;

function toView(r: ViewRow): WaitlistView {
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

// ---------- offering freed spots ----------

/**
 * The first entry in line of event `eventId` whose rate still sells and whose client (its IP or its
 * e-mail) is under the caps of decision 012: the one the next spot goes to. An offer is a hold, so a
 * client at its caps is passed over (it stays in line) rather than holding more (docs/decisions/054).
 */
const firstInLineSql = (eventId: number, now: number, cap: HoldCap) => sql`(select f.id from waitlist_entries f join rates fr on fr.id = f.rate_id
  where f.event_id = ${eventId} and ${sql.raw(waitingEntryText("f"))} and fr.is_visible = 1 and fr.is_payable = 1
    and ${underCapSql({ key: sql`f.client_key`, email: sql`f.email`, now }, eventId, cap)}
  order by f.id limit 1)`;

export const waitlistOfferKey = (bookingId: string) => `waitlist_offer:${bookingId}`;

/** At most this many offers per call: a large capacity rise is offered over a few cron minutes, never in one long request. */
const MAX_OFFERS_PER_CALL = 25;

/**
 * Offers each free spot of the event to the first in line, one all-or-nothing D1 batch per spot:
 * the hold INSERT (guarded by free spots ≥ 1, like any hold, so no spot is offered twice and an open
 * offer counts like a hold), the entry's link to it, and the e-mail's outbox row. Then hands the
 * e-mails to the queue. Returns how many offers it made.
 */
export async function offerFreedSpots(db: Db, env: Env, eventId: number, now: number): Promise<number> {
  const event = await db.select({ datetime: events.datetime, isAlwaysActive: events.isAlwaysActive }).from(events).where(eq(events.id, eventId)).get();
  if (!event) return 0;
  const { offerMinutes } = await getWaitlistSettings(db);
  const expiresAt = offerExpiresAt(now, offerMinutes, holdMinutes(env), event);
  const cap = holdCap(env);
  const outboxIds: number[] = [];
  for (let i = 0; i < MAX_OFFERS_PER_CALL; i++) {
    const id = crypto.randomUUID();
    const made = sql`exists (select 1 from bookings nb where nb.id = ${id})`;
    const [hold, , outbox] = await d1Of(db).batch([
      statement(
        db,
        sql`insert into bookings (id, event_id, rate_id, kind, status, customer_name, customer_email, license_plate, car_model,
            amount_cents, currency, hold_expires_at, client_key, created_at, updated_at, lang)
          select ${id}, e.id, r.id, 'booking', 'pending', '', w.email, w.license_plate, '', r.price_cents, 'eur', ${expiresAt}, w.client_key, ${now}, ${now}, w.lang
          from waitlist_entries w join rates r on r.id = w.rate_id join events e on e.id = w.event_id
          where w.id = ${firstInLineSql(eventId, now, cap)} and ${eventSellsSql(now)} and ${freeSpotsSql(eventId, now)} >= 1`,
      ),
      // The entry the hold was made for: the one waiting entry of its e-mail (one open entry per e-mail and event);
      // not "the first in line" again, which the new hold may have just put over its client's cap.
      statement(
        db,
        sql`update waitlist_entries set booking_id = ${id}, offered_at = ${now}
          where id = (select f.id from waitlist_entries f where f.event_id = ${eventId} and ${sql.raw(waitingEntryText("f"))}
            and f.email = (select nb.customer_email from bookings nb where nb.id = ${id}) order by f.id limit 1)`,
      ),
      statement(
        db,
        sql`insert into email_outbox (booking_id, kind, dedupe_key, status, attempts, created_at, updated_at)
          select ${id}, 'waitlist_offer', ${waitlistOfferKey(id)}, 'queued', 0, ${now}, ${now} where ${made}
          on conflict do nothing returning id`,
      ),
    ]);
    if (hold.meta.changes !== 1) break;
    const row = outbox.results[0] as { id: number } | undefined;
    if (row) outboxIds.push(row.id);
  }
  if (outboxIds.length) await dispatchQueued(env, db, now, outboxIds);
  return outboxIds.length;
}

/** The cron's pass: every event with people in line gets its free spots offered (lapsed offers included). */
export async function offerFreedSpotsEverywhere(db: Db, env: Env, now: number): Promise<{ offers: number }> {
  const rows = await db.all<{ eventId: number }>(sql`select distinct w.event_id as eventId from waitlist_entries w join events e on e.id = w.event_id
    where ${sql.raw(waitingEntryText("w"))} and ${eventSellsSql(now)}`);
  let offers = 0;
  for (const { eventId } of rows) offers += await offerFreedSpots(db, env, eventId, now);
  return { offers };
}

/** For routes that just freed a spot (a refund, a cancellation, "Libera Parcheggio", more capacity): never fails their answer. */
export async function offerFreedSpotsQuietly(db: Db, env: Env, eventId: number | null | undefined, now: number): Promise<void> {
  if (eventId == null) return;
  try {
    await offerFreedSpots(db, env, eventId, now);
  } catch (err) {
    console.error(`waiting-list offer failed, the cron retries: ${(err as Error).name}`);
  }
}

// ---------- the admin's view ----------

export type AdminWaitlistEntry = {
  id: number;
  position: number | null;
  state: WaitlistState;
  email: string;
  licensePlate: string;
  lang: Lang;
  rateName: string;
  price: string;
  joinedAt: string;
  offerExpiresAt: string | null;
};

export type AdminWaitlist = {
  eventId: number;
  title: string;
  datetime: string | null;
  waiting: number;
  offered: number;
  /** What opening one more spot per person in line would earn: count × the price of each one's rate. */
  potential: string;
  entries: AdminWaitlistEntry[];
};


export async function adminWaitlist(db: Db, eventId: number, now: number): Promise<AdminWaitlist | null> {
  const event = await db.select({ id: events.id, title: events.title, datetime: events.datetime }).from(events).where(eq(events.id, eventId)).get();
  if (!event) return null;
  const rows = await db.all<ViewRow>(viewSelect(now, sql`w.event_id = ${eventId} order by w.id`));
  const entries = rows.map((r) => {
    const v = toView(r);
    return {
      id: r.id,
      position: v.position,
      state: v.state,
      email: v.email,
      licensePlate: v.licensePlate,
      lang: v.lang,
      rateName: r.rateName,
      price: v.rate.price,
      joinedAt: v.joinedAt,
      offerExpiresAt: v.state === "offered" ? toIso(r.holdExpiresAt) : null,
    };
  });
  const waitingRows = rows.filter((r) => r.state === "waiting");
  return {
    eventId: event.id,
    title: event.title,
    datetime: toIso(event.datetime),
    waiting: waitingRows.length,
    offered: rows.filter((r) => r.state === "offered").length,
    potential: centsToDecimal(waitingRows.reduce((sum, r) => sum + r.priceCents, 0)),
    entries,
  };
}

export type AdminWaitlistSummary = { eventId: number; title: string; datetime: string | null; waiting: number; offered: number; potential: string };

/** Events with a list (someone waiting or holding an offer), soonest first. */
export async function adminWaitlists(db: Db, now: number): Promise<AdminWaitlistSummary[]> {
  const rows = await db.all<{ eventId: number; title: string; datetime: number | null; waiting: number; offered: number; potentialCents: number }>(sql`
    select e.id as eventId, e.title as title, e.datetime as datetime,
      sum(case when ${sql.raw(waitingEntryText("w"))} then 1 else 0 end) as waiting,
      sum(case when w.left_at is null and ${sql.raw(activeHoldText("b", ms(now)))} then 1 else 0 end) as offered,
      sum(case when ${sql.raw(waitingEntryText("w"))} then r.price_cents else 0 end) as potentialCents
    from waitlist_entries w join events e on e.id = w.event_id join rates r on r.id = w.rate_id left join bookings b on b.id = w.booking_id
    group by e.id having waiting > 0 or offered > 0
    order by coalesce(e.datetime, 9e15), e.id`);
  return rows.map((r) => ({
    eventId: r.eventId,
    title: r.title,
    datetime: toIso(r.datetime),
    waiting: Number(r.waiting),
    offered: Number(r.offered),
    potential: centsToDecimal(Number(r.potentialCents)),
  }));
}

/** After a booking freed its spot (refund, "Libera Parcheggio"): its event's line gets the spot. */
export async function offerAfterBookingFreed(db: Db, env: Env, bookingId: string, now: number): Promise<void> {
  const row = await db.get<{ eventId: number }>(sql`select event_id as eventId from bookings where id = ${bookingId}`);
  await offerFreedSpotsQuietly(db, env, row?.eventId, now);
}

/** After a customer cancelled from their pass. */
export async function offerAfterPassCancelled(db: Db, env: Env, passSecret: string, now: number): Promise<void> {
  const row = await db.get<{ eventId: number }>(sql`select event_id as eventId from bookings where pass_secret = ${passSecret}`);
  await offerFreedSpotsQuietly(db, env, row?.eventId, now);
}
