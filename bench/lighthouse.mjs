// `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated 4G and CPU slowdown) on the
// home page of a running server (`npm start`, or BASE_URL), in each language it offers, and on the first
// event's own page (Italian; it boots late like the home, decision 043), in one run,
// through a small local gzip proxy that stands in for the CDN's compression. Prints performance /
// LCP / TBT, the JS the home downloads until the network is idle (gzip bodies as sent; issue #26's
// count), split into the page's own scripts with their static imports (the page's catalogue among
// them) and the chunks it loads by dynamic import after hydration; what had to arrive before the
// first event card was in the page; the SEO score with its failing audits (LH_PATH=/eventi/<id>-<slug>
// for an event's page); and last the Worker's upload size (`wrangler deploy --dry-run` of dist/).
//   BASE_URL (http://localhost:8787) · CHROME_PATH (/usr/bin/chromium) · LH_RUNS (3: each figure is the median over the runs)
//   LH_PATH (one page instead of the homes and the event page) · LH_LANGS (it,en: the homes measured; default every language the home names) · LH_SAVE (a file: the full Lighthouse report of the run with the median score, JSON, for a closer look; .it/.en appended when both pages run)
//   LH_NO_JS=1: the app's scripts blocked — what the HTML alone costs the browser (its layout and
//   paint), the floor under the page's TBT on this machine
import { once } from "node:events";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import http from "node:http";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { BASE_URL, assertServerUp } from "./bench-setup.mjs";

const RUNS = Number(process.env.LH_RUNS ?? 3);
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg)/;

/** Path → the gzip bytes of the body the proxy last sent for it (the JS figures count these, not headers). */
const bodyBytes = new Map();

/** Forwards every request to BASE_URL and gzips compressible answers, as Cloudflare's edge does. */
async function gzipProxy() {
  const upstream = new URL(BASE_URL);
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host, "accept-encoding": "identity" };
    const out = http.request({ host: upstream.hostname, port: upstream.port || 80, method: req.method, path: req.url, headers }, (up) => {
      const chunks = [];
      up.on("data", (c) => chunks.push(c));
      up.on("end", () => {
        let body = Buffer.concat(chunks);
        const head = { ...up.headers };
        delete head["content-length"];
        delete head["transfer-encoding"];
        if (COMPRESSIBLE.test(head["content-type"] ?? "") && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "") && body.length > 0) {
          body = gzipSync(body, { level: 6 });
          head["content-encoding"] = "gzip";
          head.vary = "Accept-Encoding";
        }
        head["content-length"] = String(body.length);
        bodyBytes.set(new URL(req.url ?? "/", "http://proxy").pathname, body.length);
        res.writeHead(up.statusCode ?? 502, head);
        res.end(body);
      });
    });
    out.on("error", () => {
      res.writeHead(502).end();
    });
    req.pipe(out);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

// The page as Lighthouse's browser gets it: its Chrome asks for en-US, so on `/` the Worker serves the
// English page (LH_PATH=/?lang=it for the Italian one), with its own catalogue among the scripts.
const pageHtml = async (url) => (await fetch(url, { headers: { "Accept-Language": "en-US,en;q=0.9" } })).text();

async function firstCardInHtml(url) {
  const html = await pageHtml(url);
  return html.includes('data-testid="event-card"');
}

/**
 * The scripts the page names (its script, the inline boot script's app entry and the chunks it lists as
 * `pe-modulepreload` or modulepreload) and all their static imports: the code that paints and
 * hydrates the home. Anything else the page fetches is a lazy chunk, loaded after hydration.
 */
async function homeStaticScripts(url) {
  const html = await pageHtml(url);
  const named = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/\bdata-app="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<meta name="pe-modulepreload" content="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  ];
  const seen = new Set();
  const queue = named.map((u) => new URL(u, url).pathname);
  while (queue.length) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    const code = await (await fetch(new URL(path, url))).text();
    for (const [, spec] of code.matchAll(/\b(?:import|export)\s*(?:[^"'`()]*?\bfrom\s*)?["'`]([^"'`]+\.js)["'`]/g)) {
      if (spec.startsWith(".") || spec.startsWith("/")) queue.push(new URL(spec, new URL(path, url)).pathname);
    }
  }
  return seen;
}

