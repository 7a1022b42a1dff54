// bench/rush: N concurrent bookings for the last K spots of a fresh event, against a running server
// (`npm start`, or BASE_URL). Prints created / rejected / 5xx, p50/p99 latency next to the trivial
// route's at the same concurrency, whether anything was oversold, and whether the server survived.
// Beside them, in the same run: bookings decided (201 or 409) per second next to the trivial route's
// requests per second at the same concurrency, and D1's own time per decided booking (the statements'
// `meta.duration`, sent back by the route as `Server-Timing: d1;dur=…`), which bounds what one event's
// single D1 can decide in a second in production: 1,000 ms ÷ that figure (an estimate from the local runtime).
//   RUSH_REQUESTS (200) · RUSH_SPOTS (5) · RUSH_ROUNDS (3) · RUSH_CONNECTIONS (100) · BASE_URL (http://localhost:8787)
import { randomUUID } from "node:crypto";
import {
  BASE_URL,
  TRIVIAL_PATH,
  adminLogin,
  assertServerUp,
  bookingBody,
  clientAddress,
  createBenchEvent,
  d1MsOf,
  deactivateEvent,
  isAlive,
  ms,
  percentile,
  pooledClient,
  publicEvent,
  timed,
} from "./bench-setup.mjs";

const N = Number(process.env.RUSH_REQUESTS ?? 200);
const K = Number(process.env.RUSH_SPOTS ?? 5);
const ROUNDS = Number(process.env.RUSH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.RUSH_CONNECTIONS ?? 100);

function latency(results) {
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
}

await assertServerUp();
const cookie = await adminLogin();
console.log(`rush: ${N} bookings fired at once (≤ ${CONNECTIONS} sockets) for the last ${K} spots, ${ROUNDS} round(s), ${BASE_URL}\n`);

const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  const { eventId, rateId } = await createBenchEvent(cookie, { title: `Benchmark rush ${new Date().toISOString()} #${round}`, totalSpots: Math.max(100, K), freeSpots: K });
  // Same client, same pool, same concurrency for the baseline and the rush.
  const client = pooledClient(CONNECTIONS);
  const { answers: baseline, seconds: baselineSeconds } = await timed(() => Array.from({ length: N }, () => client.request("GET", TRIVIAL_PATH)));
  const { answers: rush, seconds: rushSeconds } = await timed(() =>
    Array.from({ length: N }, (_, i) =>
      client.request("POST", "/api/bookings", {
        headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID(), "CF-Connecting-IP": clientAddress(round * 100_000 + i) },
        body: bookingBody(eventId, rateId, round * 100_000 + i),
      }),
    ),
  );
  client.close();
  await new Promise((r) => setTimeout(r, 500));
  const alive = await isAlive();
  const event = alive ? await publicEvent(eventId) : undefined;
  await deactivateEvent(cookie, eventId);

  const count = (pred) => rush.filter(pred).length;
  const created = count((r) => r.status === 201);
  const holdsInDb = event ? event.heldSpots + event.paidSpots : NaN;
  const decided = rush.filter((r) => r.status === 201 || r.status === 409);
  const d1 = decided.map((r) => d1MsOf(r.headers));
  rows.push({
    decidedPerSecond: decided.length / rushSeconds,
    trivialPerSecond: N / baselineSeconds,
    d1MsPerBooking: d1.reduce((a, b) => a + b, 0) / d1.length,
    d1Missing: d1.filter(Number.isNaN).length,
    round,
    created,
    rejected409: count((r) => r.status === 409),
    serverErrors: count((r) => r.status >= 500),
    networkErrors: count((r) => r.status === 0),
    other: count((r) => r.status !== 0 && r.status !== 201 && r.status !== 409 && r.status < 500),
    holdsInDb,
    oversold: Math.max(0, created - K, holdsInDb - K),
    rush: latency(rush),
    baseline: latency(baseline),
    alive,
  });
  if (!alive) break;
}

console.table(
  rows.map((r) => ({
    round: r.round,
    created: r.created,
    "409": r.rejected409,
    "5xx": r.serverErrors,
    "net err": r.networkErrors,
    other: r.other,
    "holds in DB": r.holdsInDb,
    oversold: r.oversold,
    "rush p50": ms(r.rush.p50),
    "rush p99": ms(r.rush.p99),
    "trivial p50": ms(r.baseline.p50),
    "trivial p99": ms(r.baseline.p99),
    "p99 ratio": (r.rush.p99 / r.baseline.p99).toFixed(2),
    "decided/s": r.decidedPerSecond.toFixed(0),
    "trivial req/s": r.trivialPerSecond.toFixed(0),
    "decided ÷ trivial": `${((r.decidedPerSecond / r.trivialPerSecond) * 100).toFixed(0)} %`,
    "D1 ms/booking": r.d1MsPerBooking.toFixed(3),
    "server up": r.alive ? "yes" : "NO",
  })),
);

const percent = (ratio) => `${(ratio * 100).toFixed(0)} %`;
const oversold = rows.reduce((sum, r) => sum + (Number.isNaN(r.oversold) ? 1 : r.oversold), 0);
const serverErrors = rows.reduce((sum, r) => sum + r.serverErrors + r.networkErrors, 0);
const alive = rows.every((r) => r.alive);
const worstRatio = Math.max(...rows.map((r) => r.rush.p99 / r.baseline.p99));
const exact = rows.every((r) => r.created === K && r.rejected409 === N - K);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const decidedRatio = median(rows.map((r) => r.decidedPerSecond / r.trivialPerSecond));
const d1Ms = median(rows.map((r) => r.d1MsPerBooking));
const d1Missing = rows.reduce((sum, r) => sum + r.d1Missing, 0);
console.log(`
oversold:                          ${oversold}   (target 0)
5xx / network errors:              ${serverErrors}   (target 0)
exactly ${K} created and ${N - K} × 409:    ${exact ? "yes" : "no"}
server alive afterwards:           ${alive ? "yes" : "NO"}
worst rush p99 / trivial p99:      ${worstRatio.toFixed(2)}   (target ≤ 2, same ${CONNECTIONS}-socket concurrency)
bookings decided per second:       median ${percent(decidedRatio)} of the trivial route's req/s (rounds: ${rows.map((r) => `${r.decidedPerSecond.toFixed(0)} vs ${r.trivialPerSecond.toFixed(0)}`).join(", ")}) (target ≥ 50 %) ${decidedRatio >= 0.5 ? "✓" : "✗"}
D1 time per decided booking:       median ${d1Ms.toFixed(3)} ms (meta.duration of its statements${d1Missing ? `; ${d1Missing} answers without Server-Timing` : ""})
one event's D1, production:        ≈ ${Math.floor(1000 / d1Ms)} bookings decided a second (1,000 ms ÷ ${d1Ms.toFixed(3)} ms: an estimate from the local runtime; target ≥ 500) ${1000 / d1Ms >= 500 ? "✓" : "✗"}
`);
const ok = oversold === 0 && serverErrors === 0 && alive && exact;
console.log(ok ? "RESULT: no oversell, no 5xx, server up" : "RESULT: FAILED");
process.exit(ok ? 0 : 1);
