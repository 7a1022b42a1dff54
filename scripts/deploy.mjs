// `npm run deploy`: build, then `wrangler deploy`, unless PUBLIC_BASE_URL would send customers
// links to localhost. PUBLIC_BASE_URL set in the shell wins over wrangler.toml's [vars] (and is passed
// to wrangler as a var); else the built config's value is checked.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { deployBaseUrlProblem } from "../shared/deploy-base-url.ts";

const run = (cmd, args) => {
  const result = spawnSync("npx", [cmd, ...args], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run("vite", ["build", "--logLevel", "warn"]);
const built = JSON.parse(readFileSync("dist/parcheggi_eventi/wrangler.json", "utf8"));
const fromShell = process.env.PUBLIC_BASE_URL?.trim();
const baseUrl = fromShell || built.vars?.PUBLIC_BASE_URL;
const problem = deployBaseUrlProblem(baseUrl);
if (problem) {
  console.error(`Deploy refused: ${problem}.`);
  process.exit(1);
}
run("wrangler", ["deploy", ...(fromShell ? ["--var", `PUBLIC_BASE_URL:${fromShell}`] : []), ...process.argv.slice(2)]);
