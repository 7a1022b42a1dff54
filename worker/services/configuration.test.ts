import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminCookie } from "../test/admin";
import { api } from "../test/helpers";
import { configProblems, configurationProblems, type ConfigProblem } from "./configuration";

/** A live shop with nothing missing: each case below breaks one thing. */
const live = {
  STRIPE_SECRET_KEY: "sk_live_garage",
  STRIPE_WEBHOOK_SECRET: "whsec_garage",
  STRIPE_PUBLISHABLE_KEY: "pk_live_garage",
  PUBLIC_BASE_URL: "https://parcheggi.example",
  DEMO_MODE: "",
  EMAIL_FROM: "prenotazioni@parcheggi.example",
  UPLOAD_SIGNING_KEY: "a-long-random-string",
  EMAIL: {},
  DEPLOY_DATABASE_ID: "4f1c2b9e-7d3a-4e8b-9a51-2c6d0e8f7a13",
  DEPLOY_RATE_LIMIT_NAMESPACE: "472019",
};

describe("the configuration check: one problem per misconfiguration", () => {
  it("finds nothing in a complete live configuration", () => {
    expect(configurationProblems(live)).toEqual([]);
  });

  const cases: [ConfigProblem, Partial<typeof live> & { EMAIL?: unknown }][] = [
    ["payments_missing", { STRIPE_SECRET_KEY: "" }],
    ["stripe_test_key", { STRIPE_SECRET_KEY: "sk_test_garage" }],
    ["stripe_publishable_key_missing", { STRIPE_PUBLISHABLE_KEY: " " }],
    ["webhook_secret_missing", { STRIPE_WEBHOOK_SECRET: "" }],
    ["email_sender_missing", { EMAIL_FROM: "" }],
    ["email_sender_missing", { EMAIL: undefined }],
    ["upload_signing_key_missing", { UPLOAD_SIGNING_KEY: "" }],
    ["database_placeholder", { DEPLOY_DATABASE_ID: "00000000-0000-0000-0000-000000000000" }],
    ["rate_limit_namespace_placeholder", { DEPLOY_RATE_LIMIT_NAMESPACE: "1001" }],
  ];
  it.each(cases)("reports %s", (problem, change) => {
    expect(configurationProblems({ ...live, ...change })).toEqual([problem]);
  });

  it("reports the demo as a problem where it runs, and no Stripe as a shop that cannot sell where it does not", () => {
    const local = { ...live, PUBLIC_BASE_URL: "http://localhost:8787", STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" };
    expect(configurationProblems({ ...local, DEMO_MODE: "1" })).toEqual(["payments_demo"]);
    expect(configurationProblems({ ...local, DEMO_MODE: "" })).toEqual(["payments_missing", "webhook_secret_missing"]);
    // DEMO_MODE left on behind a real domain changes nothing: the shop is not configured.
    expect(configurationProblems({ ...live, STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "", DEMO_MODE: "1" })).toEqual(["payments_missing", "webhook_secret_missing"]);
  });

  it("a Stripe test key is fine locally, and the ids are not judged when the build did not pass them", () => {
    expect(configurationProblems({ ...live, PUBLIC_BASE_URL: "http://localhost:8787", STRIPE_SECRET_KEY: "sk_test_garage" })).toEqual([]);
    expect(configurationProblems({ ...live, DEPLOY_DATABASE_ID: undefined, DEPLOY_RATE_LIMIT_NAMESPACE: undefined })).toEqual([]);
  });

  it("every problem has a case above", () => {
    const covered = new Set([...cases.map(([problem]) => problem), "payments_demo"]);
    expect([...configProblems].filter((p) => !covered.has(p))).toEqual([]);
  });
});

describe("GET /api/admin/configuration", () => {
  it("answers the local test Worker's problems: demo payments and wrangler.toml's placeholders", async () => {
    expect(env.DEMO_MODE).toBe("1");
    const res = await api("/api/admin/configuration", { headers: { Cookie: await adminCookie() } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ problems: ["payments_demo", "database_placeholder", "rate_limit_namespace_placeholder"] });
  });
});
