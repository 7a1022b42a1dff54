// `npm start`: build, apply local migrations, seed demo data when the database is empty, serve.
// Flags (used by the browser tests): --port N, --persist-to DIR, --fresh (wipe that DIR first), --no-build.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { isDemoMode } from "../worker/services/demo-mode.ts";
import { makeWalletDevIdentity, walletDevVars } from "./wallet-dev-identity.mjs";

const WALLET_DEV_DIR = ".wrangler/wallet-dev";

/**
 * In demo mode, with no Apple / Google secrets in .dev.vars, the wallet buttons work with a local
 * identity made once and kept in .wrangler/wallet-dev/ (its test CA in ca.pem, to verify a .pkpass).
 */
async function localWalletVars(builtVars, devVars) {
  // The built copy says whether demo mode runs (an older .dev.vars gets DEMO_MODE there); the
  // developer's own .dev.vars says whether real Apple or Google secrets were given.
  if (!/^DEMO_MODE='?1'?\s*$/m.test(builtVars) || /^APPLE_PASS_CERT=\S/m.test(devVars) || /^GOOGLE_WALLET_PRIVATE_KEY=\S/m.test(devVars)) return {};
  const file = `${WALLET_DEV_DIR}/identity.json`;
  if (!existsSync(file)) {
    const identity = await makeWalletDevIdentity();
    mkdirSync(WALLET_DEV_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(identity, null, 2));
    writeFileSync(`${WALLET_DEV_DIR}/ca.pem`, identity.caCert);
  }
  return walletDevVars(JSON.parse(readFileSync(file, "utf8")));
}

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "8787" },
    "persist-to": { type: "string", default: ".wrangler/state" },
    fresh: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
  },
});

const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_UPDATE_NOTIFIER: "1",
  // The Cloudflare Vite plugin records every invocation's trace into a local SQLite store for its
  // dev explorer (default on): per request, a tail stream and a write, more for each D1 call. Nothing
  // here reads those traces, and production has no such collector.
  X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false",
  CI: process.env.CI ?? "1",
};
const persist = ["--persist-to", args["persist-to"]];

