// bench/gate-match-day: match night at the gate (issue 23), against a running server (`npm start`, or
// BASE_URL). Sells CARS paid passes for an event starting within the hour, then at once:
//  - three gate phones (three sessions) let the cars in, each its third, by QR, plate or booking code;
//  - a fourth phone replays its offline queue (GATE_OFFLINE cars scanned without signal) twice, as a
//    sync whose answers were lost would;
// then every car leaves through the three phones. Checks exact counts (each car in once, each
// replay answering its first answer, every car out) and prints scans/s and p99 beside a plain read
// of the same server (the event's counts: one D1 read) at the same concurrency.
//   GATE_CARS (210) · GATE_OFFLINE (40) · GATE_SOCKETS (24) · BASE_URL (http://localhost:8787)
import { randomUUID } from "node:crypto";
import { BASE_URL, adminLogin, assertServerUp, clientAddress, deactivateEvent, ms, percentile, pooledClient } from "./bench-setup.mjs";

const CARS = Number(process.env.GATE_CARS ?? 210);
const OFFLINE = Number(process.env.GATE_OFFLINE ?? 40);
const SOCKETS = Number(process.env.GATE_SOCKETS ?? 24);
const http = pooledClient(SOCKETS);
const json = (body) => ({ headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
};

async function call(method, path, { cookie, body, ip } = {}) {
  const headers = { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}), ...(ip ? { "CF-Connecting-IP": ip, "Idempotency-Key": randomUUID() } : {}) };
  const res = await http.request(method, path, { headers, body: body ? JSON.stringify(body) : undefined });
  let parsed = null;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    // not JSON (an error page)
  }
  return { ...res, json: parsed };
}

await assertServerUp();
const owner = await adminLogin();
const phones = await Promise.all([1, 2, 3, 4].map(() => adminLogin()));

// An event starting within the hour: on the gate's list.
const created = await call("POST", "/api/events", {
  cookie: owner,
  body: {
    event: { title: `Bench gate ${new Date().toISOString()}`, description: "Serata di prova del varco", datetime: new Date(Date.now() + 3_600_000).toISOString(), durationMinutes: 240, distanceMeters: 1000, totalSpots: CARS + OFFLINE + 10, reservedSpots: 0, occupiedSpots: 0, isAlwaysActive: false },
    rates: [{ name: "Bench", description: "", price: "15.00", isVisible: true, isPayable: true }],
  },
});
if (created.status !== 201) throw new Error(`event: ${created.status} ${created.body}`);
const eventId = created.json.id;
const rateId = created.json.rates[0].id;

console.log(`gate-match-day: selling ${CARS + OFFLINE} passes for event ${eventId} on ${BASE_URL}...`);
const sell = async (i) => {
  const ip = clientAddress(50_000 + i);
  const plate = `GM${String(i).padStart(5, "0")}`;
  const booked = await call("POST", "/api/bookings", { ip, body: { eventId, rateId, customerName: `Tifoso ${i}`, customerEmail: `gate${i}@example.it`, licensePlate: plate, carModel: "Fiat Panda" } });
  if (booked.status !== 201) throw new Error(`booking ${i}: ${booked.status} ${booked.body}`);
  const intent = await call("POST", "/api/create-payment-intent", { ip, body: { bookingId: booked.json.id } });
  await call("POST", "/api/demo/confirm", { ip, body: { paymentIntentId: intent.json.paymentIntentId, cardNumber: "4242424242424242" } });
  const paid = await call("POST", "/api/confirm-payment", { ip, body: { paymentIntentId: intent.json.paymentIntentId } });
  if (paid.json?.status !== "paid" || !paid.json.passSecret) throw new Error(`payment ${i}: ${paid.status} ${paid.body}`);
  return { id: booked.json.id, plate, secret: paid.json.passSecret, code: booked.json.id.slice(0, 8).toUpperCase() };
};
const cars = [];
for (let i = 0; i < CARS + OFFLINE; i += SOCKETS) cars.push(...(await Promise.all(Array.from({ length: Math.min(SOCKETS, CARS + OFFLINE - i) }, (_, k) => sell(i + k)))));
const online = cars.slice(0, CARS);
const offline = cars.slice(CARS);
const scanText = (car, i) => [`${BASE_URL}/p/${car.secret}`, car.plate, car.code][i % 3];

