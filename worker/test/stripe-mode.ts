import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { inject } from "vitest";
import { app } from "../app";
import { browserRequest } from "./helpers";

export const WEBHOOK_SECRET = "whsec_test_stand_in_secret";

/** The Worker's env with Stripe configured and pointed at the local stand-in. */
export function stripeEnv(): Env {
  return {
    ...env,
    STRIPE_SECRET_KEY: "sk_test_stand_in",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: "pk_test_stand_in",
    STRIPE_API_BASE: inject("stripeApiBase"),
  };
}

/** Like api() but with Stripe configured: the real app, the real SDK, the stand-in behind it. */
export async function stripeApi(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(browserRequest(path, init), stripeEnv(), ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Calls the stand-in directly: its Stripe API (with a test key) or its /_test controls. */
export async function standIn<T = unknown>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const res = await fetch(`${inject("stripeApiBase")}${path}`, {
    method: init.method ?? (init.json ? "POST" : "GET"),
    headers: { Authorization: "Bearer sk_test_stand_in", "Content-Type": "application/json" },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  return res.json<T>();
}

export const getIntent = (id: string) => standIn<Stripe.PaymentIntent>(`/v1/payment_intents/${id}`);
export const confirmCard = (id: string, outcome: "succeeded" | "declined" = "succeeded") =>
  standIn<Stripe.PaymentIntent>(`/_test/payment_intents/${id}/confirm`, { json: { outcome } });
export const refundsOf = (paymentIntentId: string) =>
  standIn<Stripe.Refund[]>(`/_test/refunds?payment_intent=${encodeURIComponent(paymentIntentId)}`);

/**
 * A refund made at the provider without the Worker, as from the Stripe Dashboard: no idempotency
 * key, no metadata. `amount` omitted refunds whatever is left. Stripe's refusal is answered, not thrown.
 */
export async function dashboardRefund(paymentIntentId: string, amount?: number): Promise<{ ok: true; refund: Stripe.Refund } | { ok: false; code: string }> {
  const form = new URLSearchParams({ payment_intent: paymentIntentId, ...(amount === undefined ? {} : { amount: String(amount) }) });
  const res = await fetch(`${inject("stripeApiBase")}/v1/refunds`, {
    method: "POST",
    headers: { Authorization: "Bearer sk_test_stand_in", "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  const body = await res.json<Stripe.Refund & { error?: { code: string } }>();
  return res.ok ? { ok: true, refund: body } : { ok: false, code: body.error?.code ?? String(res.status) };
}

/** The charge of a succeeded intent as charge.refunded carries it, once `refunded` cents went back. */
export function refundedCharge(intent: Stripe.PaymentIntent, refunded: number) {
  return {
    id: intent.latest_charge as string,
    object: "charge",
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: refunded,
    currency: intent.currency,
    paid: true,
    payment_intent: intent.id,
    refunded: refunded >= intent.amount,
    status: "succeeded",
    metadata: intent.metadata,
  };
}

let eventSequence = 0;

/** A Stripe event as Stripe would send it, for an object read back from the stand-in. */
export function stripeEvent<T extends object>(type: string, object: T, id = `evt_test_${Date.now().toString(36)}_${++eventSequence}`) {
  return { id, object: "event", api_version: "2026-01-01", created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
}

/** Delivers an event to POST /api/stripe/webhook with a real signature (or a forged/stale one). */
export async function deliverWebhook(event: unknown, opts: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const signature =
    opts.signature !== undefined
      ? opts.signature
      : await Stripe.webhooks.generateTestHeaderStringAsync({
          payload,
          secret: opts.secret ?? WEBHOOK_SECRET,
          timestamp: opts.timestamp,
          cryptoProvider: Stripe.createSubtleCryptoProvider(),
        });
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  return stripeApi("/api/stripe/webhook", { method: "POST", body: payload, headers });
}
