import { Hono } from "hono";
import type { ClientErrorStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { emailStatuses } from "../../db/schema";
import type { AppEnv } from "../app-env";
import { messages } from "../i18n/it";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { listOutbox, outboxBacklog, outboxPreview, resendConfirmation, resendOutbox } from "../services/email/outbox";

const idParam = z.object({ id: z.coerce.number().int().positive() });
const bookingParam = z.object({ id: z.uuid(messages.invalidBooking) });
const listQuery = z.object({ bookingId: z.uuid().optional(), status: z.enum(emailStatuses).optional() });

/** The "E-mail" tab: the outbox with status, attempts, last error, preview and "Reinvia" (mounted at /api/admin/emails). */
export const adminEmails = new Hono<AppEnv>()
  .get("/", requireAdmin, validate("query", listQuery), async (c) => c.json(await listOutbox(c.var.db, c.req.valid("query")), 200))
  .get("/backlog", requireAdmin, async (c) => c.json(await outboxBacklog(c.var.db), 200))
  .get("/:id/preview", requireAdmin, validate("param", idParam), async (c) => {
    const result = await outboxPreview(c.var.db, c.env, c.req.valid("param").id);
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
  })
  .post("/:id/resend", requireAdmin, audited("email.resend"), validate("param", idParam), async (c) => {
    const result = await resendOutbox(c.var.db, c.env, c.req.valid("param").id, Date.now());
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
  })
  .post("/bookings/:id/resend", requireAdmin, audited("email.resend"), validate("param", bookingParam), async (c) => {
    const result = await resendConfirmation(c.var.db, c.env, c.req.valid("param").id, Date.now());
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
  });
