// `npm run test:lifecycle -- --runs 5000 [--seed N] [--only booking|mixed]`: the lifecycle properties
// (worker/lifecycle.property.test.ts) alone, with that many random lifecycles each, then their figures:
// runs, steps, time, failures. `--only mixed`: the seasons / line / vouchers / event property from a pool of clients.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { runs: { type: "string", default: "1000" }, seed: { type: "string" }, only: { type: "string" }, minutes: { type: "string" } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a positive integer, not ${values.runs}`);
  process.exit(2);
}

const env = { ...process.env, LIFECYCLE_RUNS: String(runs), WRANGLER_SEND_METRICS: "false" };
if (values.seed !== undefined) env.LIFECYCLE_SEED = values.seed;
if (values.minutes !== undefined) env.LIFECYCLE_MINUTES = values.minutes;

const started = Date.now();
const only = { booking: "booking and event lifecycle", mixed: "pool of clients" }[values.only ?? ""];
if (values.only !== undefined && !only) {
  console.error(`--only must be booking or mixed, not ${values.only}`);
  process.exit(2);
}
const child = spawn("vitest", ["run", "worker/lifecycle.property.test.ts", "--project", "worker", ...(only ? ["-t", only] : [])], { env, stdio: ["ignore", "pipe", "inherit"] });
let output = "";
// The mixed property prints "mixed-progress {runs, steps, ms}" every 100 runs: shown as it comes, and
// kept, so a run stopped before its end (Ctrl-C, a kill) still says how far it went.
let progress = null;
child.stdout.on("data", (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
  for (const m of String(chunk).replace(/\x1b\[[0-9;]*m/g, "").matchAll(/^mixed-progress (\{.*\})$/gm)) {
    progress = JSON.parse(m[1]);
    console.log(`progress          ${progress.runs} runs, ${progress.steps} steps, ${(progress.ms / 1000).toFixed(1)} s (${((Date.now() - started) / 1000).toFixed(1)} s wall)`);
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    child.kill("SIGTERM");
    const at = progress ? `${progress.runs} runs passed, ${progress.steps} steps, ${(progress.ms / 1000).toFixed(1)} s` : "no 100 runs finished yet";
    console.log(`\nresult            stopped by ${signal} after ${((Date.now() - started) / 1000).toFixed(1)} s wall: ${at}${values.seed !== undefined ? `, seed ${values.seed}` : ""}`);
    process.exit(130);
  });
}
const code = await new Promise((resolve) => child.on("close", resolve));

// The test prints one line "lifecycle-figures {json}"; vitest's own summary gives the failures.
const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
const figuresOf = (tag) => {
  const line = plain.split("\n").find((l) => l.startsWith(`${tag} `));
  return line ? JSON.parse(line.slice(tag.length + 1)) : null;
};
const figures = figuresOf("lifecycle-figures");
const mixed = figuresOf("mixed-figures");
const failedTests = Number(/Tests\s+(\d+) failed/.exec(plain)?.[1] ?? (code === 0 ? 0 : 1));
const seconds = ((Date.now() - started) / 1000).toFixed(1);

console.log("\n── lifecycle property ──");
if (figures) {
  console.log(`runs asked        ${runs}`);
  console.log(`runs passed       ${figures.failed ? figures.runs - 1 : figures.runs}${figures.failed ? ` (failed at run ${figures.runs})` : ""}`);
  console.log(`runs executed     ${figures.executedRuns} (with ${figures.shrinks} shrink steps)`);
  console.log(`steps             ${figures.steps} (${(figures.steps / Math.max(1, figures.executedRuns)).toFixed(1)} per run, each followed by the invariants)`);
  console.log(`property time     ${(figures.ms / 1000).toFixed(1)} s (${(figures.ms / Math.max(1, figures.steps)).toFixed(0)} ms per step)`);
  console.log(`seed              ${figures.seed}`);
  console.log("answers seen      " + Object.entries(figures.seen).map(([k, n]) => `${k}: ${n}`).join("\n                  "));
} else if (!mixed) {
  console.log("no figures printed: the property did not run (see the output above)");
}
if (mixed) {
  console.log("── seasons, the line, vouchers, event ops; a pool of clients ──");
  console.log(`runs passed       ${mixed.failed ? mixed.runs - 1 : mixed.runs}${mixed.failed ? ` (failed at run ${mixed.runs})` : ""}${mixed.interrupted ? " (stopped at the time limit)" : ""} (executed ${mixed.executedRuns}, ${mixed.shrinks} shrink steps)`);
  console.log(`steps             ${mixed.steps} (${(mixed.steps / Math.max(1, mixed.executedRuns)).toFixed(1)} per run, each followed by the invariants)`);
  console.log(`property time     ${(mixed.ms / 1000).toFixed(1)} s`);
  console.log(`seed              ${mixed.seed}`);
}
console.log(`wall time         ${seconds} s`);
console.log(`failures          ${failedTests} test(s) failed${figures?.failed ? ", the property among them" : ""}`);
// One line to copy into docs/benchmarks.md.
const last = mixed ?? figures;
if (last)
  console.log(
    `result            ${last.failed ? "FAILED" : last.interrupted ? "stopped at the time limit" : "passed"}: ${mixed ? "mixed" : "booking"} property, ${last.failed ? last.runs - 1 : last.runs} runs, ${last.steps} steps, ${(last.ms / 1000).toFixed(1)} s, seed ${last.seed}`,
  );
process.exit(code ?? 1);
