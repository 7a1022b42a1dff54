import type { Db } from "../../db";
import { createDemoProvider } from "./demo";
import type { PaymentProvider } from "./provider";
import { createStripeProvider } from "./stripe";

/** Stripe when a secret key is configured, otherwise the demo provider (no real money, intents in D1). */
export function createPaymentProvider(env: Env, db: Db): PaymentProvider {
  return env.STRIPE_SECRET_KEY ? createStripeProvider(env) : createDemoProvider(db);
}
