import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { paymentProvider } from "../middleware/payment-provider";
import { dispatchQueued } from "../services/email/outbox";
import { handleStripeEvent, verifyStripeEvent } from "../services/payments/webhook";
import { holdCap } from "../services/holds";
import { messages } from "../i18n/it";

const stripeEventShape = z.union([
  z.object({
    id: z.string().min(1),
    type: z.string().startsWith("payment_intent."),
    data: z.object({ object: z.looseObject({ id: z.string().min(1), metadata: z.record(z.string(), z.string()).nullish() }) }),
  }),
  z.object({ id: z.string().min(1), type: z.string().refine((t) => !t.startsWith("payment_intent.")), data: z.object({ object: z.looseObject({}) }) }),
]);

/** Stripe's webhook exists only where Stripe is configured (its secret key and the signing secret). */
const stripeConfigured = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.env.STRIPE_SECRET_KEY || !c.env.STRIPE_WEBHOOK_SECRET) return c.json(errorBody("not_found", messages.resourceNotFound), 404);
  await next();
});

export const stripeWebhook = new Hono<AppEnv>().post(
  "/",
  stripeConfigured,
  validate("header", z.object({ "stripe-signature": z.string().max(2000).optional() })),
  paymentProvider,
  async (c) => {
    // The signature covers the exact bytes Stripe sent, so the body is read raw, never re-serialised.
    const event = await verifyStripeEvent(c.env, await c.req.text(), c.req.valid("header")["stripe-signature"]);
    if (!event) return c.json(errorBody("validation_failed", messages.invalidWebhookSignature), 400);
    // Signed is not the same as well-formed: an event we cannot read is refused, not a crash.
    if (!stripeEventShape.safeParse(event).success) return c.json(errorBody("validation_failed", messages.invalidWebhookEvent), 400);
    const result = await handleStripeEvent(c.var.db, c.var.payments, event, Date.now(), holdCap(c.env).bookingsPerEvent);
    // The confirmation e-mail row was written with the payment; the queue sends it (never blocking this answer).
    c.executionCtx.waitUntil(dispatchQueued(c.env, c.var.db, Date.now()));
    return c.json({ received: true, duplicate: result.duplicate }, 200);
  },
);
