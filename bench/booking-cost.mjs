// bench/booking-cost: where a booking's time goes, against a running server (`npm start`, or BASE_URL).
// One request at a time, each kind in turn (so the machine's drift touches all alike), median client
// latency per kind: the trivial route, a body read, one D1 read, then POST /api/bookings stopped at
// each stage — broken JSON (the request-rate limiter, then 400), a missing field (zod), an unknown
// rate (the whole D1 batch, nothing inserted) — and a booking made (201), with its D1 time
// (`Server-Timing: d1;dur=…`). The differences between rows are the stages' costs. On a busy machine
// read the fastest tenth (p10) too: a request that was not preempted shows its own cost.
//   BOOKING_COST_ROUNDS (60) · BASE_URL (http://localhost:8787)
import { randomUUID } from "node:crypto";
import { TRIVIAL_PATH, adminLogin, assertServerUp, bookingBody, clientAddress, createBenchEvent, d1MsOf, deactivateEvent, pooledClient } from "./bench-setup.mjs";

const ROUNDS = Number(process.env.BOOKING_COST_ROUNDS ?? 60);

await assertServerUp();
const cookie = await adminLogin();
const { eventId, rateId } = await createBenchEvent(cookie, { title: `Benchmark booking cost ${new Date().toISOString()}`, totalSpots: 1_000_000, freeSpots: 1_000_000 });
const client = pooledClient(1);
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)];
const median = (values) => quantile(values, 0.5);
// Each booking from an address and an e-mail of its own, as many customers would.
let customer = Math.floor(Math.random() * 1_000_000);
const post = (body) =>
  client.request("POST", "/api/bookings", {
    headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID(), "CF-Connecting-IP": clientAddress(++customer) },
    body,
  });

const kinds = [
  ["trivial (GET, JSON 404, no DB)", 404, () => client.request("GET", TRIVIAL_PATH)],
  ["POST to the trivial path with a booking body", 404, () => client.request("POST", TRIVIAL_PATH, { headers: { "Content-Type": "application/json" }, body: bookingBody(eventId, rateId, customer) })],
  ["one D1 read (GET /api/events/2147483647/rates)", 404, () => client.request("GET", "/api/events/2147483647/rates")],
  ["POST /api/bookings, broken JSON (limiter, 400)", 400, () => post("{")],
  ["POST /api/bookings, a field missing (zod, 400)", 400, () => post(JSON.stringify({ eventId, rateId }))],
  ["POST /api/bookings, unknown rate (D1 batch, 404)", 404, () => post(bookingBody(eventId, 2147483647, ++customer))],
  ["POST /api/bookings (201)", 201, () => post(bookingBody(eventId, rateId, ++customer))],
];
const times = new Map(kinds.map(([name]) => [name, []]));
const d1 = [];
let unexpected = 0;
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, status, send] of kinds) {
      const res = await send();
      if (res.status !== status) unexpected++;
      times.get(name).push(res.ms);
      if (status === 201) d1.push(d1MsOf(res.headers));
    }
  }
} finally {
  client.close();
  await deactivateEvent(cookie, eventId);
}

console.log(`booking-cost: ${ROUNDS} rounds, one request at a time, ${process.env.BASE_URL ?? "http://localhost:8787"}\n`);
let previous = null;
console.table(
  kinds.map(([name]) => {
    const ms = median(times.get(name));
    const row = { request: name, "p10 ms": quantile(times.get(name), 0.1).toFixed(1), "median ms": ms.toFixed(1), "vs trivial": `${(ms / median(times.get(kinds[0][0]))).toFixed(2)} ×`, "vs row above": previous === null ? "" : `${ms - previous >= 0 ? "+" : ""}${(ms - previous).toFixed(1)} ms` };
    previous = ms;
    return row;
  }),
);
console.log(`D1 time of a booking made (Server-Timing): median ${median(d1).toFixed(3)} ms`);
console.log(unexpected === 0 ? "every answer had its expected status" : `${unexpected} answers had another status than expected`);
process.exit(unexpected === 0 ? 0 : 1);
