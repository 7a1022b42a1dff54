import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db";
import { toIso } from "../lib/time";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { waitingEntryText, waitlistStateText } from "../../shared/lifecycle/sql";
import type { WaitlistState } from "../../shared/lifecycle/waitlist";
import { normalisePlate } from "../../shared/rules";
import type { Lang } from "../../shared/lang";
import { prefixEnd } from "./bookings-search";

/**
 * Every waiting list's entries a page at a time (docs/decisions/063-server-pages.md), newest first
 * by id (an entry's id grows with each join, so entries added while staff read sort before the first
 * page and never shift one). Filters: the event ((event_id, id) index, in order), those still in
 * line (booking_id is null: the offer's unique index, in id order; an event's (event_id, booking_id,
 * left_at) index), the e-mail or the plate by their start (their indexes, the few rows sorted).
 */
export type WaitlistSearch = {
  eventId?: number;
  /** E-mail or plate, or the start of either. */
  q?: string;
  /** Only the entries still in line (no offer yet, not left). */
  inLine?: boolean;
  cursor?: number;
  limit: number;
};

export type WaitlistPageEntry = {
  id: number;
  event: { id: number; title: string };
  position: number | null;
  state: WaitlistState;
  email: string;
  licensePlate: string;
  lang: Lang;
  rateName: string;
  price: string;
  joinedAt: string;
  /** The booking of its offer (held, paid…), whose code the row shows. */
  bookingId: string | null;
};

export type WaitlistPage = { entries: WaitlistPageEntry[]; total: number; nextCursor: string | null };

type Row = {
  id: number;
  eventId: number;
  title: string;
  state: WaitlistState;
  position: number;
  email: string;
  licensePlate: string;
  lang: Lang;
  rateName: string;
  priceCents: number;
  createdAt: number;
  bookingId: string | null;
};

const range = (column: SQL, prefix: string) => sql`(${column} >= ${prefix} and ${column} < ${prefixEnd(prefix)})`;

function filtersOf(search: WaitlistSearch): { where: SQL; keyed: boolean } {
  const q = search.q?.trim();
  const keyed = Boolean(q);
  const parts: SQL[] = [];
  if (q) {
    const plate = normalisePlate(q);
    const keys = [range(sql`w.email`, q.toLowerCase())];
    if (/^[A-Z0-9]{1,10}$/.test(plate)) keys.push(range(sql`w.license_plate`, plate));
    parts.push(sql`(${sql.join(keys, sql` or `)})`);
  }
  // Beside a key, the event is written +event_id so SQLite takes the key's index, not the event's.
  if (search.eventId) parts.push(keyed ? sql`+w.event_id = ${search.eventId}` : sql`w.event_id = ${search.eventId}`);
  if (search.inLine) parts.push(keyed ? sql`(+w.booking_id is null and +w.left_at is null)` : sql.raw(waitingEntryText("w")));
  return { where: parts.length ? sql.join(parts, sql` and `) : sql`1`, keyed };
}

/** The page's statement and the total's, unrun (the query-plan test reads both). */
export function waitlistPageQueries(search: WaitlistSearch, now: number) {
  const { where, keyed } = filtersOf(search);
  const id = keyed ? sql`+w.id` : sql`w.id`;
  const after = search.cursor ? sql` and ${id} < ${search.cursor}` : sql``;
  const page = sql`
    select w.id as id, e.id as eventId, e.title as title, ${sql.raw(waitlistStateText("w", "b", String(Math.trunc(now))))} as state,
      (select count(*) from waitlist_entries p where p.event_id = w.event_id and ${sql.raw(waitingEntryText("p"))} and p.id <= w.id) as position,
      w.email as email, w.license_plate as licensePlate, w.lang as lang, r.name as rateName, r.price_cents as priceCents,
      w.created_at as createdAt, w.booking_id as bookingId
    from waitlist_entries w join events e on e.id = w.event_id join rates r on r.id = w.rate_id
    left join bookings b on b.id = w.booking_id
    where ${where}${after}
    order by ${id} desc
    limit ${search.limit + 1}`;
  const total = sql`select count(*) as n from waitlist_entries w where ${where}`;
  return { page, total };
}

export async function searchWaitlistEntries(db: Db, search: WaitlistSearch, now: number): Promise<WaitlistPage> {
  const { page, total } = waitlistPageQueries(search, now);
  const [rows, counted] = await Promise.all([db.all<Row>(page), db.get<{ n: number }>(total)]);
  const shown = rows.slice(0, search.limit);
  const last = shown.at(-1);
  return {
    entries: shown.map((r) => ({
      id: r.id,
      event: { id: r.eventId, title: r.title },
      position: r.state === "waiting" ? Number(r.position) : null,
      state: r.state,
      email: r.email,
      licensePlate: r.licensePlate,
      lang: r.lang,
      rateName: r.rateName,
      price: centsToDecimal(r.priceCents),
      joinedAt: toIso(r.createdAt)!,
      bookingId: r.bookingId,
    })),
    total: Number(counted?.n ?? 0),
    nextCursor: rows.length > search.limit && last ? String(last.id) : null,
  };
}
