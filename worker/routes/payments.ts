import { Hono } from "hono";
import { answer } from "../lib/answer";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { idempotencyHeader, validate } from "../lib/validate";
import { paymentProvider } from "../middleware/payment-provider";
import { limitRequestRate } from "../middleware/request-rate";
import { holdCap, holdMinutes } from "../services/holds";
import { confirmPayment, createBookingIntent, createPresaleIntent } from "../services/payments/checkout";
import { confirmDemoIntent } from "../services/payments/demo";
import { handOverQueued } from "../services/email/outbox";
import { settleIntent } from "../services/payments/settle";
import { clientKeyOf, takeHit } from "../services/rate-limit";
import { isDemoMode } from "../services/demo-mode";
import { messages } from "../i18n/it";

const intentInput = z.union([
  // The client's `amount` is accepted and ignored: the server prices everything.
  z.object({ bookingId: z.string().min(1).max(64), amount: z.unknown().optional() }),
  z.object({ eventId: z.coerce.number().int().positive(), type: z.literal("prevendita"), amount: z.unknown().optional() }),
]);

const paymentIntentInput = z.object({ paymentIntentId: z.string(messages.invalidPayment).trim().min(1, messages.invalidPayment).max(255, messages.invalidPayment) });

const demoConfirmInput = paymentIntentInput.extend({ cardNumber: z.string(messages.invalidCardNumber).max(40, messages.invalidCardNumber) });

/** The demo card form exists only where DEMO_MODE asks for it and no real provider is configured. */
const demoOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.env.STRIPE_SECRET_KEY || !isDemoMode(c.env)) return c.json(errorBody("not_found", messages.resourceNotFound), 404);
  await next();
});

export const payments = new Hono<AppEnv>()
  .post(
    "/create-payment-intent",
    limitRequestRate,
    paymentProvider,
    validate("header", idempotencyHeader),
    validate("json", intentInput, messages.paymentTargetRequired),
    async (c) => {
      const { db, payments: provider } = c.var;
      const body = c.req.valid("json");
      if (!("bookingId" in body)) {
        // A presale intent is a hold to come: the same per-event cap, counted over one hold's lifetime.
        const rule = { bucket: `presale-intent:${body.eventId}`, limit: holdCap(c.env).perEvent, windowMs: holdMinutes(c.env) * 60_000 };
        if ((await takeHit(db, rule, clientKeyOf(c.req), Date.now())) === null) {
          return c.json(errorBody("rate_limited", messages.holdCapReached), 429);
        }
      }
      const result =
        "bookingId" in body
          ? await createBookingIntent(db, provider, body.bookingId, Date.now())
          : await createPresaleIntent(db, provider, body.eventId, Date.now(), c.req.valid("header")["idempotency-key"]);
      return answer(c, result);
    },
  )
  .post("/confirm-payment", limitRequestRate, paymentProvider, validate("json", paymentIntentInput), async (c) => {
    const result = await confirmPayment(c.var.db, c.var.payments, c.req.valid("json").paymentIntentId, Date.now(), holdCap(c.env).bookingsPerEvent);
    if (!result.ok) return answer(c, result);
    c.executionCtx.waitUntil(handOverQueued(c.env, c.var.db, result.value.queued, Date.now()));
    return c.json(result.value.booking, 200);
  })
  .post("/demo/confirm", demoOnly, limitRequestRate, paymentProvider, validate("json", demoConfirmInput), async (c) => {
    const db = c.var.db;
    const { paymentIntentId, cardNumber } = c.req.valid("json");
    const result = await confirmDemoIntent(db, paymentIntentId, cardNumber);
    if (!result.ok) return answer(c, result);
    // What Stripe's webhook does in production: the booking is settled even if the browser closes now.
    const { queued } = await settleIntent(db, c.var.payments, result.value, Date.now(), [], { bookingsPerEvent: holdCap(c.env).bookingsPerEvent });
    c.executionCtx.waitUntil(handOverQueued(c.env, db, queued, Date.now()));
    return c.json({ status: "succeeded" as const }, 200);
  });
