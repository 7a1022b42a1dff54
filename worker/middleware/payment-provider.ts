import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { createPaymentProvider } from "../services/payments/create-provider";
import type { PaymentProvider } from "../services/payments/provider";

/** The request's payment provider on `c.var.payments`, made once, on the routes that move money. */
export const paymentProvider = createMiddleware<AppEnv & { Variables: { payments: PaymentProvider } }>(async (c, next) => {
  c.set("payments", createPaymentProvider(c.env, c.var.db));
  await next();
});
