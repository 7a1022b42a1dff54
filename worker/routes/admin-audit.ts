import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { validate } from "../lib/validate";
import { requireAdmin } from "../middleware/require-admin";
import { listAudit } from "../services/audit";
import { messages } from "../i18n/it";

const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.coerce.number().int().positive().optional(),
});

export const adminAudit = new Hono<AppEnv>().get("/", requireAdmin, validate("query", auditQuery, messages.invalidParams), async (c) =>
  c.json(await listAudit(c.var.db, c.req.valid("query")), 200),
);
