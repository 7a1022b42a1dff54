import type { Db } from "../../db";
import { createDemoProvider } from "./demo";
import { createStripeProvider } from "./stripe";

export type ProviderName = "demo" | "stripe";

/** The part of a payment intent the app relies on, whichever provider holds it. */
export type PaymentIntentView = {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  /** Stripe's vocabulary: requires_payment_method, processing, succeeded, canceled, … */
  status: string;
  metadata: Record<string, string>;
};

export type CreateIntentInput = {
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  idempotencyKey?: string;
};

export type CancelResult = "canceled" | "not_cancelable" | "not_found";

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly publishableKey?: string;
  createIntent(input: CreateIntentInput): Promise<PaymentIntentView>;
  retrieveIntent(id: string): Promise<PaymentIntentView | null>;
  cancelIntent(id: string): Promise<CancelResult>;
  /** Refunds the whole intent. Safe to repeat: the same idempotency key never refunds twice. */
  refundIntent(id: string, idempotencyKey: string): Promise<void>;
  /** Refunds `amountCents` of the intent (full or part); the same key never refunds twice. */
  refundAmount(id: string, amountCents: number, idempotencyKey: string, metadata: Record<string, string>): Promise<{ refundId: string }>;
}

/** Stripe when a secret key is configured, otherwise the demo provider (no real money, intents in D1). */
export function createPaymentProvider(env: Env, db: Db): PaymentProvider {
  return env.STRIPE_SECRET_KEY ? createStripeProvider(env) : createDemoProvider(db);
}
