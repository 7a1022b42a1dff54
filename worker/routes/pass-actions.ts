import { Hono } from "hono";
import type { ClientErrorStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { messages } from "../i18n/it";
import { plateSchema, validate } from "../lib/validate";
import { localise, requestLang } from "../middleware/answer-language";
import { paymentProvider } from "../middleware/payment-provider";
import { limitRequestRate } from "../middleware/request-rate";
import { cancelByCustomer, changePlate, getCancellation } from "../services/cancellations";
import { dispatchQueued } from "../services/email/outbox";
import { PASS_SECRET_PATTERN } from "../services/passes";
import { offerAfterPassCancelled } from "../services/waitlist-offers";

const secretParam = z.object({ secret: z.string().regex(PASS_SECRET_PATTERN, messages.passNotFound) });

/**
 * What the holder of a pass may do with it (mounted at /api/passes): the secret is the key, as for
 * reading the pass. Cancel (full automatic refund) until the event's deadline; change the plate
 * until the event starts.
 */
export const passActions = new Hono<AppEnv>()
  .get("/:secret/cancellation", validate("param", secretParam), async (c) => {
    c.header("Cache-Control", "no-store");
    const result = await getCancellation(c.var.db, c.req.valid("param").secret, Date.now());
    if (!result.ok) return c.json(result.error, result.status as ClientErrorStatusCode);
    // Why the button is gone is read by the customer, in the page's language.
    const { reason } = result.value;
    return c.json({ ...result.value, reason: reason && localise(reason, requestLang(c.req)) }, 200);
  })
  .post("/:secret/cancel", limitRequestRate, paymentProvider, validate("param", secretParam), async (c) => {
    const db = c.var.db;
    const result = await cancelByCustomer(db, c.var.payments, c.req.valid("param").secret, Date.now());
    if (!result.ok) return c.json(result.error, result.status as ClientErrorStatusCode);
    await offerAfterPassCancelled(db, c.env, c.req.valid("param").secret, Date.now());
    c.executionCtx.waitUntil(dispatchQueued(c.env, db, Date.now()));
    return c.json(result.value, 200);
  })
  .put("/:secret/plate", limitRequestRate, validate("param", secretParam), validate("json", z.object({ licensePlate: plateSchema })), async (c) => {
    const result = await changePlate(c.var.db, c.req.valid("param").secret, c.req.valid("json").licensePlate, Date.now());
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
  });
