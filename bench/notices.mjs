// bench/notices: a notice to N paid bookings of a fresh event, against a running server (`npm start`,
// or BASE_URL). Seeds N demo-paid bookings over the API (not timed), then times the notice request
// (the outbox rows written: "enqueue") and the queue draining them (every row sent or failed).
//   NOTICE_BOOKINGS (2000) · NOTICE_SEED_CONNECTIONS (16) · NOTICE_DRAIN_TIMEOUT_S (900) · BASE_URL (http://localhost:8787)
import { randomUUID } from "node:crypto";
import { BASE_URL, adminLogin, assertServerUp, bookingBody, clientAddress, createBenchEvent, deactivateEvent, ms } from "./bench-setup.mjs";

const N = Number(process.env.NOTICE_BOOKINGS ?? 2000);
const CONNECTIONS = Number(process.env.NOTICE_SEED_CONNECTIONS ?? 16);
const DRAIN_TIMEOUT_MS = Number(process.env.NOTICE_DRAIN_TIMEOUT_S ?? 900) * 1000;

async function post(path, body, headers = {}) {
  const res = await fetch(`${BASE_URL}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: BASE_URL, ...headers }, body });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function paidBooking(eventId, rateId, i) {
  const ip = { "CF-Connecting-IP": clientAddress(100_000 + i) };
  const booking = await post("/api/bookings", bookingBody(eventId, rateId, i), { ...ip, "Idempotency-Key": randomUUID() });
  const intent = await post("/api/create-payment-intent", JSON.stringify({ bookingId: booking.id }), ip);
  await post("/api/demo/confirm", JSON.stringify({ paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" }), ip);
}

await assertServerUp();
const cookie = await adminLogin();
const admin = { Cookie: cookie };
const { eventId, rateId } = await createBenchEvent(cookie, { title: `Benchmark avvisi ${new Date().toISOString()}`, freeSpots: N });
console.log(`notices: a notice to ${N} paid bookings, ${BASE_URL}\n`);

let seeded = 0;
const seedStart = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (next < N) {
      const i = next++;
      await paidBooking(eventId, rateId, i);
      if (++seeded % 250 === 0) process.stdout.write(`  seeded ${seeded}/${N}\n`);
    }
  }),
);
console.log(`seeding (not part of the figure): ${N} paid bookings in ${ms(performance.now() - seedStart)}`);
// The confirmations of the seeding are in the same queue: let them go first, so the drain below is the notice's own.
await new Promise((r) => setTimeout(r, 2000));

const audience = await (await fetch(`${BASE_URL}/api/admin/events/${eventId}/notices/audience`, { headers: admin })).json();
const t0 = performance.now();
const notice = await post(
  `/api/admin/events/${eventId}/notices`,
  JSON.stringify({ subject: "Benchmark: ingresso da Via Marina", body: "Avviso di prova del benchmark." }),
  { ...admin, "Idempotency-Key": randomUUID() },
);
const enqueued = performance.now() - t0;
console.log(`enqueue: ${notice.recipients} outbox rows written (audience ${audience.count}) in ${ms(enqueued)} (one request)`);

let last = notice;
for (;;) {
  const list = await (await fetch(`${BASE_URL}/api/admin/events/${eventId}/notices`, { headers: admin })).json();
  last = list.find((n) => n.id === notice.id);
  if (last.delivered + last.failed >= last.recipients) break;
  if (performance.now() - t0 > DRAIN_TIMEOUT_MS) break;
  await new Promise((r) => setTimeout(r, 500));
}
const drained = performance.now() - t0;
console.log(`drain:   ${last.delivered} delivered, ${last.failed} failed, ${last.pending} pending after ${ms(drained)} from the request (${((last.delivered / drained) * 1000).toFixed(1)} messages/s)`);
await deactivateEvent(cookie, eventId);
if (last.delivered !== notice.recipients) process.exitCode = 1;
