/// <reference types="node" />
/**
 * A local stand-in for the few Stripe endpoints the Worker calls (no internet here, and no
 * stripe-mock on npm). Runs in Node from vitest's globalSetup; the real `stripe` SDK inside
 * workerd talks to it through STRIPE_API_BASE. It keeps Stripe's shapes, error codes and
 * idempotency-key semantics, which are what the app's correctness depends on.
 *
 * Test-only controls live under /_test (never a Stripe path): confirm a card, tamper with an
 * intent, list refunds (all, or one intent's), make the next calls to a path fail. A refund made
 * "from the Dashboard" is a plain POST /v1/refunds without the Worker's metadata.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Intent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: { code: string; message: string; type: string } | null;
  latest_charge: string | null;
  canceled_at: number | null;
};

type Refund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: "succeeded";
  created: number;
  metadata: Record<string, string>;
};

type Stored = { status: number; body: unknown; fingerprint: string };

export type StandIn = { url: string; close(): Promise<void> };

let sequence = 0;
const newId = (prefix: string) => `${prefix}_standin${Date.now().toString(36)}${(++sequence).toString(36)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding, one or two bracket levels: metadata[bookingId]=…, automatic_payment_methods[enabled]=true. */
function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[]+)\[([^\]]+)\]$/.exec(key);
    if (match) {
      const group = (out[match[1]] ??= {}) as Record<string, string>;
      group[match[2]] = value;
    } else {
      out[key] = value;
    }
  }
  return out;
}

function stripeError(status: number, code: string, message: string, type = "invalid_request_error") {
  return { status, body: { error: { type, code, message } } };
}

