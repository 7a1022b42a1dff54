// `npm run bench:bundle [-- --build] [-- --report]`: what a visitor's browser downloads for the home page.
// Reads dist/client/index.html and en/index.html, the Italian and the English visitor's page
// (building first when one is missing or --build is given), follows their scripts, modulepreloads
// (the page's catalogue among them) and stylesheets and every STATIC import of those chunks — never
// a dynamic import(), so lazy routes (admin, checkout, Stripe) stay out — and prints gzip sizes.
// Fails if either visitor's JS is over the budget or reaches admin code.
// --report rebuilds and also prints what each of those chunks holds: its modules by rendered size,
// grouped by package (the bundle visualiser, as text).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { gzipSync } from "node:zlib";

const JS_BUDGET_KB = 100;
const root = "dist/client";
const wantReport = process.argv.includes("--report");

/** fileName → its modules' rendered bytes, captured from the client build's bundle. */
const chunkModules = new Map();
if (wantReport) {
  const { createBuilder } = await import("vite");
  const reporter = {
    name: "bundle-report",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type === "chunk") chunkModules.set(`/${out.fileName}`, Object.entries(out.modules).map(([id, m]) => ({ id, code: m.code ?? "" })));
      }
    },
  };
  const builder = await createBuilder({ logLevel: "warn", plugins: [reporter] });
  await builder.buildApp();
} else if (process.argv.includes("--build") || !existsSync(join(root, "index.html")) || !existsSync(join(root, "en/index.html"))) {
  const built = spawnSync("vite", ["build", "--logLevel", "warn"], { stdio: "inherit", shell: process.platform === "win32" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const kb = (n) => (n / 1024).toFixed(1).padStart(7);
const attr = (tag, name) => new RegExp(`${name}\\s*=\\s*"([^"]+)"`).exec(tag)?.[1];
const staticImport = /\b(?:import|export)\s*(?:[^"'()]*?\bfrom\s*)?["']([^"']+\.(?:js|css))["']/g;

/** Everything a visitor's browser loads for the home from `page` (its static graph), gzip-sized. */
function homeOf(page) {
  const html = readFileSync(join(root, page), "utf8");
  const entries = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    if (tag.startsWith("<script") && attr(tag, "src")) entries.push(attr(tag, "src"));
    // On `/` the Worker starts with the boot script, which loads the app: both count.
    if (tag.startsWith("<script") && attr(tag, "data-boot")) entries.push(attr(tag, "data-boot"));
    // The modulepreloads include the page's catalogue (it.json or en.json), a dynamic import the page preloads.
    else if (tag.startsWith("<link") && /rel="(stylesheet|modulepreload)"/.test(tag)) entries.push(attr(tag, "href"));
  }
  const seen = new Map();
  const queue = entries.filter((u) => u?.startsWith("/"));
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    const body = readFileSync(join(root, url));
    seen.set(url, body);
    if (url.endsWith(".js")) {
      for (const [, spec] of body.toString("utf8").matchAll(staticImport)) {
        if (spec.startsWith(".")) queue.push(posix.join(posix.dirname(url), spec));
      }
    }
  }
  // The stylesheet is inlined into the page by the build (see vite.config.ts): count it as CSS.
  for (const [i, [, css]] of [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].entries()) seen.set(`(inline <style> ${i + 1} in ${page}).css`, Buffer.from(css));
  const rows = [...seen].map(([url, body]) => ({ url, raw: body.length, gz: gzipSync(body, { level: 9 }).length }));
  const total = (ext) => rows.filter((r) => r.url.endsWith(ext)).reduce((a, r) => ({ raw: a.raw + r.raw, gz: a.gz + r.gz }), { raw: 0, gz: 0 });
  return { rows, js: total(".js"), css: total(".css"), admin: rows.filter((r) => /admin/i.test(r.url)) };
}

// The Worker sends en/index.html on `/` to a visitor who chose English (worker/routes/home.ts).
const visitors = [
  { name: "Italian", page: "index.html" },
  { name: "English", page: "en/index.html" },
].map((v) => ({ ...v, ...homeOf(v.page) }));

for (const [i, { name, page, rows, js, css }] of visitors.entries()) {
  if (i) console.log("");
  console.log(`Home page of an ${name} visitor (static graph from ${posix.join(root, page)})\n`);
  console.log("     raw KB  gzip KB  file");
  for (const r of [...rows].sort((a, b) => b.gz - a.gz)) console.log(`  ${kb(r.raw)}  ${kb(r.gz)}  ${r.url}`);
  console.log("");
  console.log(`JS  total: ${kb(js.raw).trim()} KB raw, ${kb(js.gz).trim()} KB gzip (budget ${JS_BUDGET_KB} KB gzip)`);
  console.log(`CSS total: ${kb(css.raw).trim()} KB raw, ${kb(css.gz).trim()} KB gzip`);
}

if (wantReport) {
  const owner = (id) => {
    const clean = id.replace(/\0/g, "").replace(/\?.*$/, "");
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
    return pkg ? pkg[1] : clean.replace(`${process.cwd()}/`, "");
  };
  console.log("\nWhat the home's JS chunks hold, by package or source file (minified code; gzip of each part alone):");
  const chunks = new Map(visitors.flatMap((v) => v.rows.filter((x) => x.url.endsWith(".js")).map((x) => [x.url, x])));
  for (const r of chunks.values()) {
    const groups = new Map();
    for (const m of chunkModules.get(r.url) ?? []) groups.set(owner(m.id), (groups.get(owner(m.id)) ?? "") + m.code);
    console.log(`\n  ${r.url} (${kb(r.gz).trim()} KB gzip)\n     raw KB  gzip KB`);
    const sized = [...groups].map(([name, code]) => ({ name, raw: Buffer.byteLength(code), gz: gzipSync(code, { level: 9 }).length }));
    for (const g of sized.sort((a, b) => b.gz - a.gz).slice(0, 25)) console.log(`  ${kb(g.raw)}  ${kb(g.gz)}  ${g.name}`);
  }
}

console.log("");
let failed = false;
for (const { name, js, admin } of visitors) {
  const overBudget = js.gz / 1024 > JS_BUDGET_KB;
  failed ||= overBudget || admin.length > 0;
  console.log(`${name} visitor: JS ${kb(js.gz).trim()} KB gzip: ${overBudget ? "over" : "within"} the ${JS_BUDGET_KB} KB budget; admin code reached: ${admin.length ? admin.map((r) => r.url).join(", ") : "none (lazy chunk)"}`);
}
console.log(failed ? "RESULT: over the JS budget or admin code reached" : "RESULT: within the JS budget for both visitors");
process.exit(failed ? 1 : 0);
