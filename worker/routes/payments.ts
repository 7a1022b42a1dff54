import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { conflict, errorBody, invalid, notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { limitRequestRate } from "../middleware/request-rate";
import { HOLD_CAP_REACHED, holdCap, holdMinutes } from "../services/bookings";
import { dispatchQueued } from "../services/email/outbox";
import { confirmPayment, createBookingIntent, createPresaleIntent, PAYMENT_NOT_FOUND } from "../services/payments/checkout";
import { confirmDemoIntent, DEMO_DECLINE_MESSAGE } from "../services/payments/demo";
import { createPaymentProvider } from "../services/payments/provider";
import { settleIntent } from "../services/payments/settle";
import { clientKeyOf, takeHit } from "../services/rate-limit";
import { idempotencyHeader } from "./bookings";

const PAYMENT_INVALID = "Pagamento non valido";

const intentInput = z.union([
  // The client's `amount` is accepted and ignored: the server prices everything.
  z.object({ bookingId: z.string().min(1).max(64), amount: z.unknown().optional() }),
  z.object({ eventId: z.coerce.number().int().positive(), type: z.literal("prevendita"), amount: z.unknown().optional() }),
]);

const paymentIntentInput = z.object({ paymentIntentId: z.string(PAYMENT_INVALID).trim().min(1, PAYMENT_INVALID).max(255, PAYMENT_INVALID) });

const demoConfirmInput = paymentIntentInput.extend({ cardNumber: z.string("Numero di carta non valido").max(40, "Numero di carta non valido") });

/** The demo card form exists only while no real provider is configured. */
const demoOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.env.STRIPE_SECRET_KEY) return c.json(errorBody("not_found", "Risorsa non trovata"), 404);
  await next();
});

export const payments = new Hono<AppEnv>()
  .post(
    "/create-payment-intent",
    limitRequestRate,
    validate("header", idempotencyHeader),
    validate("json", intentInput, "Indica la prenotazione o la prevendita da pagare"),
    async (c) => {
      const db = c.var.db;
      const provider = createPaymentProvider(c.env, db);
      const body = c.req.valid("json");
      if (!("bookingId" in body)) {
        // A presale intent is a hold to come: the same per-event cap, counted over one hold's lifetime.
        const rule = { bucket: `presale-intent:${body.eventId}`, limit: holdCap(c.env).perEvent, windowMs: holdMinutes(c.env) * 60_000 };
        if ((await takeHit(db, rule, clientKeyOf(c.req), Date.now())) === null) {
          return c.json(errorBody("rate_limited", HOLD_CAP_REACHED), 429);
        }
      }
      const result =
        "bookingId" in body
          ? await createBookingIntent(db, provider, body.bookingId, Date.now())
          : await createPresaleIntent(db, provider, body.eventId, Date.now(), c.req.valid("header")["idempotency-key"]);
      if (!result.ok) return c.json(result.error, result.status);
      return c.json(result.intent, 200);
    },
  )
  .post("/confirm-payment", limitRequestRate, validate("json", paymentIntentInput), async (c) => {
    const db = c.var.db;
    const result = await confirmPayment(db, createPaymentProvider(c.env, db), c.req.valid("json").paymentIntentId, Date.now());
    c.executionCtx.waitUntil(dispatchQueued(c.env, db, Date.now()));
    if (!result.ok) return c.json(result.error, result.status);
    return c.json(result.booking, 200);
  })
  .post("/demo/confirm", demoOnly, limitRequestRate, validate("json", demoConfirmInput), async (c) => {
    const db = c.var.db;
    const { paymentIntentId, cardNumber } = c.req.valid("json");
    const { result, intent } = await confirmDemoIntent(db, paymentIntentId, cardNumber);
    switch (result) {
      case "invalid_card":
        return c.json(invalid("Numero di carta non valido"), 400);
      case "not_found":
        return c.json(notFound(PAYMENT_NOT_FOUND), 404);
      case "canceled":
        return c.json(conflict("Pagamento annullato"), 409);
      case "declined":
        return c.json(errorBody("payment_failed", DEMO_DECLINE_MESSAGE), 402);
      case "succeeded":
        // What Stripe's webhook does in production: the booking is settled even if the browser closes now.
        await settleIntent(db, createPaymentProvider(c.env, db), intent!, Date.now());
        c.executionCtx.waitUntil(dispatchQueued(c.env, db, Date.now()));
        return c.json({ status: "succeeded" as const }, 200);
    }
  });
