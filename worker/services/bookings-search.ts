import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { bookings, type BookingStatus } from "../../db/schema";
import { normalisePlate } from "../../shared/rules";
import type { Db } from "../db";
import { afterCursor, pageOf, type PageWindow } from "../lib/page-cursor";
import { selectAdminBookings, statusFilter, toAdminBookingDto, type AdminBookingDto } from "./admin-bookings";

/**
 * The admin's bookings search (docs/decisions/053-bookings-search.md). Every key is a prefix range
 * over an index (`key >= p and key < next(p)`), never LIKE, so SQLite answers it from the index:
 * the booking code from the primary key, the plate from bookings_plate_idx, the e-mail (stored
 * lower-case) from bookings_email_hold_idx, the name from the expression index on lower(name).
 */
export type BookingSearch = {
  /** One field for whatever the customer reads out: code, plate, name or e-mail (any of them). */
  q?: string;
  code?: string;
  plate?: string;
  name?: string;
  email?: string;
  eventId?: number;
  status?: BookingStatus;
  /** The window [from, to) and the cursor are the bookings' creation instants. */
} & PageWindow<string>;

export type BookingsPage = { bookings: AdminBookingDto[]; total: number; nextCursor: string | null };

/** The first string after every string that starts with `prefix` (its last code point plus one). */
export function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1)!;
  const lastLength = last > 0xffff ? 2 : 1;
  return prefix.slice(0, prefix.length - lastLength) + String.fromCodePoint(last + 1);
}

/** SQLite's lower() changes ASCII letters only: the query is folded the same way, or the index would miss. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

function prefixRange(column: SQL, prefix: string): SQL {
  return sql`(${column} >= ${prefix} and ${column} < ${prefixEnd(prefix)})`;
}

/** Each key's condition, or null when the text cannot be one (e.g. "x@y" is no code). */
export const searchKeys = {
  code(raw: string): SQL | null {
    const code = raw.replace(/\s+/g, "").toLowerCase();
    return /^[0-9a-f-]{1,36}$/.test(code) ? prefixRange(sql`${bookings.id}`, code) : null;
  },
  plate(raw: string): SQL | null {
    const plate = normalisePlate(raw.trim());
    return /^[A-Z0-9]{1,10}$/.test(plate) ? prefixRange(sql`${bookings.licensePlate}`, plate) : null;
  },
  name(raw: string): SQL | null {
    const name = asciiLower(raw.trim().replace(/\s+/g, " "));
    return name ? prefixRange(sql`lower(${bookings.customerName})`, name) : null;
  },
  email(raw: string): SQL | null {
    const email = raw.trim().toLowerCase();
    return email ? prefixRange(sql`${bookings.customerEmail}`, email) : null;
  },
};

const NOTHING = sql`0`;

const hasText = (search: BookingSearch) => Boolean(search.q?.trim() || search.code?.trim() || search.plate?.trim() || search.name?.trim() || search.email?.trim());

/**
 * The status as a person reads it, with the column behind a unary + so no index serves it: beside
 * a search key, SQLite would otherwise prefer the status index (an equality) and read every paid booking.
 */
function statusBesideKey(status: BookingStatus, now: number): SQL {
  const pendingHold = sql`(+${bookings.status} = 'pending' and ${bookings.holdExpiresAt} > ${now})`;
  if (status === "pending") return pendingHold;
  if (status === "expired") return sql`(+${bookings.status} = 'expired' or (+${bookings.status} = 'pending' and ${bookings.holdExpiresAt} <= ${now}))`;
  return sql`+${bookings.status} = ${status}`;
}

function filtersOf(search: BookingSearch, now: number): SQL[] {
  const where: SQL[] = [];
  const text = hasText(search);
  const createdAt = text ? sql`+${bookings.createdAt}` : sql`${bookings.createdAt}`;
  if (search.q?.trim()) {
    const terms = (["code", "plate", "name", "email"] as const).map((k) => searchKeys[k](search.q!)).filter((t): t is SQL => t !== null);
    where.push(terms.length ? or(...terms)! : NOTHING);
  }
  for (const key of ["code", "plate", "name", "email"] as const) {
    const value = search[key];
    if (value?.trim()) where.push(searchKeys[key](value) ?? NOTHING);
  }
  if (search.eventId) where.push(eq(bookings.eventId, search.eventId));
  if (search.status) where.push(text ? statusBesideKey(search.status, now) : statusFilter(search.status, now)!);
  if (search.from !== undefined) where.push(sql`${createdAt} >= ${search.from}`);
  if (search.to !== undefined) where.push(sql`${createdAt} < ${search.to}`);
  return where;
}

/** The page's statement and the total's, unrun (the query-plan test reads both). */
export function bookingSearchQueries(db: Db, search: BookingSearch, now: number) {
  const where = filtersOf(search, now);
  // With a key, its index finds the few rows and they are sorted; the unary + keeps SQLite from
  // walking a (…, created_at, id) index in order instead, testing each row. An event's or a
  // status's bookings come in order from their own (event_id | status, created_at, id) index.
  const keyed = hasText(search);
  const createdAt = keyed ? sql`+${bookings.createdAt}` : sql`${bookings.createdAt}`;
  const after = afterCursor(createdAt, bookings.id, search.cursor);
  const page = selectAdminBookings(db, now)
    .where(and(...where, after))
    .orderBy(desc(createdAt), desc(bookings.id))
    // One more than asked: its presence says there is a next page.
    .limit(search.limit + 1);
  const total = db.select({ n: count() }).from(bookings).where(and(...where));
  return { page, total };
}

/** One page of bookings, newest first, with the total that match. */
export async function searchAdminBookings(db: Db, search: BookingSearch, now: number): Promise<BookingsPage> {
  const { page, total } = bookingSearchQueries(db, search, now);
  // Not db.batch: D1's batch answers rows as objects, so the join's repeated column names (id,
  // created_at…) collapse and drizzle maps the page's columns out of place.
  const [rows, [{ n }]] = await Promise.all([page, total]);
  const { shown, nextCursor } = pageOf(rows, search.limit, (last) => ({ at: last.booking.createdAt, id: last.booking.id }));
  return { bookings: shown.map((r) => toAdminBookingDto(r, now)), total: n, nextCursor };
}
