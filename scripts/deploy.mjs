// `npm run deploy`: build, then `wrangler deploy`, unless the deployment could not take a real
// payment or would send customers links to localhost (shared/deploy-checks.ts judges; this script
// only gathers the facts: the built config, `wrangler secret list`, the remote database's owner).
// PUBLIC_BASE_URL set in the shell wins over wrangler.toml's [vars] (and is passed to wrangler as a var).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { deployRefusals, formatRefusals, PLACEHOLDER_DATABASE_ID } from "../shared/deploy-checks.ts";

const run = (cmd, args) => {
  const result = spawnSync("npx", [cmd, ...args], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** A wrangler command's JSON answer, or null when it failed (not logged in, no such Worker, no table). */
const wranglerJson = (args) => {
  const result = spawnSync("npx", ["wrangler", ...args], { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) return null;
  const start = result.stdout.search(/[[{]/);
  try {
    return start < 0 ? null : JSON.parse(result.stdout.slice(start));
  } catch {
    return null;
  }
};

run("vite", ["build", "--logLevel", "warn"]);
const built = JSON.parse(readFileSync("dist/parcheggi_eventi/wrangler.json", "utf8"));
const fromShell = process.env.PUBLIC_BASE_URL?.trim();
const databaseId = built.d1_databases?.[0]?.database_id;

// Names only: wrangler never prints a secret's value. null: not logged in, or no such Worker yet.
const secrets = wranglerJson(["secret", "list", "--format", "json"])?.map((s) => s.name) ?? null;
// The first owner's secrets are needed until an owner account exists in the remote database.
const owners =
  databaseId && databaseId !== PLACEHOLDER_DATABASE_ID
    ? wranglerJson(["d1", "execute", "DB", "--remote", "--json", "--command", "SELECT count(*) AS n FROM staff_users WHERE role = 'owner' AND disabled_at IS NULL"])
    : null;
const ownerCount = Number(owners?.[0]?.results?.[0]?.n ?? 0);

const refusals = deployRefusals({
  baseUrl: fromShell || built.vars?.PUBLIC_BASE_URL,
  databaseId,
  rateLimitNamespaces: (built.ratelimits ?? []).map((r) => String(r.namespace_id ?? "")),
  stripePublishableKey: built.vars?.STRIPE_PUBLISHABLE_KEY,
  secrets,
  newDatabase: ownerCount === 0,
});
if (refusals.length) {
  console.error(formatRefusals(refusals));
  process.exit(1);
}
run("wrangler", ["deploy", ...(fromShell ? ["--var", `PUBLIC_BASE_URL:${fromShell}`] : []), ...process.argv.slice(2)]);
