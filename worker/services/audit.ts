import { desc, lt } from "drizzle-orm";
import { auditLog } from "../../db/schema";
import type { Db } from "../db";
import { toIso } from "../lib/time";

export type AuditEntry = {
  sessionId: string | null;
  /** The account that acted (null for the system, e.g. the cron or a provider's webhook). */
  staff?: { id: number; email: string } | null;
  /** "<entity>.<verb>", e.g. "event.update". */
  action: string;
  entityId?: string | number | null;
  details?: Record<string, unknown>;
};

export type AuditDto = {
  id: number;
  at: string;
  sessionId: string | null;
  staffId: number | null;
  staffEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
};

export async function recordAudit(db: Db, entry: AuditEntry, now: number): Promise<void> {
  await db.insert(auditLog).values({
    sessionId: entry.sessionId,
    staffId: entry.staff?.id ?? null,
    staffEmail: entry.staff?.email ?? null,
    action: entry.action,
    entity: entry.action.split(".")[0],
    entityId: entry.entityId == null ? null : String(entry.entityId),
    details: entry.details ?? null,
    at: now,
  });
}

/** Newest first; `before` (an audit id) pages further back. */
export async function listAudit(db: Db, opts: { limit: number; before?: number }): Promise<AuditDto[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(opts.before ? lt(auditLog.id, opts.before) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(opts.limit);
  return rows.map(toAuditDto);
}

export function toAuditDto(r: typeof auditLog.$inferSelect): AuditDto {
  return {
    id: r.id,
    at: toIso(r.at)!,
    sessionId: r.sessionId,
    staffId: r.staffId,
    staffEmail: r.staffEmail,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    details: r.details ?? null,
  };
}
