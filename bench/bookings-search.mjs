// The admin's bookings search at scale (issue #47, docs/decisions/053-bookings-search.md): seeds
// 50,000 bookings over two seasons into the running server's local D1, then times, beside a
// trivial read, a search by code and the other keys and pages of GET /api/admin/bookings, the
// payments report of a year, the payments/audit/waiting-list pages (decision 063) and each chart's query (takings, sources, sell-out, match day).
// Seeding refuses a database that already holds bench bookings (RESEED=1 to add anyway): a second
// seeding once made the 100,018 of an earlier figure.
// Usage, in two steps because a running server's D1 fails on rows written under it by another process:
//   1. with the server up: `SEED_ONLY=1 node bench/bookings-search.mjs` (makes two events, seeds);
//   2. restart the server on the same --persist-to, then `node bench/bookings-search.mjs` times.
// PERSIST_TO: the server's --persist-to (default .wrangler/state); BOOKINGS: how many to seed.
import { spawnSync } from "node:child_process";
import { BASE_URL, TRIVIAL_PATH, adminLogin, assertServerUp, createBenchEvent, ms, percentile } from "./bench-setup.mjs";

const PERSIST_TO = process.env.PERSIST_TO ?? ".wrangler/state";
const COUNT = Number(process.env.BOOKINGS ?? 50_000);
const RUNS = 30;
const DAY = 86_400_000;

await assertServerUp();
const cookie = await adminLogin();
if (process.env.SEED_ONLY) {
  const already = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", PERSIST_TO, "--json", "--command", "select count(*) as n from bookings where customer_email like '%@bench.example'"], { encoding: "utf8" });
  if (already.status !== 0) throw new Error(`counting failed: ${already.stderr || already.stdout}`);
  const present = JSON.parse(already.stdout)[0].results[0].n;
  if (present > 0 && !process.env.RESEED) throw new Error(`${present} bench bookings are already there: seeding again would time ${present + COUNT} (RESEED=1 to do it anyway)`);
  const events = [];
  for (const season of ["2025/26", "2026/27"]) events.push(await createBenchEvent(cookie, { title: `Bench ricerca ${season} ${Date.now()}`, freeSpots: 10 }));
  // One statement: D1 runs it in one go. Ids look like crypto.randomUUID()'s (random hex, version 4).
  const start = Date.UTC(2025, 7, 1);
  const step = Math.floor((730 * DAY) / COUNT);
  const seed = `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${COUNT})
  insert into bookings (id, event_id, status, customer_name, customer_email, license_plate, car_model, amount_cents, hold_expires_at, paid_at, created_at, source)
  select lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-8' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
    case when i % 2 = 0 then ${events[0].eventId} else ${events[1].eventId} end,
    case when i % 20 = 0 then 'refunded' when i % 7 = 0 then 'expired' else 'paid' end,
    'Cliente' || i || ' Bench', 'cliente' || i || '@bench.example', 'BN' || printf('%06d', i), 'Fiat Panda', 1500,
    ${start} + i * ${step} + 900000,
    case when i % 7 = 0 then null else ${start} + i * ${step} + 60000 end,
    ${start} + i * ${step},
    case i % 10 when 1 then 'share' when 2 then 'partner' when 3 then 'email_reminder' when 4 then 'email_notice' else 'direct' end
  from n`;
  const began = performance.now();
  const seeded = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", PERSIST_TO, "--command", seed.replace(/\s+/g, " ")], { encoding: "utf8" });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr || seeded.stdout}`);
  console.log(`seeded ${COUNT} bookings in ${ms(performance.now() - began)}; restart the server, then run again without SEED_ONLY`);
  process.exit(0);
}