export async function startStripeStandIn(): Promise<StandIn> {
  const intents = new Map<string, Intent>();
  const refunds: Refund[] = [];
  const idempotent = new Map<string, Stored>();
  const failures = new Map<string, number>();

  function handleApi(method: string, path: string, params: Record<string, unknown>): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/payment_intents") {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) return stripeError(400, "amount_too_small", "Amount must be at least €0.50 eur");
      const id = newId("pi");
      const intent: Intent = {
        id,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency: String(params.currency ?? "eur"),
        status: "requires_payment_method",
        client_secret: `${id}_secret_${Math.random().toString(36).slice(2)}`,
        metadata: (params.metadata as Record<string, string>) ?? {},
        created: nowSeconds(),
        livemode: false,
        automatic_payment_methods: params.automatic_payment_methods ? { enabled: true } : null,
        last_payment_error: null,
        latest_charge: null,
        canceled_at: null,
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    let m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (m && method === "GET") {
      const intent = intents.get(m[1]);
      return intent ? { status: 200, body: intent } : stripeError(404, "resource_missing", `No such payment_intent: '${m[1]}'`);
    }
    m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (m && method === "POST") {
      const intent = intents.get(m[1]);
      if (!intent) return stripeError(404, "resource_missing", `No such payment_intent: '${m[1]}'`);
      if (intent.status === "succeeded" || intent.status === "canceled") {
        return stripeError(400, "payment_intent_unexpected_state", `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
      }
      intent.status = "canceled";
      intent.canceled_at = nowSeconds();
      return { status: 200, body: intent };
    }
    if (method === "GET" && path === "/v1/refunds") {
      const data = refunds.filter((r) => params.payment_intent === undefined || r.payment_intent === params.payment_intent);
      return { status: 200, body: { object: "list", url: "/v1/refunds", has_more: false, data } };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = intents.get(String(params.payment_intent));
      if (!intent) return stripeError(404, "resource_missing", `No such payment_intent: '${String(params.payment_intent)}'`);
      if (intent.status !== "succeeded") return stripeError(400, "payment_intent_unexpected_state", "This PaymentIntent has no successful charge to refund.");
      const refunded = refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
      if (refunded >= intent.amount) return stripeError(400, "charge_already_refunded", `Charge ${intent.latest_charge} has already been refunded.`);
      // Partial refunds: `amount` at most what is left, as Stripe checks.
      const amount = params.amount === undefined ? intent.amount - refunded : Number(params.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount - refunded) {
        return stripeError(400, "amount_too_large", `Refund amount (€${amount / 100}) is greater than unrefunded amount on charge (€${(intent.amount - refunded) / 100})`);
      }
      const refund: Refund = {
        id: newId("re"),
        object: "refund",
        metadata: (params.metadata as Record<string, string>) ?? {},
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        status: "succeeded",
        created: nowSeconds(),
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return stripeError(404, "resource_missing", `Unrecognized request URL (${method}: ${path}).`);
  }

  function handleControl(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): { status: number; body: unknown } {
    let m = /^\/_test\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (m && method === "POST") {
      // What the customer's browser does with Stripe.js: the card succeeds or is declined.
      const intent = intents.get(m[1]);
      if (!intent) return { status: 404, body: { error: "no such intent" } };
      if (body.outcome === "declined") {
        intent.last_payment_error = { code: "card_declined", message: "Your card was declined.", type: "card_error" };
      } else {
        intent.status = "succeeded";
        intent.amount_received = intent.amount;
        intent.latest_charge = newId("ch");
        intent.last_payment_error = null;
      }
      return { status: 200, body: intent };
    }
    m = /^\/_test\/payment_intents\/([^/]+)$/.exec(path);
    if (m && method === "POST") {
      const intent = intents.get(m[1]);
      if (!intent) return { status: 404, body: { error: "no such intent" } };
      Object.assign(intent, body);
      return { status: 200, body: intent };
    }
    if (method === "GET" && path === "/_test/refunds") {
      // ?payment_intent= narrows the list: a long property run leaves thousands of refunds behind.
      const of = query.get("payment_intent");
      return { status: 200, body: of ? refunds.filter((r) => r.payment_intent === of) : refunds };
    }
    if (method === "POST" && path === "/_test/fail") {
      failures.set(String(body.path), Number(body.times ?? 1));
      return { status: 200, body: { ok: true } };
    }
    return { status: 404, body: { error: "unknown control" } };
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    // No keep-alive: workerd would reuse a pooled connection just as Node closes it after its idle
    // timeout, and the request fails with "Network connection lost" (seen once in 31,000 steps of the
    // lifecycle property on a loaded machine). A local connection per request costs nothing here.
    res.writeHead(status, { "Content-Type": "application/json", "Request-Id": newId("req"), Connection: "close", ...headers });
    res.end(JSON.stringify(body));
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    const text = await readBody(req);
    if (url.pathname.startsWith("/_test/")) {
      const answer = handleControl(method, url.pathname, url.searchParams, text ? (JSON.parse(text) as Record<string, unknown>) : {});
      return send(res, answer.status, answer.body);
    }
    if (!/^Bearer sk_test_/.test(req.headers.authorization ?? "")) {
      return send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const failing = failures.get(url.pathname) ?? 0;
    if (failing > 0) {
      failures.set(url.pathname, failing - 1);
      return send(res, 500, { error: { type: "api_error", message: "Simulated outage" } }, { "Stripe-Should-Retry": "false" });
    }
    const params = method === "GET" ? Object.fromEntries(url.searchParams) : parseForm(text);
    const key = req.headers["idempotency-key"];
    if (method === "POST" && typeof key === "string") {
      const fingerprint = `${url.pathname} ${JSON.stringify(params)}`;
      const stored = idempotent.get(key);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          const err = stripeError(400, "idempotency_key_in_use", "Keys for idempotent requests can only be used with the same parameters they were first used with.", "idempotency_error");
          return send(res, err.status, err.body);
        }
        return send(res, stored.status, stored.body, { "Idempotent-Replayed": "true" });
      }
      const answer = handleApi(method, url.pathname, params);
      // Like Stripe, only completed requests (not 5xx) are remembered under their key.
      if (answer.status < 500) idempotent.set(key, { ...answer, fingerprint });
      return send(res, answer.status, answer.body);
    }
    const answer = handleApi(method, url.pathname, params);
    return send(res, answer.status, answer.body);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
