// `npm test`: type-check, every vitest project (workerd + happy-dom), then Playwright against the
// built app. Ends with one line "N passed, N failed" counted from the JSON reports.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const env = { ...process.env, CI_JSON: "1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1", WRANGLER_SEND_METRICS: "false" };
rmSync("reports", { recursive: true, force: true });
mkdirSync("reports", { recursive: true });

const stages = [];
const suiteStarted = performance.now();
const step = (name, cmd, args) => {
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  const ok = spawnSync(cmd, args, { env, stdio: "inherit" }).status === 0;
  stages.push([name, (performance.now() - started) / 1000]);
  return ok;
};

// Env comes from `wrangler types` (worker/worker-configuration.d.ts): a stale file fails here.
const envTypesOk = step("env types (wrangler types --check)", "npm", ["run", "--silent", "types:check"]);
const typecheckOk = step("typecheck", "tsc", ["--noEmit", "-p", "tsconfig.json"]);
step("vitest", "vitest", ["run"]);
const buildOk = step("build", "vite", ["build", "--logLevel", "warn"]);
if (buildOk) step("playwright", "playwright", ["test"]);

/** Wall time per test file, from both JSON reports (Playwright's per test, summed over its file). */
function slowestFiles(n) {
  const files = [];
  count("reports/vitest.json", (r) => {
    for (const t of r.testResults) files.push([path.relative(process.cwd(), t.name), (t.endTime - t.startTime) / 1000]);
  });
  count("reports/playwright.json", (r) => {
    const walk = (suite, file) => {
      let ms = 0;
      for (const spec of suite.specs ?? []) for (const t of spec.tests) for (const res of t.results) ms += res.duration;
      for (const child of suite.suites ?? []) ms += walk(child, file);
      return ms;
    };
    for (const suite of r.suites) files.push([`e2e/${suite.file}`, walk(suite, suite.file) / 1000]);
  });
  return files.sort((a, b) => b[1] - a[1]).slice(0, n);
}

function chromiumVersion() {
  const version = (path) => {
    const out = spawnSync(path, ["--version"], { encoding: "utf8" });
    return out.status === 0 ? out.stdout.trim() : null;
  };
  const browser = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const shell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
  const full = version(browser) ?? `no Chromium at ${browser}`;
  const headless = version(shell);
  return headless ? `${full}, most specs in its headless shell (${headless})` : `${full}, every spec (no headless shell at ${shell})`;
}

function count(file, read) {
  if (!existsSync(file)) return null;
  return read(JSON.parse(readFileSync(file, "utf8")));
}
const vitest = count("reports/vitest.json", (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrors ?? 0) + (r.success === false && r.numFailedTests === 0 ? 1 : 0) }));
const playwright = count("reports/playwright.json", (r) => ({
  passed: r.stats.expected,
  failed: r.stats.unexpected + r.stats.flaky + (r.errors?.length ?? 0),
}));

let passed = (typecheckOk ? 1 : 0) + (envTypesOk ? 1 : 0);
let failed = (typecheckOk ? 0 : 1) + (envTypesOk ? 0 : 1);
for (const [name, result] of [["vitest", vitest], ["playwright", playwright]]) {
  if (result) {
    passed += result.passed;
    failed += result.failed;
  } else {
    console.error(`No ${name} report: counted as one failure.`);
    failed += 1;
  }
}
if (!buildOk) failed += 1;
console.log("\nTime per stage:");
for (const [name, seconds] of stages) console.log(`  ${name.padEnd(34)} ${seconds.toFixed(1).padStart(6)} s`);
console.log(`  ${"whole suite".padEnd(34)} ${((performance.now() - suiteStarted) / 1000).toFixed(1).padStart(6)} s`);
console.log("Slowest test files:");
for (const [file, seconds] of slowestFiles(10)) console.log(`  ${file.padEnd(60)} ${seconds.toFixed(1).padStart(6)} s`);
console.log(`Browser tests ran in ${chromiumVersion()}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
