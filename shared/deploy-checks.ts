/**
 * What `npm run deploy` refuses (scripts/deploy.mjs gathers the facts; this file only judges them),
 * and the placeholders wrangler.toml ships for local runs, which the admin's configuration check
 * reports too (worker/services/configuration.ts). A shop that cannot take a real payment must not
 * go live (docs/decisions/044-fail-closed.md). Plain TypeScript without imports, so the deploy
 * script (Node, type stripping) and the tests share it.
 */

/** wrangler.toml's `database_id` until the owner creates the real database. */
export const PLACEHOLDER_DATABASE_ID = "00000000-0000-0000-0000-000000000000";
/** wrangler.toml's `[[ratelimits]]` namespace for local runs: a live account needs one of its own. */
export const PLACEHOLDER_RATE_LIMIT_NAMESPACE = "1001";

/** Secrets every deployment needs (`wrangler secret list` names them, never their values). */
export const REQUIRED_SECRETS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "UPLOAD_SIGNING_KEY"] as const;
/** The first owner's login: needed until the database has an owner account. */
export const FIRST_OWNER_SECRETS = ["ADMIN_EMAIL", "ADMIN_PASSWORD"] as const;

export type DeployFacts = {
  /** PUBLIC_BASE_URL: from the shell, else the built config's [vars]. */
  baseUrl: string | undefined;
  databaseId: string | undefined;
  /** Every `[[ratelimits]]` binding's namespace_id. */
  rateLimitNamespaces: string[];
  stripePublishableKey: string | undefined;
  /** The secret names `wrangler secret list` printed; null when it failed (not logged in, or no such Worker yet). */
  secrets: string[] | null;
  /** No owner account in the remote database yet (a new database, or one without migrations). */
  newDatabase: boolean;
};

/** A reason not to deploy, and what to run about it. */
export type DeployRefusal = { problem: string; fix: string };

/**
 * Why a public base URL cannot go to production, or null when it can. wrangler.toml ships
 * `PUBLIC_BASE_URL = "http://localhost:8787"` for local runs: a deploy that forgot to override it
 * would e-mail every customer links to their own computer.
 */
export function deployBaseUrlProblem(value: string | undefined): string | null {
  const text = value?.trim() ?? "";
  if (text === "") return "PUBLIC_BASE_URL is not set: set it to https://<your-domain>";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `PUBLIC_BASE_URL is not a URL: ${text}`;
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const local = host === "localhost" || host.endsWith(".localhost") || host === "0.0.0.0" || host === "::1" || /^127\./.test(host);
  if (local) return `PUBLIC_BASE_URL points at this computer (${text}): set it to https://<your-domain> before deploying`;
  if (url.protocol !== "https:") return `PUBLIC_BASE_URL must use https (${text})`;
  return null;
}

/** Every reason to refuse this deployment; none means it may go. */
export function deployRefusals(facts: DeployFacts): DeployRefusal[] {
  const refusals: DeployRefusal[] = [];
  const baseUrl = deployBaseUrlProblem(facts.baseUrl);
  if (baseUrl) refusals.push({ problem: baseUrl, fix: "PUBLIC_BASE_URL=https://<your-domain> npm run deploy" });
  const databaseId = facts.databaseId?.trim() ?? "";
  if (databaseId === "" || databaseId === PLACEHOLDER_DATABASE_ID) {
    refusals.push({
      problem: `wrangler.toml's [[d1_databases]] database_id is the placeholder ${databaseId || "(empty)"}`,
      fix: "npx wrangler d1 create parcheggi-eventi --jurisdiction eu, then put the printed database_id into wrangler.toml",
    });
  }
  const namespaces = facts.rateLimitNamespaces.map((n) => n.trim());
  if (namespaces.length === 0 || namespaces.some((n) => n === "" || n === PLACEHOLDER_RATE_LIMIT_NAMESPACE)) {
    refusals.push({
      problem: `wrangler.toml's [[ratelimits]] namespace_id is the local ${PLACEHOLDER_RATE_LIMIT_NAMESPACE} (or missing)`,
      fix: "set namespace_id in wrangler.toml's [[ratelimits]] to a positive integer no other Worker of your Cloudflare account uses",
    });
  }
  if (!facts.stripePublishableKey?.trim()) {
    refusals.push({
      problem: "STRIPE_PUBLISHABLE_KEY is empty: the checkout could not show Stripe's card form",
      fix: 'set STRIPE_PUBLISHABLE_KEY = "pk_live_…" in wrangler.toml [vars] (Stripe dashboard → Developers → API keys)',
    });
  }
  if (facts.secrets === null) {
    refusals.push({
      problem: "wrangler secret list failed: not logged in, or the Worker does not exist yet",
      fix: "npx wrangler login; a new Worker gets its secrets from npx wrangler secret put, one by one as below",
    });
  }
  const secrets = new Set(facts.secrets ?? []);
  const required = [...REQUIRED_SECRETS, ...(facts.newDatabase ? FIRST_OWNER_SECRETS : [])];
  for (const name of required) {
    if (secrets.has(name)) continue;
    const why = (FIRST_OWNER_SECRETS as readonly string[]).includes(name) ? " (the database has no owner account yet: the first owner logs in with it)" : "";
    refusals.push({ problem: `the secret ${name} is not set${why}`, fix: `npx wrangler secret put ${name}` });
  }
  return refusals;
}

/** The refusals as the deploy script prints them. */
export function formatRefusals(refusals: DeployRefusal[]): string {
  return ["Deploy refused:", ...refusals.map((r) => `  - ${r.problem}\n      run: ${r.fix}`)].join("\n");
}
