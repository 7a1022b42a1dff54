import { Hono } from "hono";
import type { ClientErrorStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { textField } from "../lib/text";
import type { AppEnv } from "../app-env";
import { messages } from "../i18n/it";
import { parseAmountToCents } from "../../shared/lifecycle/money";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { paymentProvider } from "../middleware/payment-provider";
import { requireAdmin } from "../middleware/require-admin";
import { dispatchQueued } from "../services/email/outbox";
import { offerAfterBookingFreed } from "../services/waitlist-offers";
import { refundBooking, refundsOfBooking, retryRefund } from "../services/refunds";

const bookingParam = z.object({ id: z.uuid(messages.invalidBooking) });
const refundParam = z.object({ id: z.string().regex(/^(provider:)?[\w-]{1,100}$/, messages.invalidRefund) });
const AMOUNT = messages.invalidRefundAmount;
const refundInput = z.object({
  // Empty or missing: the whole amount still refundable.
  amount: z
    .string()
    .max(12, AMOUNT)
    .optional()
    .transform((s, ctx) => {
      if (!s?.trim()) return null;
      const cents = parseAmountToCents(s);
      if (cents == null) {
        ctx.addIssue({ code: "custom", message: AMOUNT });
        return z.NEVER;
      }
      return cents;
    }),
  reason: textField({ field: "reason", max: 300 }).default(""),
});

/** Refunds of a paid booking, full or partial, through the payment provider (mounted at /api/admin). */
export const adminRefunds = new Hono<AppEnv>()
  .get("/bookings/:id/refunds", requireAdmin, validate("param", bookingParam), async (c) => c.json(await refundsOfBooking(c.var.db, c.req.valid("param").id), 200))
  .post("/bookings/:id/refunds", requireAdmin, audited("booking.refund"), paymentProvider, validate("param", bookingParam), validate("json", refundInput), async (c) => {
    const db = c.var.db;
    const { amount, reason } = c.req.valid("json");
    const result = await refundBooking(
      db,
      c.var.payments,
      { bookingId: c.req.valid("param").id, amountCents: amount, reason, source: "admin", staffId: c.var.staff?.id ?? null },
      Date.now(),
    );
    if (!result.ok) return c.json(result.error, result.status as ClientErrorStatusCode);
    c.executionCtx.waitUntil(dispatchQueued(c.env, db, Date.now()));
    await offerAfterBookingFreed(db, c.env, c.req.valid("param").id, Date.now());
    // 202: recorded, the provider has not confirmed it yet (the cron and its webhooks follow it).
    return result.value.refund.status === "succeeded" ? c.json(result.value, 201) : c.json(result.value, 202);
  })
  // "Riprova" on a refund the provider refused.
  .post("/refunds/:id/retry", requireAdmin, audited("refund.retry"), paymentProvider, validate("param", refundParam), async (c) => {
    const db = c.var.db;
    const result = await retryRefund(db, c.var.payments, c.req.valid("param").id, Date.now());
    if (!result.ok) return c.json(result.error, result.status as ClientErrorStatusCode);
    c.executionCtx.waitUntil(dispatchQueued(c.env, db, Date.now()));
    return c.json(result.value, 200);
  });
