import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

// Server pages (docs/decisions/053-bookings-search.md, 063-server-pages.md) run newest first by
// (instant, id): a page's last row, written "instant.id", is where the next page starts, strictly after it.

export type PageCursor<Id extends number | string> = { at: number; id: Id };

/** What a page asks besides its filters: a window of its instants [from, to) in epoch ms, where to start, how many. */
export type PageWindow<Id extends number | string> = { from?: number; to?: number; cursor?: PageCursor<Id>; limit: number };

export const encodePageCursor = (c: PageCursor<number | string>) => `${c.at}.${c.id}`;

const decoder =
  <Id extends number | string>(idPattern: string, idOf: (text: string) => Id) =>
  (raw: string): PageCursor<Id> | null => {
    const match = new RegExp(`^(\\d{1,16})\\.(${idPattern})$`).exec(raw);
    return match ? { at: Number(match[1]), id: idOf(match[2]) } : null;
  };

/** A cursor over rows SQLite numbers (the audit log). */
export const decodeNumberedCursor = decoder("\\d{1,16}", Number);
/** A cursor over rows keyed by a uuid (bookings). */
export const decodeUuidCursor = decoder("[0-9A-Za-z-]{1,64}", String);

/** The rows strictly after the cursor in (at, id) order, newest first; nothing on the first page. */
export const afterCursor = (at: SQL, id: SQLiteColumn, cursor: PageCursor<number | string> | undefined) =>
  cursor ? sql`(${at}, ${id}) < (${cursor.at}, ${cursor.id})` : undefined;

/**
 * The page out of the rows read, one more than asked (that one's presence says a next page exists), and
 * the next page's cursor: the shown page's last row (`cursorOf` null when that row cannot be one).
 */
export function pageOf<R>(rows: R[], limit: number, cursorOf: (last: R) => PageCursor<number | string> | null) {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  const cursor = rows.length > limit && last !== undefined ? cursorOf(last) : null;
  return { shown, nextCursor: cursor ? encodePageCursor(cursor) : null };
}