function figures(lhr, staticScripts) {
  const audit = (id) => lhr.audits[id];
  const requests = audit("network-requests").details.items;
  const allScripts = requests.filter((r) => r.resourceType === "Script" && r.statusCode === 200);
  const kb = (list) => list.reduce((sum, r) => sum + (bodyBytes.get(new URL(r.url).pathname) ?? 0), 0) / 1024;
  const scripts = allScripts.filter((r) => staticScripts.has(new URL(r.url).pathname));
  const lazy = allScripts.filter((r) => !staticScripts.has(new URL(r.url).pathname));
  const apiEvents = requests.filter((r) => new URL(r.url).pathname === "/api/events");
  return {
    score: lhr.categories.performance.score == null ? null : Math.round(lhr.categories.performance.score * 100),
    seo: lhr.categories.seo?.score == null ? null : Math.round(lhr.categories.seo.score * 100),
    seoFailing: (lhr.categories.seo?.auditRefs ?? []).filter((ref) => ref.weight > 0 && audit(ref.id)?.score !== null && audit(ref.id)?.score < 1).map((ref) => ref.id),
    fcpMs: audit("first-contentful-paint").numericValue,
    lcpMs: audit("largest-contentful-paint").numericValue,
    tbtMs: audit("total-blocking-time").numericValue,
    clsValue: audit("cumulative-layout-shift").numericValue,
    jsGzipKb: kb(scripts),
    jsFiles: scripts.length,
    lazyGzipKb: kb(lazy),
    lazyFiles: lazy.length,
    allJsGzipKb: kb(allScripts),
    fetchedEvents: apiEvents.length > 0,
    // Only what spoils the figures above: some other audits fail on their own (e.g. a Lighthouse bug
    // in "duplicated-javascript" on a build without sourcemaps) and say nothing about them.
    error: lhr.runtimeError?.code ?? ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "network-requests"].map((id) => audit(id)?.errorMessage).find(Boolean)?.slice(0, 60),
  };
}

/** What a deploy would upload: `wrangler deploy --dry-run` on the build in dist/ (the one `npm start` serves). */
function workerUpload() {
  const run = spawnSync("wrangler", ["deploy", "--dry-run", "--outdir", join(tmpdir(), "pe-bench-worker-bundle")], {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_SEND_ERROR_REPORTS: "false" },
    shell: process.platform === "win32",
  });
  return /Total Upload: (.*)/.exec(`${run.stdout}${run.stderr}`)?.[1]?.trim() ?? `n/a (wrangler exited ${run.status})`;
}

/** Lighthouse RUNS times on one page; its figures, each the median over the runs. */
async function measure(chrome, url, noJs) {
  const cardInHtml = await firstCardInHtml(url);
  const pageLang = /<html lang="(\w+)"/.exec(await pageHtml(url))?.[1] ?? "?";
  const staticScripts = await homeStaticScripts(url);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "seo"], blockedUrlPatterns: noJs ? ["*.js"] : [] };
    const result = await lighthouse(url, flags);
    runs.push({ ...figures(result.lhr, staticScripts), lhr: result.lhr });
  }
  // Each figure's own median over the runs (one run's numbers would flatter or blame by chance).
  const medianOf = (key) => {
    const values = runs.map((r) => r[key]).filter((v) => typeof v === "number").sort((a, b) => a - b);
    return values.length ? values[Math.floor(values.length / 2)] : NaN;
  };
  const median = { ...runs[0], score: medianOf("score"), seo: medianOf("seo"), lcpMs: medianOf("lcpMs"), tbtMs: medianOf("tbtMs"), jsGzipKb: medianOf("jsGzipKb"), lazyGzipKb: medianOf("lazyGzipKb"), allJsGzipKb: medianOf("allJsGzipKb") };
  const byScore = [...runs].sort((a, b) => (a.score ?? -1) - (b.score ?? -1) || b.lcpMs - a.lcpMs)[Math.floor(runs.length / 2)];
  return { runs, median, byScore, cardInHtml, pageLang };
}

await assertServerUp();
const proxy = await gzipProxy();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
/** The first event page the home links to: the pages that boot late are the home and an event's page (issue #44). */
async function firstEventPage() {
  const html = await (await fetch(new URL("/?lang=it", BASE_URL))).text();
  const path = /href="(\/eventi\/[^"#?]+)"/.exec(html)?.[1];
  if (!path) throw new Error("no event page linked from the home");
  return `${path}?lang=it`;
}

/** The home in every language it names as an alternate (the languages are data: shared/lang.ts), Italian first. */
async function homeInEachLanguage() {
  const html = await (await fetch(new URL("/?lang=it", BASE_URL))).text();
  const langs = [...html.matchAll(/<link rel="alternate" hreflang="([a-z]{2})"/g)].map((m) => m[1]);
  if (langs.length === 0) throw new Error("the home names no language alternates");
  return langs.map((lang) => `/?lang=${lang}`);
}

