import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody, invalid } from "../lib/errors";
import { validate } from "../lib/validate";
import { dispatchQueued } from "../services/email/outbox";
import { createPaymentProvider } from "../services/payments/provider";
import { handleStripeEvent, verifyStripeEvent } from "../services/payments/webhook";

const stripeEventShape = z.union([
  z.object({
    id: z.string().min(1),
    type: z.string().startsWith("payment_intent."),
    data: z.object({ object: z.looseObject({ id: z.string().min(1), metadata: z.record(z.string(), z.string()).nullish() }) }),
  }),
  z.object({ id: z.string().min(1), type: z.string().refine((t) => !t.startsWith("payment_intent.")), data: z.object({ object: z.looseObject({}) }) }),
]);

export const stripeWebhook = new Hono<AppEnv>().post(
  "/",
  validate("header", z.object({ "stripe-signature": z.string().max(2000).optional() })),
  async (c) => {
    if (!c.env.STRIPE_SECRET_KEY || !c.env.STRIPE_WEBHOOK_SECRET) return c.json(errorBody("not_found", "Risorsa non trovata"), 404);
    // The signature covers the exact bytes Stripe sent, so the body is read raw, never re-serialised.
    const event = await verifyStripeEvent(c.env, await c.req.text(), c.req.valid("header")["stripe-signature"]);
    if (!event) return c.json(invalid("Firma del webhook non valida"), 400);
    // Signed is not the same as well-formed: an event we cannot read is refused, not a crash.
    if (!stripeEventShape.safeParse(event).success) return c.json(invalid("Evento del webhook non valido"), 400);
    const db = c.var.db;
    const result = await handleStripeEvent(db, createPaymentProvider(c.env, db), event, Date.now());
    // The confirmation e-mail row was written with the payment; the queue sends it (never blocking this answer).
    c.executionCtx.waitUntil(dispatchQueued(c.env, db, Date.now()));
    return c.json({ received: true, duplicate: result.duplicate }, 200);
  },
);
