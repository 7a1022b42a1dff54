// Shared by bench/rush.mjs and bench/api-load.mjs: where the server is, admin login, a fresh event.
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";

export const BASE_URL = (process.env.BASE_URL ?? "http://localhost:8787").replace(/\/$/, "");

/** Not a route: the app's JSON 404 under /api — same Worker, same middleware, no database. The baseline. */
export const TRIVIAL_PATH = "/api/bench-trivial-baseline";

/** The owner account's ADMIN_EMAIL / ADMIN_PASSWORD: from the environment, else .dev.vars. */
function ownerSetting(name) {
  if (process.env[name]) return process.env[name];
  for (const file of [".dev.vars", ".dev.vars.example"]) {
    if (!existsSync(file)) continue;
    const match = new RegExp(`^${name}=(.*)$`, "m").exec(readFileSync(file, "utf8"));
    if (match) return match[1].trim();
  }
  throw new Error(`${name} not set and no .dev.vars found`);
}

export async function assertServerUp() {
  try {
    const res = await fetch(`${BASE_URL}/api/events`);
    if (res.ok) return;
    throw new Error(`GET /api/events answered ${res.status}`);
  } catch (err) {
    console.error(`No server at ${BASE_URL} (${err.message}). Start one with \`npm start\` or set BASE_URL.`);
    process.exit(2);
  }
}

export async function isAlive() {
  try {
    const res = await fetch(`${BASE_URL}/api/events`, { signal: AbortSignal.timeout(10_000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

export async function adminLogin() {
  const res = await fetch(`${BASE_URL}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: ownerSetting("ADMIN_EMAIL"), password: ownerSetting("ADMIN_PASSWORD") }),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error("admin login answered no session cookie");
  return cookie;
}

/** A fresh, active event with one payable €15 rate and exactly `freeSpots` spots left. */
export async function createBenchEvent(cookie, { title, freeSpots, totalSpots = freeSpots }) {
  const res = await fetch(`${BASE_URL}/api/events`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({
      event: {
        title,
        description: "Evento creato dal benchmark",
        datetime: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        durationMinutes: 240,
        distanceMeters: 1000,
        totalSpots,
        reservedSpots: 0,
        occupiedSpots: totalSpots - freeSpots,
        isAlwaysActive: false,
      },
      rates: [{ name: "Benchmark", description: "", price: "15.00", isVisible: true, isPayable: true }],
    }),
  });
  if (res.status !== 201) throw new Error(`event creation failed: ${res.status} ${await res.text()}`);
  const event = await res.json();
  return { eventId: event.id, rateId: event.rates[0].id };
}

/** Keeps the public list clean after a run. */
export async function deactivateEvent(cookie, eventId) {
  await fetch(`${BASE_URL}/api/events/${eventId}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ event: { isActive: false } }),
  }).catch(() => undefined);
}

export async function publicEvent(eventId) {
  const events = await (await fetch(`${BASE_URL}/api/events`)).json();
  return events.find((e) => e.id === eventId);
}

/**
 * The bench stands for many customers, so each booking comes from an address of its own (IPv6
 * documentation range). Locally the Worker sees the header as sent; in production Cloudflare sets
 * CF-Connecting-IP itself, so no client can choose its address there.
 */
export function clientAddress(i) {
  return `2001:db8:${(i >>> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`;
}

export function bookingBody(eventId, rateId, i) {
  return JSON.stringify({
    eventId,
    rateId,
    customerName: `Cliente Benchmark ${i}`,
    customerEmail: `bench${i}@example.it`,
    licensePlate: `BE${String(i).padStart(5, "0")}`,
    carModel: "Fiat Panda",
  });
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const ms = (v) => `${v.toFixed(1)} ms`;

/** D1's own time for a request, from the `Server-Timing: d1;dur=…` the booking route sends (NaN without it). */
export function d1MsOf(headers) {
  const match = /(?:^|,)\s*d1;dur=([\d.]+)/.exec(headers?.["server-timing"] ?? "");
  return match ? Number(match[1]) : NaN;
}

/** Runs `requests` all at once (through the pool) and answers them with the wall time the whole set took. */
export async function timed(requests) {
  const started = performance.now();
  const answers = await Promise.all(requests());
  return { answers, seconds: (performance.now() - started) / 1000 };
}

/**
 * Plain node:http over a bounded keep-alive pool. All requests are issued at once; at most
 * `maxSockets` are on the wire together. (`wrangler dev` itself intermittently exits when ~200
 * client sockets hit it at once, even on a route that touches nothing: see the bench notes.)
 */
export function pooledClient(maxSockets) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const base = new URL(BASE_URL);
  const request = (method, path, { headers = {}, body } = {}) =>
    new Promise((resolve) => {
      const start = performance.now();
      const req = http.request(
        { host: base.hostname, port: base.port || 80, method, path, agent, headers: body ? { ...headers, "Content-Length": Buffer.byteLength(body) } : headers },
        (res) => {
          const chunks = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - start, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", (err) => resolve({ status: 0, ms: performance.now() - start, error: err.code ?? err.message }));
        },
      );
      req.on("error", (err) => resolve({ status: 0, ms: performance.now() - start, error: err.code ?? err.message }));
      if (body) req.write(body);
      req.end();
    });
  return { request, close: () => agent.destroy() };
}
