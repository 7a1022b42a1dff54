import { Hono } from "hono";
import { answer } from "../lib/answer";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { messages } from "../i18n/it";
import { noticeForm } from "../../shared/forms/admin-forms";
import { idempotencyHeader, validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { createNotice, dispatchNotice, listNotices, noticeAudience, retryNotice } from "../services/notices";
import { getReminderSettings, saveReminderSettings } from "../services/settings";

// The staff screen's schema (shared/forms/admin-forms.ts) in the Worker's words.
const noticeInput = noticeForm(messages);

const eventParam = z.object({ id: z.coerce.number({ error: messages.invalidEvent }).int().positive(messages.invalidEvent) });
const noticeParam = z.object({ id: z.uuid(messages.noticeNotFound) });
const audienceQuery = z.object({
  rateIds: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,49}$/, messages.invalidParams)
    .transform((s) => s.split(",").map(Number))
    .optional(),
});

const reminderInput = z.object({
  isEnabled: z.boolean(messages.invalidData),
  sendAt: z.string(messages.reminderTimeInvalid).regex(/^([01]\d|2[0-3]):[0-5]\d$/, messages.reminderTimeInvalid),
  gateOpensMinutesBefore: z.number(messages.reminderGateOpensInvalid).int(messages.reminderGateOpensInvalid).min(0, messages.reminderGateOpensInvalid).max(720, messages.reminderGateOpensInvalid),
});

/** "Avvisa i clienti" and the reminder's settings (mounted at /api/admin). Owner and manager only. */
export const adminNotices = new Hono<AppEnv>()
  .get("/events/:id/notices", requireAdmin, validate("param", eventParam), async (c) => {
    const result = await listNotices(c.var.db, c.req.valid("param").id);
    return answer(c, result);
  })
  .get("/events/:id/notices/audience", requireAdmin, validate("param", eventParam), validate("query", audienceQuery), async (c) => {
    const result = await noticeAudience(c.var.db, c.req.valid("param").id, c.req.valid("query").rateIds ?? null);
    return answer(c, result);
  })
  .post(
    "/events/:id/notices",
    requireAdmin,
    audited("notice.create"),
    validate("param", eventParam),
    validate("header", idempotencyHeader),
    validate("json", noticeInput),
    async (c) => {
      const key = c.req.valid("header")["idempotency-key"];
      if (!key) return c.json(errorBody("validation_failed", messages.noticeKeyRequired), 400);
      const db = c.var.db;
      const now = Date.now();
      const result = await createNotice(db, c.req.valid("param").id, c.req.valid("json"), { idempotencyKey: key, staff: c.var.staff }, now);
      if (!result.ok) return answer(c, result);
      const { notice, created } = result.value;
      // Hand-over after the answer; rows it misses stay queued for the cron's sweep.
      c.executionCtx.waitUntil(dispatchNotice(c.env, db, notice.id, now));
      return c.json(notice, created ? 201 : 200);
    },
  )
  .post("/notices/:id/retry", requireAdmin, audited("notice.retry"), validate("param", noticeParam), async (c) => {
    const result = await retryNotice(c.var.db, c.env, c.req.valid("param").id, Date.now());
    return answer(c, result);
  })
  .get("/reminder-settings", requireAdmin, async (c) => c.json(await getReminderSettings(c.var.db), 200))
  .put("/reminder-settings", requireAdmin, audited("reminders.update"), validate("json", reminderInput), async (c) =>
    c.json(await saveReminderSettings(c.var.db, c.req.valid("json")), 200),
  );
