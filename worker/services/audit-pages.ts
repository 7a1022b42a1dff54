import { and, count, desc, sql, type SQL } from "drizzle-orm";
import { auditLog } from "../../db/schema";
import type { Db } from "../db";
import { afterCursor, pageOf, type PageWindow } from "../lib/page-cursor";
import { toAuditDto, type AuditDto } from "./audit";
import { prefixEnd } from "./bookings-search";

/**
 * The audit log a page at a time (docs/decisions/063-server-pages.md), newest first by (at, id).
 * Each filter walks its own (filter, at, id) index in that order, so a page reads its rows and stops;
 * an entity's id (a booking, an event) has few entries and is sorted after its index finds them.
 */
export type AuditSearch = {
  /** "booking" (every action on bookings) or "booking.free" (that action). */
  action?: string;
  /** The entity's id as the log stores it (a booking's full id, an event's number), or a booking's code. */
  entityId?: string;
  /** The staff e-mail (exact), or its start. */
  staff?: string;
} & PageWindow<number>;

export type AuditPage = { entries: AuditDto[]; total: number; nextCursor: string | null };

function filtersOf(search: AuditSearch): { where: SQL[]; at: SQL } {
  const entityId = search.entityId?.trim();
  // Beside an entity's id its index finds the few rows: the others are kept from being chosen.
  const plus = (column: SQL) => (entityId ? sql`+${column}` : column);
  const at = plus(sql`${auditLog.at}`);
  const where: SQL[] = [];
  const action = search.action?.trim();
  if (action) where.push(action.includes(".") ? sql`${plus(sql`${auditLog.action}`)} = ${action}` : sql`${plus(sql`${auditLog.entity}`)} = ${action}`);
  // A booking's code (the first 8 hex digits of its id, as the customer reads it) finds it by its start.
  const code = entityId && /^[0-9a-f]{8}$/i.test(entityId) ? entityId.toLowerCase() : null;
  if (code) where.push(sql`(${auditLog.entityId} >= ${code} and ${auditLog.entityId} < ${prefixEnd(code)})`);
  else if (entityId) where.push(sql`${auditLog.entityId} = ${entityId}`);
  const staff = search.staff?.trim().toLowerCase();
  // A whole e-mail is one key of the (staff_email, at, id) index, read in order; its start a range, sorted.
  const staffEmail = plus(sql`${auditLog.staffEmail}`);
  if (staff) where.push(/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(staff) ? sql`${staffEmail} = ${staff}` : sql`(${staffEmail} >= ${staff} and ${staffEmail} < ${prefixEnd(staff)})`);
  if (search.from !== undefined) where.push(sql`${at} >= ${search.from}`);
  if (search.to !== undefined) where.push(sql`${at} < ${search.to}`);
  return { where, at };
}

/** The page's statement and the total's, unrun (the query-plan test reads both). */
export function auditPageQueries(db: Db, search: AuditSearch) {
  const { where, at } = filtersOf(search);
  const after = afterCursor(at, auditLog.id, search.cursor);
  const page = db
    .select()
    .from(auditLog)
    .where(and(...where, after))
    .orderBy(desc(at), desc(auditLog.id))
    .limit(search.limit + 1);
  const total = db.select({ n: count() }).from(auditLog).where(and(...where));
  return { page, total };
}

export async function searchAudit(db: Db, search: AuditSearch): Promise<AuditPage> {
  const { page, total } = auditPageQueries(db, search);
  const [rows, [{ n }]] = await Promise.all([page, total]);
  const { shown, nextCursor } = pageOf(rows, search.limit, (last) => ({ at: last.at, id: last.id }));
  return { entries: shown.map(toAuditDto), total: n, nextCursor };
}
