import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { validate } from "../lib/validate";
import { requireAdmin } from "../middleware/require-admin";
import { listAudit } from "../services/audit";
import { messages } from "../i18n/it";
import { romeDayRange } from "../lib/time";
import { searchAudit } from "../services/audit-pages";
import { decodeNumberedCursor } from "../lib/page-cursor";
import { cursorOf, day, pageLimitOf } from "./admin-payments";

const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.coerce.number().int().positive().optional(),
});

const text = z.string({ error: messages.invalidSearch }).max(100, messages.invalidSearch).optional();

/** GET /api/admin/audit/page: the log a page at a time, filtered (docs/decisions/063-server-pages.md). */
const pageQuery = z
  .object({ action: text, entityId: text, staff: text, from: day, to: day, cursor: cursorOf(decodeNumberedCursor), limit: pageLimitOf() })
  .refine((r) => !r.from || !r.to || r.from.until(r.to).sign >= 0, messages.invalidDateRange);

export const adminAudit = new Hono<AppEnv>()
  .get("/", requireAdmin, validate("query", auditQuery, messages.invalidParams), async (c) => c.json(await listAudit(c.var.db, c.req.valid("query")), 200))
  .get("/page", requireAdmin, validate("query", pageQuery), async (c) => {
    const { from, to, ...search } = c.req.valid("query");
    return c.json(await searchAudit(c.var.db, { ...search, from: from ? romeDayRange(from).start : undefined, to: to ? romeDayRange(to).end : undefined }), 200);
  });
