import { PLACEHOLDER_DATABASE_ID, PLACEHOLDER_RATE_LIMIT_NAMESPACE } from "../../shared/deploy-checks";
import { isDemoMode, isPublicHttps } from "./demo-mode";

/** One thing the owner must fix before (or while) the shop sells: the dashboard shows one red banner each. */
export const configProblems = [
  "payments_missing",
  "payments_demo",
  "stripe_test_key",
  "stripe_publishable_key_missing",
  "webhook_secret_missing",
  "email_sender_missing",
  "upload_signing_key_missing",
  "database_placeholder",
  "rate_limit_namespace_placeholder",
] as const;
export type ConfigProblem = (typeof configProblems)[number];

type ConfigEnv = Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_PUBLISHABLE_KEY" | "PUBLIC_BASE_URL" | "DEMO_MODE" | "EMAIL_FROM" | "UPLOAD_SIGNING_KEY"> & {
  EMAIL?: unknown;
  /** Set by the build from wrangler.toml's bindings (vite.config.ts); absent when wrangler bundled the Worker itself. */
  DEPLOY_DATABASE_ID?: string;
  DEPLOY_RATE_LIMIT_NAMESPACE?: string;
};

const blank = (value: string | undefined) => !value?.trim();

/**
 * The one server-side check of the deployment's configuration (docs/decisions/044-fail-closed.md):
 * every problem that stops the shop selling, fakes a feature or would break it in production.
 */
export function configurationProblems(env: ConfigEnv): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const stripe = !blank(env.STRIPE_SECRET_KEY);
  if (!stripe) problems.push(isDemoMode(env) ? "payments_demo" : "payments_missing");
  // Test cards "pay" with a test key: on a real domain every visitor could get a pass for nothing.
  if (stripe && /^(sk|rk)_test_/.test(env.STRIPE_SECRET_KEY.trim()) && isPublicHttps(env.PUBLIC_BASE_URL)) problems.push("stripe_test_key");
  if (stripe && blank(env.STRIPE_PUBLISHABLE_KEY)) problems.push("stripe_publishable_key_missing");
  // Without the signing secret a payment whose browser closed before confirming is never settled.
  if (blank(env.STRIPE_WEBHOOK_SECRET) && (stripe || !isDemoMode(env))) problems.push("webhook_secret_missing");
  if (!env.EMAIL || blank(env.EMAIL_FROM)) problems.push("email_sender_missing");
  if (blank(env.UPLOAD_SIGNING_KEY)) problems.push("upload_signing_key_missing");
  if (env.DEPLOY_DATABASE_ID !== undefined && (blank(env.DEPLOY_DATABASE_ID) || env.DEPLOY_DATABASE_ID.trim() === PLACEHOLDER_DATABASE_ID)) problems.push("database_placeholder");
  if (env.DEPLOY_RATE_LIMIT_NAMESPACE !== undefined && (blank(env.DEPLOY_RATE_LIMIT_NAMESPACE) || env.DEPLOY_RATE_LIMIT_NAMESPACE.trim() === PLACEHOLDER_RATE_LIMIT_NAMESPACE)) {
    problems.push("rate_limit_namespace_placeholder");
  }
  return problems;
}
