import type Stripe from "stripe";
import { RefundRefused, type CancelResult, type PaymentIntentView, type PaymentProvider, type ProviderRefundView } from "./provider";

/**
 * Stripe's SDK, evaluated on the first request that talks to Stripe, not at every cold start: the demo
 * shop and most requests never need it (issue #42; password-strength.ts loads zxcvbn the same way).
 */
export async function stripeSdk(): Promise<typeof Stripe> {
  return (await import("stripe")).default;
}

/**
 * The real SDK over fetch (workerd has no Node http). STRIPE_API_BASE points it elsewhere, e.g.
 * at the local stand-in the tests start; production leaves it unset and talks to api.stripe.com.
 */
export async function createStripeClient(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">): Promise<Stripe> {
  const Sdk = await stripeSdk();
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new Sdk(env.STRIPE_SECRET_KEY!, {
    httpClient: Sdk.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "https:" ? 443 : 80),
      protocol: base.protocol === "https:" ? "https" : "http",
    }),
  });
}

export function intentView(pi: Stripe.PaymentIntent): PaymentIntentView {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? "",
    amountCents: pi.amount,
    currency: pi.currency,
    status: pi.status,
    metadata: { ...pi.metadata },
  };
}

export function refundView(r: Stripe.Refund): ProviderRefundView {
  const status = r.status === "succeeded" ? "succeeded" : r.status === "failed" || r.status === "canceled" ? "failed" : "pending";
  return {
    id: r.id,
    paymentIntentId: typeof r.payment_intent === "string" ? r.payment_intent : (r.payment_intent?.id ?? ""),
    amountCents: r.amount,
    status,
    failureReason: status === "failed" ? (r.failure_reason ?? r.status ?? "failed") : null,
    refundRowId: r.metadata?.refundRowId ?? null,
  };
}

const errorCode = (stripe: Stripe, err: unknown): string | undefined =>
  err instanceof stripe.errors.StripeError ? err.code : undefined;

/** Sync, as the other providers: the SDK is loaded by the first call that reaches Stripe. */
export function createStripeProvider(env: Env): PaymentProvider {
  let client: Promise<Stripe> | undefined;
  const connect = () => (client ??= createStripeClient(env));
  return {
    name: "stripe",
    publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    async createIntent({ amountCents, currency, metadata, idempotencyKey }) {
      const stripe = await connect();
      const pi = await stripe.paymentIntents.create(
        { amount: amountCents, currency, metadata, automatic_payment_methods: { enabled: true } },
        idempotencyKey ? { idempotencyKey } : undefined,
      );
      return intentView(pi);
    },
    async retrieveIntent(id) {
      const stripe = await connect();
      try {
        return intentView(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (errorCode(stripe, err) === "resource_missing") return null;
        throw err;
      }
    },
    async cancelIntent(id): Promise<CancelResult> {
      const stripe = await connect();
      try {
        await stripe.paymentIntents.cancel(id);
        return "canceled";
      } catch (err) {
        const code = errorCode(stripe, err);
        if (code === "resource_missing") return "not_found";
        if (code === "payment_intent_unexpected_state") return "not_cancelable";
        throw err;
      }
    },
    async refundIntent(id, idempotencyKey) {
      const stripe = await connect();
      try {
        await stripe.refunds.create({ payment_intent: id }, { idempotencyKey });
      } catch (err) {
        // Refunded already (e.g. from the Dashboard): the goal of this call is met.
        if (errorCode(stripe, err) === "charge_already_refunded") return;
        throw err;
      }
    },
    async refundAmount(id, amountCents, idempotencyKey, metadata) {
      const stripe = await connect();
      try {
        return refundView(await stripe.refunds.create({ payment_intent: id, amount: amountCents, metadata }, { idempotencyKey }));
      } catch (err) {
        // 4xx: Stripe looked at the request and said no (amount_too_large, charge_already_refunded…).
        if (err instanceof stripe.errors.StripeInvalidRequestError || err instanceof stripe.errors.StripeCardError) {
          throw new RefundRefused(err.code ?? "refused", err.message);
        }
        throw err;
      }
    },
    async listRefunds(paymentIntentId) {
      const stripe = await connect();
      const page = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 });
      return page.data.map(refundView);
    },
  };
}
