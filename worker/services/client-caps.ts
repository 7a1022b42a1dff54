import { sql, type SQL } from "drizzle-orm";
import type { BookingSource } from "../../db/schema";
import type { Db } from "../db";
import { activeHoldText } from "../../shared/lifecycle/sql";
import { clientKeyOf, hashedClientKey } from "./rate-limit";
import { type Lang } from "../../shared/lang";

// The per-client caps (decision 012, 054): who a client is and what it may hold, as SQL that the
// statements taking a spot (holds.ts), a season purchase (season-purchase.ts) and an offer (waitlist-offers.ts) guard with.

/**
 * How many unpaid holds one client (IP or e-mail) may have at once, per event and over all events;
 * and how many spots of one event a client may take in all (paid, held, or paid and then cancelled
 * by the client), so nobody can buy a whole match and hand it back.
 */
export type HoldCap = { perEvent: number; total: number; bookingsPerEvent: number };
export const DEFAULT_HOLD_CAP: HoldCap = { perEvent: 4, total: 8, bookingsPerEvent: 10 };

export function holdCap(env: Pick<Env, "HOLDS_PER_CLIENT_PER_EVENT" | "HOLDS_PER_CLIENT" | "BOOKINGS_PER_CLIENT_PER_EVENT">): HoldCap {
  const positive = (raw: string | undefined, fallback: number) => {
    const n = Number(raw);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return {
    perEvent: positive(env.HOLDS_PER_CLIENT_PER_EVENT, DEFAULT_HOLD_CAP.perEvent),
    total: positive(env.HOLDS_PER_CLIENT, DEFAULT_HOLD_CAP.total),
    bookingsPerEvent: positive(env.BOOKINGS_PER_CLIENT_PER_EVENT, DEFAULT_HOLD_CAP.bookingsPerEvent),
  };
}

/** Where a hold comes from: the hashed client key (IP) and the e-mail; either one is the same client. */
export type HoldClient = { clientKey: string; cap: HoldCap };

/** Who is taking a hold, for the hold cap: the client's IP (hashed) and the limits configured. */
export async function holdClientOf(req: { header(name: string): string | undefined }, env: Env): Promise<HoldClient> {
  return { clientKey: await hashedClientKey(clientKeyOf(req)), cap: holdCap(env) };
}

export type HoldFields = {
  id: string;
  customerName: string;
  customerEmail: string;
  licensePlate: string;
  carModel: string;
  clientKey: string;
  holdExpiresAt: number;
  now: number;
  /** The language the customer booked in: the booking's e-mails use it (issue #14). */
  lang: Lang;
  /** Where the buyer came from (worker/lib/attribution.ts). */
  source: BookingSource;
  sourceDetail: string | null;
};

/**
 * Who a cap counts: a client's hashed IP (null when unknown) and its e-mail, as values or as SQL naming
 * another row's columns (a waiting-list entry's, a booking's), at `now`.
 */
export type CapClient = { key: SQL | string | null; email: SQL | string; now: number };

export const capClientOf = (h: HoldFields): CapClient => ({ key: h.clientKey, email: h.customerEmail, now: h.now });

/**
 * Active holds of this client (same IP or same e-mail), on all events (`eventId` null) or on one.
 * A union of two index searches rather than one OR, which SQLite would answer by scanning all holds.
 * Over all events a season purchase is one hold (its spots share a holder); on one event it is the
 * spot it holds there (docs/decisions/054).
 */
export function clientHoldsSql(c: CapClient, eventId: number | SQL | null): SQL {
  const onEvent = eventId === null ? sql`` : sql` and c.event_id = ${eventId}`;
  const active = sql`${sql.raw(activeHoldText("c", String(Math.trunc(c.now))))}${onEvent}`;
  const held = eventId === null ? sql`coalesce(c.season_holder_id, c.id)` : sql`c.id`;
  return sql`(select count(*) from (
    select ${held} from bookings c where c.client_key = ${c.key} and ${active}
    union select ${held} from bookings c where c.customer_email = ${c.email} and ${active}))`;
}

/** Spots of one event this client has taken: active holds, paid bookings (season spots too), and its own cancellations. */
export function clientBookingsSql(c: CapClient, eventId: number | SQL): SQL {
  const taken = sql`c.event_id = ${eventId} and (c.status in ('paid', 'cancelled') or ${sql.raw(activeHoldText("c", String(Math.trunc(c.now))))})`;
  return sql`(select count(*) from (
    select c.id from bookings c where c.client_key = ${c.key} and ${taken}
    union select c.id from bookings c where c.customer_email = ${c.email} and ${taken}))`;
}

/**
 * The caps as part of the guard of the statement that takes the spot, so they hold under a
 * parallel burst exactly like capacity does (D1 runs one statement at a time). `total` false leaves
 * out the cap over all events (a season purchase checks it once, at its first match).
 */
export function underCapSql(c: CapClient, eventId: number | SQL, cap: HoldCap, total = true): SQL {
  return sql`(${clientHoldsSql(c, eventId)} < ${cap.perEvent} ${total ? sql`and ${clientHoldsSql(c, null)} < ${cap.total}` : sql``}
    and ${clientBookingsSql(c, eventId)} < ${cap.bookingsPerEvent})`;
}

export function underHoldCapSql(h: HoldFields, eventId: number, cap: HoldCap): SQL {
  return underCapSql(capClientOf(h), eventId, cap);
}

/** Which cap refuses this client now: its open holds, its spots of the event, or none. */
export type CapReached = "holds" | "bookings" | null;
export function capReachedSql(c: CapClient, eventId: number, cap: HoldCap): SQL {
  return sql`case when ${clientBookingsSql(c, eventId)} >= ${cap.bookingsPerEvent} then 'bookings'
    when not (${clientHoldsSql(c, eventId)} < ${cap.perEvent} and ${clientHoldsSql(c, null)} < ${cap.total}) then 'holds' end`;
}

export async function capReached(db: Db, h: HoldFields | CapClient, eventId: number, cap: HoldCap): Promise<CapReached> {
  const c = "id" in h ? capClientOf(h) : h;
  const row = await db.get<{ reached: CapReached }>(sql`select ${capReachedSql(c, eventId, cap)} as reached`);
  return row?.reached ?? null;
}

