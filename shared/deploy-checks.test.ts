import { describe, expect, it } from "vitest";
import { deployBaseUrlProblem, deployRefusals, PLACEHOLDER_DATABASE_ID, PLACEHOLDER_RATE_LIMIT_NAMESPACE, type DeployFacts } from "./deploy-checks";

describe("the deploy refuses a base URL that cannot reach customers", () => {
  it.each([
    ["wrangler.toml's local default", "http://localhost:8787"],
    ["another local port", "http://localhost:5173/"],
    ["a loopback address", "http://127.0.0.1:8787"],
    ["IPv6 loopback", "http://[::1]:8787"],
    ["a *.localhost name", "https://shop.localhost"],
    ["the any-address", "http://0.0.0.0"],
    ["plain http", "http://parcheggi.example"],
    ["nothing at all", ""],
    ["not a URL", "parcheggi.example"],
  ])("refuses %s", (_name, value) => {
    expect(deployBaseUrlProblem(value)).toEqual(expect.any(String));
  });

  it("accepts the garage's https domain", () => {
    expect(deployBaseUrlProblem("https://parcheggi.example")).toBeNull();
    expect(deployBaseUrlProblem(" https://www.parcheggi.example/ ")).toBeNull();
  });
});

/** A deployment that may go live: every later case changes one thing. */
const ready = {
  baseUrl: "https://parcheggi.example",
  databaseId: "4f1c2b9e-7d3a-4e8b-9a51-2c6d0e8f7a13",
  rateLimitNamespaces: ["472019"],
  stripePublishableKey: "pk_live_garage",
  secrets: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "UPLOAD_SIGNING_KEY"],
  newDatabase: false,
} satisfies DeployFacts;

const without = (name: string) => ready.secrets.filter((s) => s !== name);

describe("the deploy's checks, configuration by configuration (no call to Cloudflare)", () => {
  it("lets a complete configuration go", () => {
    expect(deployRefusals(ready)).toEqual([]);
  });

  it.each<[string, Partial<DeployFacts>, string]>([
    ["plain http base URL", { baseUrl: "http://parcheggi.example" }, "PUBLIC_BASE_URL=https://<your-domain> npm run deploy"],
    ["the local base URL", { baseUrl: "http://localhost:8787" }, "PUBLIC_BASE_URL=https://<your-domain> npm run deploy"],
    ["no base URL", { baseUrl: undefined }, "PUBLIC_BASE_URL=https://<your-domain> npm run deploy"],
    ["the placeholder database_id", { databaseId: PLACEHOLDER_DATABASE_ID }, "npx wrangler d1 create parcheggi-eventi --jurisdiction eu"],
    ["an empty database_id", { databaseId: "" }, "npx wrangler d1 create parcheggi-eventi --jurisdiction eu"],
    ["the local rate-limit namespace", { rateLimitNamespaces: [PLACEHOLDER_RATE_LIMIT_NAMESPACE] }, "namespace_id"],
    ["one local namespace among real ones", { rateLimitNamespaces: ["472019", PLACEHOLDER_RATE_LIMIT_NAMESPACE] }, "namespace_id"],
    ["no rate-limit binding", { rateLimitNamespaces: [] }, "namespace_id"],
    ["no publishable key", { stripePublishableKey: "" }, "STRIPE_PUBLISHABLE_KEY"],
    ["no Stripe secret key", { secrets: without("STRIPE_SECRET_KEY") }, "npx wrangler secret put STRIPE_SECRET_KEY"],
    ["no webhook secret", { secrets: without("STRIPE_WEBHOOK_SECRET") }, "npx wrangler secret put STRIPE_WEBHOOK_SECRET"],
    ["no upload signing key", { secrets: without("UPLOAD_SIGNING_KEY") }, "npx wrangler secret put UPLOAD_SIGNING_KEY"],
    ["a new database without the first owner's e-mail", { newDatabase: true, secrets: [...ready.secrets, "ADMIN_PASSWORD"] }, "npx wrangler secret put ADMIN_EMAIL"],
    ["a new database without the first owner's password", { newDatabase: true, secrets: [...ready.secrets, "ADMIN_EMAIL"] }, "npx wrangler secret put ADMIN_PASSWORD"],
  ])("refuses %s, saying what to run", (_name, change, fix) => {
    const refusals = deployRefusals({ ...ready, ...change });
    expect(refusals).toHaveLength(1);
    expect(refusals[0].fix).toContain(fix);
    expect(refusals[0].problem).toEqual(expect.any(String));
  });

  it("says so when the secrets could not be listed, and counts every required one as missing", () => {
    const refusals = deployRefusals({ ...ready, secrets: null });
    expect(refusals.map((r) => r.fix)).toEqual([
      "npx wrangler login; a new Worker gets its secrets from npx wrangler secret put, one by one as below",
      "npx wrangler secret put STRIPE_SECRET_KEY",
      "npx wrangler secret put STRIPE_WEBHOOK_SECRET",
      "npx wrangler secret put UPLOAD_SIGNING_KEY",
    ]);
  });

  it("needs the first owner's secrets only while the database has no owner", () => {
    expect(deployRefusals({ ...ready, newDatabase: true, secrets: [...ready.secrets, "ADMIN_EMAIL", "ADMIN_PASSWORD"] })).toEqual([]);
    expect(deployRefusals({ ...ready, newDatabase: false })).toEqual([]);
  });

  it("lists every problem of a first attempt at once: wrangler.toml as cloned, no secrets", () => {
    const refusals = deployRefusals({
      baseUrl: "http://localhost:8787",
      databaseId: PLACEHOLDER_DATABASE_ID,
      rateLimitNamespaces: [PLACEHOLDER_RATE_LIMIT_NAMESPACE],
      stripePublishableKey: "",
      secrets: [],
      newDatabase: true,
    });
    expect(refusals.map((r) => r.fix.split(",")[0])).toEqual([
      "PUBLIC_BASE_URL=https://<your-domain> npm run deploy",
      "npx wrangler d1 create parcheggi-eventi --jurisdiction eu",
      "set namespace_id in wrangler.toml's [[ratelimits]] to a positive integer no other Worker of your Cloudflare account uses",
      'set STRIPE_PUBLISHABLE_KEY = "pk_live_…" in wrangler.toml [vars] (Stripe dashboard → Developers → API keys)',
      "npx wrangler secret put STRIPE_SECRET_KEY",
      "npx wrangler secret put STRIPE_WEBHOOK_SECRET",
      "npx wrangler secret put UPLOAD_SIGNING_KEY",
      "npx wrangler secret put ADMIN_EMAIL",
      "npx wrangler secret put ADMIN_PASSWORD",
    ]);
  });
});
