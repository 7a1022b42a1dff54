import { Hono } from "hono";
import { answer } from "../lib/answer";
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
    return answer(c, result);
  })
  .post("/:id/resend", requireAdmin, audited("email.resend"), validate("param", idParam), async (c) => {
    const result = await resendOutbox(c.var.db, c.env, c.req.valid("param").id, Date.now());
    return answer(c, result);
  })
  .post("/bookings/:id/resend", requireAdmin, audited("email.resend"), validate("param", bookingParam), async (c) => {
    const result = await resendConfirmation(c.var.db, c.env, c.req.valid("param").id, Date.now());
    return answer(c, result);
  });