// The home in each language by default (issue #26 counts the home's scripts per language; #45 its speed
// per language) and an event's page; LH_LANGS=it,en narrows the homes; LH_PATH measures one page.
const homes = process.env.LH_LANGS ? process.env.LH_LANGS.split(",").map((lang) => `/?lang=${lang}`) : await homeInEachLanguage();
const paths = process.env.LH_PATH ? [process.env.LH_PATH] : [...homes, await firstEventPage()];
const summary = [];
try {
  const noJs = process.env.LH_NO_JS === "1";
  for (const pagePath of paths) {
    const { runs, median, byScore, cardInHtml, pageLang } = await measure(chrome, `${proxy.url}${pagePath}`, noJs);
    const eventPage = pagePath.startsWith("/eventi/");
    if (process.env.LH_SAVE) writeFileSync(paths.length > 1 ? `${process.env.LH_SAVE}.${eventPage ? "event-" : ""}${pageLang}` : process.env.LH_SAVE, JSON.stringify(byScore.lhr));
    const language = `${new Intl.DisplayNames(["en"], { type: "language" }).of(pageLang) ?? pageLang}${eventPage ? " event page" : ""}`;
    console.log(`\nlighthouse (mobile, simulated throttling) on ${BASE_URL}${pagePath} (the ${language} page) through a gzip proxy, ${RUNS} run(s)${noJs ? ", THE APP'S SCRIPTS BLOCKED" : ""}; medians of each figure:\n`);
    const fixed = (v, digits, scale = 1) => (typeof v === "number" ? (v / scale).toFixed(digits) : "n/a");
    console.table(
      runs.map((r) => ({ score: r.score, SEO: r.seo, "FCP s": fixed(r.fcpMs, 2, 1000), "LCP s": fixed(r.lcpMs, 2, 1000), "TBT ms": fixed(r.tbtMs, 0), CLS: fixed(r.clsValue, 3), "all JS KB": fixed(r.allJsGzipKb, 1), "static JS KB": fixed(r.jsGzipKb, 1), "lazy JS KB": fixed(r.lazyGzipKb, 1), error: r.error ?? "" })),
    );
    const path = cardInHtml ? "HTML alone" : runs.some((r) => r.fetchedEvents) ? "HTML → JS → /api/events" : "HTML → JS";
    console.log(`performance ${median.score} / LCP ${(median.lcpMs / 1000).toFixed(2)} s / TBT ${Math.round(median.tbtMs)} ms   (goal ≥ 98 / ≤ 1.2 s / ≤ 50 ms)`);
    console.log(`SEO ${median.seo}   (goal 100)${runs.some((r) => r.seoFailing.length) ? `; failing: ${[...new Set(runs.flatMap((r) => r.seoFailing))].join(", ")}` : ""}`);
    // Issue #26's count: every script the page requested until the network was idle, whichever chunks are "critical".
    console.log(`JS the home downloads until the network is idle: ${median.allJsGzipKb.toFixed(1)} KB gzip in ${median.jsFiles + median.lazyFiles} files   (goal ≤ 100 KB)`);
    console.log(`  of which to paint and hydrate (the page's scripts and their static imports): ${median.jsGzipKb.toFixed(1)} KB gzip in ${median.jsFiles} files`);
    console.log(`  of which dynamic imports after hydration (live popups, partner carousel; the reviews and footer come when near, the query layer on the first touch): ${median.lazyGzipKb.toFixed(1)} KB gzip in ${median.lazyFiles} files`);
    console.log(`before the first event card is visible: ${path}   (goal: HTML alone)`);
    console.log(`GET /api/events during the load: ${runs.some((r) => r.fetchedEvents) ? "yes" : "no"}`);
    // Lighthouse's own CPU benchmark of this machine at the time: low values (a shared, busy machine)
    // inflate TBT and LCP, so compare runs taken together, not with figures from elsewhere.
    console.log(`machine CPU benchmark index (Lighthouse): ${Math.round(byScore.lhr.environment.benchmarkIndex)}`);
    summary.push({ page: language, score: median.score, "LCP s": (median.lcpMs / 1000).toFixed(2), "TBT ms": Math.round(median.tbtMs), "all JS KB gzip": median.allJsGzipKb.toFixed(1) });
  }
} finally {
  await chrome.kill();
  proxy.close();
}
console.log("\nSummary (goals: score ≥ 98, LCP ≤ 1.2 s, TBT ≤ 50 ms, all JS ≤ 100 KB gzip; Worker upload ≤ 300 KB gzip):");
console.table(summary);
console.log(`Worker upload (wrangler deploy --dry-run of dist/): ${workerUpload()}`);