async function timed(path, headers = { Cookie: cookie }) {
  const times = [];
  let body;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const res = await fetch(`${BASE_URL}${path}`, { headers });
    body = await res.text();
    times.push(performance.now() - t);
    if (path !== TRIVIAL_PATH && !res.ok) throw new Error(`${path}: ${res.status} ${body}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), body };
}

const newest = JSON.parse((await timed("/api/admin/bookings?limit=50")).body);
const eventId = newest.bookings[0]?.eventId ?? 1;
const middle = newest.total > 0 ? JSON.parse((await timed(`/api/admin/bookings?email=cliente${Math.floor(COUNT / 2)}%40bench.example`)).body).bookings[0] : null;
const code = middle ? middle.id.slice(0, 8).toUpperCase() : "00000000";
const cases = [
  ["trivial read (JSON 404, no database)", TRIVIAL_PATH],
  ["search by code (one field)", `/api/admin/bookings?q=${code}`],
  ["search by code", `/api/admin/bookings?code=${code}`],
  ["search by plate prefix", `/api/admin/bookings?plate=BN0250`],
  ["search by name prefix", `/api/admin/bookings?name=cliente2500`],
  ["newest page of 50 (all bookings)", "/api/admin/bookings?limit=50"],
  ["next page of 50 (cursor)", `/api/admin/bookings?limit=50&cursor=${encodeURIComponent(newest.nextCursor ?? "")}`],
  ["page of 50 paid", "/api/admin/bookings?limit=50&status=paid"],
  ["page of 50 of one event", `/api/admin/bookings?limit=50&eventId=${eventId}`],
  ["one month's bookings", "/api/admin/bookings?limit=50&from=2026-02-01&to=2026-02-28"],
];
// The year of the second season's first half, and each chart of the busiest bench event.
const year = "from=2026-01-01&to=2026-12-31";
const reports = [
  ["payments report of a year (JSON)", `/api/admin/payments?${year}`, (b) => `${b.length} payments`],
  // The server pages of decision 063: a page of 50 with the totals of all that match.
  ["payments page of 50 of a year, with its totals", `/api/admin/payments/page?${year}&limit=50`, (b) => `${b.payments.length} of ${b.total}`],
  ["payments page: search by code", `/api/admin/payments/page?q=${code}`, (b) => `${b.payments.length} of ${b.total}`],
  ["payments page of 50 of one event in a year", `/api/admin/payments/page?${year}&eventId=${eventId}&limit=50`, (b) => `${b.payments.length} of ${b.total}`],
  ["audit log: newest page of 50", "/api/admin/audit/page?limit=50", (b) => `${b.entries.length} of ${b.total}`],
  ["waiting lists: newest page of 50", "/api/admin/waitlist-entries?limit=50", (b) => `${b.entries.length} of ${b.total}`],
  ["chart: takings of a year by month", `/api/admin/charts/takings?${year}&by=month`, (b) => `${b.rows.length} months, ${b.totals.count} payments`],
  ["chart: sources of a year", `/api/admin/charts/sources?${year}`, (b) => `${b.totals.count} payments`],
  ["chart: an event's sell-out curve", `/api/admin/charts/sell-out?eventId=${eventId}`, (b) => `${b.event.points.length} points`],
  ["chart: an event's match day", `/api/admin/charts/match-day?eventId=${eventId}`, (b) => `${b.bins.length} bins`],
];
console.log(`${newest.total} bookings in the database; code searched: ${code}`);
console.log("| request | p50 | p95 | rows, total |");
console.log("|---|---|---|---|");
for (const [label, path] of cases) {
  const r = await timed(path);
  const page = path === TRIVIAL_PATH ? null : JSON.parse(r.body);
  console.log(`| ${label} | ${ms(r.p50)} | ${ms(r.p95)} | ${page ? `${page.bookings.length}, ${page.total}` : "—"} |`);
}
// The heavy answers are timed fewer times (REPORT_RUNS, default 5): each is the whole year's rows.
const REPORT_RUNS = Number(process.env.REPORT_RUNS ?? 5);
for (const [label, path, what] of reports) {
  const times = [];
  let body;
  for (let i = 0; i < REPORT_RUNS; i++) {
    const t = performance.now();
    const res = await fetch(`${BASE_URL}${path}`, { headers: { Cookie: cookie } });
    body = await res.text();
    times.push(performance.now() - t);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${body}`);
  }
  times.sort((a, b) => a - b);
  console.log(`| ${label} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} (${REPORT_RUNS} runs) | ${what(JSON.parse(body))} |`);
}
