import Stripe from "stripe";
import { RefundRefused, type CancelResult, type PaymentIntentView, type PaymentProvider, type ProviderRefundView } from "./provider";

/**
 * The real SDK over fetch (workerd has no Node http). STRIPE_API_BASE points it elsewhere, e.g.
 * at the local stand-in the tests start; production leaves it unset and talks to api.stripe.com.
 */
export function createStripeClient(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">): Stripe {
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new Stripe(env.STRIPE_SECRET_KEY!, {
    httpClient: Stripe.createFetchHttpClient(),
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

const errorCode = (err: unknown): string | undefined =>
  err instanceof Stripe.errors.StripeError ? err.code : undefined;

export function createStripeProvider(env: Env): PaymentProvider {
  const stripe = createStripeClient(env);
  return {
    name: "stripe",
    publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    async createIntent({ amountCents, currency, metadata, idempotencyKey }) {
      const pi = await stripe.paymentIntents.create(
        { amount: amountCents, currency, metadata, automatic_payment_methods: { enabled: true } },
        idempotencyKey ? { idempotencyKey } : undefined,
      );
      return intentView(pi);
    },
    async retrieveIntent(id) {
      try {
        return intentView(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (errorCode(err) === "resource_missing") return null;
        throw err;
      }
    },
    async cancelIntent(id): Promise<CancelResult> {
      try {
        await stripe.paymentIntents.cancel(id);
        return "canceled";
      } catch (err) {
        const code = errorCode(err);
        if (code === "resource_missing") return "not_found";
        if (code === "payment_intent_unexpected_state") return "not_cancelable";
        throw err;
      }
    },
    async refundIntent(id, idempotencyKey) {
      try {
        await stripe.refunds.create({ payment_intent: id }, { idempotencyKey });
      } catch (err) {
        // Refunded already (e.g. from the Dashboard): the goal of this call is met.
        if (errorCode(err) === "charge_already_refunded") return;
        throw err;
      }
    },
    async refundAmount(id, amountCents, idempotencyKey, metadata) {
      try {
        return refundView(await stripe.refunds.create({ payment_intent: id, amount: amountCents, metadata }, { idempotencyKey }));
      } catch (err) {
        // 4xx: Stripe looked at the request and said no (amount_too_large, charge_already_refunded…).
        if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) {
          throw new RefundRefused(err.code ?? "refused", err.message);
        }
        throw err;
      }
    },
    async listRefunds(paymentIntentId) {
      const page = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 });
      return page.data.map(refundView);
    },
  };
}
