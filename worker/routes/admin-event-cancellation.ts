import { Hono } from "hono";
import { answer } from "../lib/answer";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { messages } from "../i18n/it";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { paymentProvider } from "../middleware/payment-provider";
import { requireAdmin } from "../middleware/require-admin";
import { cancellationProgress, seasonCancellationPreview } from "../services/event-cancellation";
import { parseEventDatetime } from "./admin-events-input";
import { postponeEvent } from "../services/event-postponement";
import { dispatchQueued } from "../services/email/outbox";

const postponeInput = z.object({
  // An ISO instant, or Rome's local time as <input type="datetime-local"> gives it (as the event form).
  datetime: z
    .string({ error: messages.invalidDatetime })
    .max(40, messages.invalidDatetime)
    .transform((s, ctx) => {
      const ms = parseEventDatetime(s);
      if (ms === null) {
        ctx.addIssue({ code: "custom", message: messages.invalidDatetime });
        return z.NEVER;
      }
      return ms;
    }),
  cancelWindowDays: z.number({ error: messages.invalidCancelWindowDays }).int(messages.invalidCancelWindowDays).min(0, messages.invalidCancelWindowDays).max(60, messages.invalidCancelWindowDays),
});

const idParam = z.object({ id: z.coerce.number({ error: messages.invalidEvent }).int().positive(messages.invalidEvent) });

/**
 * "Annulla evento" (mounted at /api/admin/events): starts the CANCEL_EVENT Workflow, and shows its
 * progress. Starting it again is the retry: it refunds whatever is still paid. Without a payment
 * provider it does not start (503): every refund would fail.
 */
export const adminEventCancellation = new Hono<AppEnv>()
  .get("/:id/cancellation", requireAdmin, validate("param", idParam), async (c) => {
    const result = await cancellationProgress(c.var.db, c.req.valid("param").id);
    if (!result.ok) return answer(c, result);
    return c.json({ progress: result.value }, 200);
  })
  // What the cancellation would do to the season holders of this match, shown before the admin confirms.
  .get("/:id/cancellation/seasons", requireAdmin, validate("param", idParam), async (c) => c.json({ seasons: await seasonCancellationPreview(c.var.db, c.req.valid("param").id) }, 200))
  .post("/:id/cancel", requireAdmin, audited("event.cancel"), paymentProvider, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const exists = await cancellationProgress(c.var.db, id);
    if (!exists.ok) return answer(c, exists);
    const instance = await c.env.CANCEL_EVENT.create({ id: `cancel-event-${id}-${Date.now()}`, params: { eventId: id } });
    return c.json({ id, instanceId: instance.id }, 202);
  })
  // "Rinvia evento": new date and time, a window to cancel with a full refund, an e-mail to every paid customer.
  .post("/:id/postpone", requireAdmin, audited("event.postpone"), validate("param", idParam), validate("json", postponeInput), async (c) => {
    const db = c.var.db;
    const result = await postponeEvent(db, c.req.valid("param").id, c.req.valid("json"), Date.now());
    if (!result.ok) return answer(c, result);
    c.executionCtx.waitUntil(dispatchQueued(c.env, db, Date.now()));
    return answer(c, result);
  });
