import { Hono } from "hono";
import type { ClientErrorStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { plateSchema, validate } from "../lib/validate";
import { limitRequestRate } from "../middleware/request-rate";
import { cancelByCustomer, changePlate, getCancellation } from "../services/cancellations";
import { dispatchQueued } from "../services/email/outbox";
import { createPaymentProvider } from "../services/payments/provider";
import { PASS_SECRET_PATTERN } from "../services/passes";

const secretParam = z.object({ secret: z.string().regex(PASS_SECRET_PATTERN, "Pass non trovato") });

/**
 * What the holder of a pass may do with it (mounted at /api/passes): the secret is the key, as for
 * reading the pass. Cancel (full automatic refund) until the event's deadline; change the plate
 * until the event starts.
 */
export const passActions = new Hono<AppEnv>()
  .get("/:secret/cancellation", validate("param", secretParam), async (c) => {
    c.header("Cache-Control", "no-store");
    const result = await getCancellation(c.var.db, c.req.valid("param").secret, Date.now());
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
  })
  .post("/:secret/cancel", limitRequestRate, validate("param", secretParam), async (c) => {
    const db = c.var.db;
    const result = await cancelByCustomer(db, createPaymentProvider(c.env, db), c.req.valid("param").secret, Date.now());
    if (!result.ok) return c.json(result.error, result.status as ClientErrorStatusCode);
    c.executionCtx.waitUntil(dispatchQueued(c.env, db, Date.now()));
    return c.json(result.value, 200);
  })
  .put("/:secret/plate", limitRequestRate, validate("param", secretParam), validate("json", z.object({ licensePlate: plateSchema })), async (c) => {
    const result = await changePlate(c.var.db, c.req.valid("param").secret, c.req.valid("json").licensePlate, Date.now());
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
  });
