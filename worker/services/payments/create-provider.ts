import type { Db } from "../../db";
import { isDemoMode } from "../demo-mode";
import { createDemoProvider } from "./demo";
import type { PaymentProvider } from "./provider";
import { createStripeProvider } from "./stripe";

/**
 * Stripe when a secret key is configured; the demo provider (no real money, intents in D1) only
 * where DEMO_MODE asks for it on a local address; otherwise none: the shop does not sell
 * (docs/decisions/044-fail-closed.md).
 */
export function createPaymentProvider(env: Env, db: Db): PaymentProvider | null {
  if (env.STRIPE_SECRET_KEY) return createStripeProvider(env);
  return isDemoMode(env) ? createDemoProvider(db) : null;
}

/** Thrown where no answer can carry the 503 (a Workflow step): the step fails and is retried or recorded. */
export class PaymentsUnavailable extends Error {
  constructor() {
    super("payments are not configured");
    this.name = "PaymentsUnavailable";
  }
}

/** The provider, or a thrown PaymentsUnavailable. */
export function requirePaymentProvider(env: Env, db: Db): PaymentProvider {
  const provider = createPaymentProvider(env, db);
  if (!provider) throw new PaymentsUnavailable();
  return provider;
}
