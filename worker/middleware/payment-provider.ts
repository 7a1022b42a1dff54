import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { messages } from "../i18n/it";
import { createPaymentProvider } from "../services/payments/create-provider";
import type { PaymentProvider } from "../services/payments/provider";

/**
 * The request's payment provider on `c.var.payments`, made once, on the routes that move money or
 * take a spot to be paid for. Without one (a live shop missing its Stripe secret) they answer 503
 * before writing anything: a shop that cannot take a real payment does not sell.
 */
export const paymentProvider = createMiddleware<AppEnv & { Variables: { payments: PaymentProvider } }>(async (c, next) => {
  const provider = createPaymentProvider(c.env, c.var.db);
  if (!provider) return c.json(errorBody("payments_unavailable", messages.paymentsUnavailable), 503);
  c.set("payments", provider);
  await next();
});
