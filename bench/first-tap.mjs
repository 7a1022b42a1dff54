// `npm run bench:first-tap`: a fan's first tap on a slow phone (e2e/first-tap.spec.ts) with 20 fresh
// loads per case instead of the suite's 2: 390 px, touch, CPU slowed 4× (CDP), the first gesture a
// touch scroll then a tap within 150 ms, or the tap itself on a shared link that opens at the control.
// Builds, runs the spec on its own server (E2E_PORT, default 8788) and prints per case: taps answered,
// loads with an error in the console (hydration's #418/#425 among them), and the time from the tap
// to the answer (median and slowest).
//   FIRST_TAP_LOADS (20) · E2E_PORT
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const loads = process.env.FIRST_TAP_LOADS ?? "20";
const report = join(tmpdir(), `first-tap-${process.pid}.jsonl`);
rmSync(report, { force: true });
const env = { ...process.env, FIRST_TAP_LOADS: loads, FIRST_TAP_REPORT: report };
const build = spawnSync("vite", ["build", "--logLevel", "warn"], { stdio: "inherit", env });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync("playwright", ["test", "e2e/first-tap.spec.ts"], { stdio: "inherit", env });

const outcomes = readFileSync(report, "utf8").trim().split("\n").map((line) => JSON.parse(line));
const rows = new Map();
for (const o of outcomes) {
  const key = `${o.case} · ${o.gesture}`;
  const row = rows.get(key) ?? { loads: 0, answered: 0, withErrors: 0, ms: [], gap: [] };
  row.loads++;
  if (o.answered) row.answered++;
  if (o.errors.length > 0) row.withErrors++;
  if (o.msToAnswer !== null) row.ms.push(o.msToAnswer);
  if (o.msScrollToTap !== null) row.gap.push(o.msScrollToTap);
  rows.set(key, row);
}
const median = (values) => (values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] : NaN);
console.log(`\nfirst tap on a slow phone (390 px, touch, CPU 4×), ${loads} fresh loads per case:`);
console.table(
  [...rows].map(([key, r]) => ({
    case: key,
    answered: `${r.answered}/${r.loads}`,
    "loads with errors": r.withErrors,
    "tap → answer ms (median)": median(r.ms),
    "tap → answer ms (slowest)": r.ms.length ? Math.max(...r.ms) : NaN,
    "scroll end → tap ms (max)": r.gap.length ? Math.max(...r.gap) : "",
  })),
);
for (const o of outcomes.filter((o) => !o.answered || o.errors.length > 0)) console.log(`✘ ${o.case} · ${o.gesture}: ${o.errors.join(" | ")}`);
process.exit(run.status ?? 1);