// `quiet`: wrangler's own output (the tables of every migration and statement, hundreds of lines)
// is kept back and shown only when the step fails, so the banner below is what a newcomer sees.
function run(cmd, cmdArgs, { capture = false, quiet = false } = {}) {
  const stdio = quiet ? ["ignore", "pipe", "pipe"] : capture ? ["ignore", "pipe", "inherit"] : "inherit";
  const res = spawnSync(cmd, cmdArgs, { env, stdio, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0) {
    if (quiet) process.stderr.write(`${res.stdout ?? ""}${res.stderr ?? ""}`);
    console.error(`\n✘ ${cmd} ${cmdArgs.join(" ")} failed (exit ${res.status}).`);
    process.exit(res.status ?? 1);
  }
  return res.stdout;
}

// Demo passes for the gate: paid, not yet scanned, of the always-active demo event (on today's gate list).
const DEMO_PASSES_SQL =
  "SELECT b.license_plate AS plate, b.pass_secret AS secret, e.title AS event FROM bookings b JOIN events e ON e.id = b.event_id " +
  "WHERE b.status = 'paid' AND b.pass_secret IS NOT NULL AND b.gate_state IS NULL AND e.is_always_active = 1 AND e.is_active = 1 ORDER BY b.created_at DESC LIMIT 4";
const resultsOf = (out) => JSON.parse(out.slice(out.indexOf("[")));

if (args.fresh) rmSync(args["persist-to"], { recursive: true, force: true });
if (!args["no-build"]) run("vite", ["build", "--logLevel", "warn"]);
let demoPasses;
if (args.fresh) {
  // An empty database: every migration, the demo data and the banner's passes in one run of wrangler.
  // `migrations apply` starts a local D1 per migration file (~1 s each, 23 s of the browser suite's
  // start for 26 of them); it runs each file as one batch followed by its row in d1_migrations, which
  // is what this file does, so a later `npm start` on this folder finds them all applied.
  const dir = "db/migrations";
  const files = readdirSync(dir).filter((f) => f.endsWith(".sql")).sort();
  const sql = [
    // wrangler's own table, as `migrations apply` makes it.
    'CREATE TABLE IF NOT EXISTS "d1_migrations"(\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n);',
    ...files.map((f) => `${readFileSync(`${dir}/${f}`, "utf8")}\nINSERT INTO d1_migrations (name) values ('${f.replace(/'/g, "''")}');`),
    readFileSync("db/seed.sql", "utf8"),
    `${DEMO_PASSES_SQL};`,
  ].join("\n");
  mkdirSync(args["persist-to"], { recursive: true });
  const file = `${args["persist-to"]}/fresh.sql`;
  writeFileSync(file, sql);
  const out = run("wrangler", ["d1", "execute", "DB", "--local", ...persist, "--json", "--file", file], { quiet: true });
  demoPasses = resultsOf(out).at(-1).results;
  console.log(`Database locale nuovo: ${files.length} migrazioni applicate, dati dimostrativi caricati.`);
} else {
  const migrated = run("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persist], { quiet: true });
  const applied = (migrated.match(/^│\s*\d{4}_\S+\.sql/gm) ?? []).length;
  console.log(/No migrations to apply/.test(migrated) ? "Database locale aggiornato." : `Database locale: ${applied || "nuove"} migrazioni applicate.`);

  const countOut = run("wrangler", ["d1", "execute", "DB", "--local", ...persist, "--json", "--command", "SELECT count(*) AS n FROM events"], { capture: true });
  const count = resultsOf(countOut)[0].results[0].n;
  if (count === 0) {
    run("wrangler", ["d1", "execute", "DB", "--local", ...persist, "--file", "db/seed.sql"], { quiet: true });
    console.log("Dati dimostrativi caricati.");
  }

  const passesOut = run("wrangler", ["d1", "execute", "DB", "--local", ...persist, "--json", "--command", DEMO_PASSES_SQL], { capture: true });
  demoPasses = resultsOf(passesOut)[0].results;
}

const devVars = readFileSync(".dev.vars", "utf8");
const ownerEmail = /^ADMIN_EMAIL=(.*)$/m.exec(devVars)?.[1]?.trim() ?? "(ADMIN_EMAIL in .dev.vars)";
const ownerPassword = /^ADMIN_PASSWORD=(.*)$/m.exec(devVars)?.[1]?.trim() ?? "(ADMIN_PASSWORD in .dev.vars)";
// The demo gate account is written beside its hash in db/seed.sql.
const [, gateEmail, gatePassword] = /^-- (\S+@\S+) \/ (\S+)$/m.exec(readFileSync("db/seed.sql", "utf8")) ?? [];
const url = `http://localhost:${args.port}`;

// Links in e-mails point at this server: PUBLIC_BASE_URL from the shell when set, else this port.
// Preview reads vars only from the .dev.vars the build wrote beside the built Worker, so the lines go there.
// Demo payments run only where DEMO_MODE=1 asks (docs/decisions/044-fail-closed.md): a build made
// from a .dev.vars older than that line gets it here; a DEMO_MODE the developer set is kept.
const baseUrl = process.env.PUBLIC_BASE_URL?.trim() || url;
const builtVars = "dist/parcheggi_eventi/.dev.vars";
let vars = existsSync(builtVars) ? readFileSync(builtVars, "utf8").replace(/^PUBLIC_BASE_URL=.*\n?/gm, "") : "";
vars = vars.replace(/\n?$/, "\n").replace(/^\n/, "");
if (!/^DEMO_MODE=/m.test(vars)) vars += "DEMO_MODE=1\n";
// The wallet passes' local signing identity (scripts/wallet-dev-identity.mjs), unless .dev.vars holds real ones.
const walletVars = await localWalletVars(vars, devVars);
if (Object.keys(walletVars).length) vars = vars.replace(new RegExp(`^(${Object.keys(walletVars).join("|")})=.*\\n?`, "gm"), "");
vars += Object.entries(walletVars).map(([k, v]) => `${k}=${v}\n`).join("");
writeFileSync(builtVars, `${vars}PUBLIC_BASE_URL=${baseUrl}\n`);
// The build writes values quoted (KEY='value').
const varOf = (name) => new RegExp(`^${name}=(.*)$`, "m").exec(vars)?.[1]?.trim().replace(/^'(.*)'$/, "$1") ?? "";
const payments = varOf("STRIPE_SECRET_KEY")
  ? "Stripe (STRIPE_SECRET_KEY in .dev.vars)"
  : isDemoMode({ DEMO_MODE: varOf("DEMO_MODE"), PUBLIC_BASE_URL: baseUrl })
    ? "modalità demo (carta 4242 4242 4242 4242)"
    : "non disponibili: né STRIPE_SECRET_KEY né DEMO_MODE=1 su un indirizzo locale";

console.log(
  [
    "",
    `  Parcheggi Eventi: ${url}`,
    `  Area admin:       ${url}/admin`,
    `    titolare:       ${ownerEmail}  password: ${ownerPassword}`,
    `    cancello:       ${gateEmail}  password: ${gatePassword}  (account dimostrativo)`,
    `  Pagamenti:        ${payments}`,
    `  Varco:            ${url}/gate`,
    ...demoPasses.map((p) => `    pass ${p.plate.padEnd(8)} ${url}/p/${p.secret}  (${p.event})`),
    ...(Object.keys(walletVars).length ? [`  Wallet:           identità di firma locale in ${WALLET_DEV_DIR}/ (CA di prova: ca.pem)`] : []),
    "",
  ].join("\n"),
);

// The Cloudflare Vite plugin's preview runs the built Worker and SPA in workerd with the same local
// D1/R2 folder. It is used instead of `wrangler dev`, whose proxy exits under bursts of connections
// (docs/decisions/011-serve-with-vite-preview.md).
const server = spawn("vite", ["preview", "--port", args.port, "--strictPort"], {
  env: { ...env, PE_PERSIST_TO: args["persist-to"] },
  stdio: "inherit",
});
// A local server does not fire cron triggers by itself: tick the scheduled handler each minute, as production does.
const cronTick = setInterval(() => {
  fetch(`http://localhost:${args.port}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("* * * * *")}`).catch(() => undefined);
}, 60_000);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  clearInterval(cronTick);
  process.exit(code ?? 0);
});
