import { and, isNull, type SQL } from "drizzle-orm";
import { adminSessions } from "../../db/schema";
import type { Db } from "../db";

/** An update of the staff sessions that `where` picks among those not yet revoked: a revoked one never changes again. */
export function updateUnrevokedSessions(db: Db, set: Partial<typeof adminSessions.$inferInsert>, ...where: (SQL | undefined)[]) {
  return db.update(adminSessions).set(set).where(and(isNull(adminSessions.revokedAt), ...where));
}