const timed = async (rows) => {
  const start = performance.now();
  const answers = await Promise.all(rows.map((r) => r()));
  const seconds = (performance.now() - start) / 1000;
  const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
  return { answers, seconds, rate: answers.length / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

// Entries: three phones online, the fourth replaying its offline queue twice, all at once.
const queued = offline.map((car, i) => ({ eventId, scan: scanText(car, i), direction: "in", scanId: randomUUID(), scannedAt: Date.now() - 60_000 + i }));
const entries = await timed([
  ...online.map((car, i) => () => call("POST", "/api/gate/scan", { cookie: phones[i % 3], body: { eventId, scan: scanText(car, i), direction: "in" } })),
  ...[0, 1].flatMap(() => queued.map((scan) => () => call("POST", "/api/gate/scan", { cookie: phones[3], body: scan }))),
]);
const onlineAnswers = entries.answers.slice(0, CARS);
const replays = [entries.answers.slice(CARS, CARS + OFFLINE), entries.answers.slice(CARS + OFFLINE)];
check(entries.answers.every((a) => a.status === 200), `entries: statuses ${[...new Set(entries.answers.map((a) => a.status))]}`);
check(onlineAnswers.every((a) => a.json?.result === "ok"), `online entries not ok: ${onlineAnswers.filter((a) => a.json?.result !== "ok").length}`);
check(replays[0].every((a, i) => a.json?.result === "ok" && replays[1][i].json?.result === "ok"), "an offline scan answered other than ok on one of its two replays");
const inside = await call("GET", `/api/gate/events/${eventId}/summary`, { cookie: owner });
check(inside.json?.expected === CARS + OFFLINE && inside.json?.inside === CARS + OFFLINE && inside.json?.exited === 0, `after entries: ${inside.body}`);

// Every car leaves through the three phones.
const exits = await timed(cars.map((car, i) => () => call("POST", "/api/gate/scan", { cookie: phones[i % 3], body: { eventId, scan: scanText(car, i + 1), direction: "out" } })));
check(exits.answers.every((a) => a.status === 200 && a.json?.result === "ok"), `exits not ok: ${exits.answers.filter((a) => a.json?.result !== "ok").map((a) => a.json?.result ?? a.status)}`);
const out = await call("GET", `/api/gate/events/${eventId}/summary`, { cookie: owner });
check(out.json?.inside === 0 && out.json?.exited === CARS + OFFLINE, `after exits: ${out.body}`);

// The plain read beside it: the same number of requests at the same concurrency.
const reads = await timed(Array.from({ length: entries.answers.length }, (_, i) => () => call("GET", `/api/gate/events/${eventId}/summary`, { cookie: phones[i % 4] })));
check(reads.answers.every((a) => a.status === 200), "plain reads not all 200");

const row = (name, r) => `${name.padEnd(44)} ${String(r.answers.length).padStart(5)} ${r.rate.toFixed(0).padStart(8)}/s  p50 ${ms(r.p50).padStart(10)}  p99 ${ms(r.p99).padStart(10)}`;
console.log(`\n${SOCKETS} sockets; ${CARS} cars online (QR, plate, code in turn), ${OFFLINE} offline scans replayed twice\n`);
console.log(row("entries (3 phones + offline replays)", entries));
console.log(row("exits (3 phones)", exits));
console.log(row("plain read (GET …/summary, one D1 read)", reads));
await deactivateEvent(owner, eventId);
http.close();
if (failures.length) {
  console.log(`\nFAILED:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log(`\nRESULT: ${CARS + OFFLINE} cars in once each (${OFFLINE} by replayed offline scans), all out; counts exact`);
