import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "./app";
import { adminCookie } from "./test/admin";
import { ORIGIN, randomClientIp, seedBooking, seedEvent } from "./test/helpers";
import { confirmCard, stripeEnv } from "./test/stripe-mode";

// In production every D1 statement is a trip from the edge to the database's primary region (or a
// replica): what a hot request costs is its number of trips, not its statements' CPU (issue #26,
// docs/benchmarks.md "Production latency estimate"). The binding is wrapped so that each
// prepare().run/all/first/raw and each batch() counts as one trip, whether on the database or a session.

type Trips = { count: number };

function countingStatement(real: D1PreparedStatement, trips: Trips): D1PreparedStatement {
  return new Proxy(real, {
    get(target, key) {
      if (key === REAL) return target;
      if (key === "bind") return (...values: unknown[]) => countingStatement(target.bind(...values), trips);
      if (key === "run" || key === "all" || key === "first" || key === "raw") {
        const method = Reflect.get(target, key) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          trips.count++;
          return method.apply(target, args);
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
const REAL = Symbol("real statement");
const unwrap = (statement: D1PreparedStatement) => ((statement as unknown as Record<symbol, D1PreparedStatement>)[REAL] ?? statement);

function countingSession<T extends D1Database | D1DatabaseSession>(real: T, trips: Trips): T {
  return new Proxy(real, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => countingStatement(target.prepare(sql), trips);
      if (key === "batch")
        return (statements: D1PreparedStatement[]) => {
          trips.count++;
          return target.batch(statements.map(unwrap));
        };
      if (key === "withSession") return (constraint?: string) => countingSession((target as D1Database).withSession(constraint), trips);
      if (key === "exec") throw new Error("exec() is not used by request handlers");
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

// No client build in the test runtime: the asset binding answers the prerendered shell's skeleton,
// islands and all (as worker/routes/home.test.ts renders it), so GET / runs its whole path.
const SHELL = `<!doctype html><html lang="it"><head><title>Parcheggi Eventi</title></head><body><div id="root" hidden>
<div data-island="hero-stats"></div><div data-island="partners"></div><section data-island="events"></section></div></body></html>`;
const shellAssets = { fetch: async () => new Response(SHELL, { headers: { "Content-Type": "text/html" } }) } as unknown as Fetcher;

/** One request to the real app with a counting D1 binding: the answer and the trips it took before answering. */
async function tripsOf(path: string, init: RequestInit & { json?: unknown; stripe?: boolean } = {}) {
  const { json, stripe, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", randomClientIp());
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    headers.set("Origin", ORIGIN);
  }
  const trips: Trips = { count: 0 };
  const base = stripe ? stripeEnv() : env;
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${ORIGIN}${path}`, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body }),
    { ...base, ASSETS: shellAssets, DB: countingSession(env.DB, trips) },
    ctx,
  );
  const beforeAnswer = trips.count;
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, body, trips: beforeAnswer };
}

const bookingBody = (eventId: number, rateId: number) => ({
  eventId,
  rateId,
  customerName: "Mario Rossi",
  customerEmail: `trips.${eventId}.${crypto.randomUUID().slice(0, 8)}@example.it`,
  licensePlate: "AB123CD",
  carModel: "Fiat Panda",
});

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

describe("D1 round trips per hot request", () => {
  it("GET / reads the home's data in 1", async () => {
    await seedEvent({ title: "Concerto delle andate e ritorni" });
    const { res, trips } = await tripsOf("/");
    expect(res.status).toBe(200);
    expect(trips).toBe(1);
  });

  it("GET /api/events lists in 1", async () => {
    await seedEvent();
    const { res, trips } = await tripsOf("/api/events");
    expect(res.status).toBe(200);
    expect(trips).toBe(1);
  });

  it("GET /api/passes/:secret shows a pass in 1", async () => {
    const { eventId, rateId } = await seedEvent();
    const booking = await seedBooking({ eventId, rateId, status: "paid" });
    const { res, trips } = await tripsOf(`/api/passes/${booking.passSecret}`);
    expect(res.status).toBe(200);
    expect(trips).toBe(1);
  });

  it("POST /api/bookings holds a spot in at most 2", async () => {
    const { eventId, rateId } = await seedEvent();
    const { res, trips } = await tripsOf("/api/bookings", { method: "POST", json: bookingBody(eventId, rateId), headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(res.status).toBe(201);
    expect(trips).toBeLessThanOrEqual(2);
  });

  it("create-payment-intent takes at most 2 (plus the provider's own calls), confirm-payment 2, and so does a repeated confirm", async () => {
    const { eventId, rateId } = await seedEvent();
    const booked = await tripsOf("/api/bookings", { method: "POST", json: bookingBody(eventId, rateId), headers: { "Idempotency-Key": crypto.randomUUID() } });
    const { id } = JSON.parse(booked.body) as { id: string };
    const intent = await tripsOf("/api/create-payment-intent", { method: "POST", json: { bookingId: id }, stripe: true });
    expect(intent.res.status).toBe(200);
    expect(intent.trips).toBeLessThanOrEqual(2);
    const { paymentIntentId } = JSON.parse(intent.body) as { paymentIntentId: string };
    await confirmCard(paymentIntentId);
    const confirmed = await tripsOf("/api/confirm-payment", { method: "POST", json: { paymentIntentId }, stripe: true });
    expect(confirmed.res.status).toBe(200);
    expect(confirmed.trips).toBeLessThanOrEqual(2);
    // The answer read back in the paying batch is the booking as a read on its own shows it.
    const answer = JSON.parse(confirmed.body) as { status: string; passSecret: string | null };
    expect(answer.status).toBe("paid");
    expect(answer.passSecret).toMatch(/.{16,}/);
    expect(answer).toEqual(JSON.parse((await tripsOf(`/api/bookings/${id}`)).body));
    const again = await tripsOf("/api/confirm-payment", { method: "POST", json: { paymentIntentId }, stripe: true });
    expect(again.res.status).toBe(200);
    expect(again.trips).toBeLessThanOrEqual(2);
    expect(JSON.parse(again.body)).toEqual(answer);
  });

  it("a gate scan answers in at most 2 (the session check carries its reads), a replayed offline scan in 1", async () => {
    const { eventId, rateId } = await seedEvent({ datetime: Date.now() + 3_600_000 });
    const booking = await seedBooking({ eventId, rateId, status: "paid", licensePlate: "TR123IP" });
    const scanId = crypto.randomUUID();
    const scan = (direction: "in" | "out", id = scanId) =>
      tripsOf("/api/gate/scan", {
        method: "POST",
        json: { eventId, scan: `https://parcheggi.example/p/${booking.passSecret}`, direction, scanId: id },
        headers: { Cookie: cookie },
      });
    const first = await scan("in");
    expect(first.res.status).toBe(200);
    expect(first.trips).toBeLessThanOrEqual(2);
    // Read inside batches, every column lands under its own name (worker/lib/batch-columns.ts).
    expect(JSON.parse(first.body)).toMatchObject({ result: "ok", booking: { licensePlate: "TR123IP", eventId, gateState: "inside", pass: "valid" } });
    const replayed = await scan("in");
    expect(replayed.trips).toBe(1);
    expect(JSON.parse(replayed.body)).toEqual(JSON.parse(first.body));
    const out = await scan("out", crypto.randomUUID());
    expect(out.trips).toBeLessThanOrEqual(2);
    expect(JSON.parse(out.body)).toMatchObject({ result: "ok", booking: { gateState: "exited" } });
    const byPlate = await tripsOf("/api/gate/scan", { method: "POST", json: { eventId, scan: "TR 123 IP", direction: "in" }, headers: { Cookie: cookie } });
    expect(byPlate.trips).toBeLessThanOrEqual(2);
    expect(JSON.parse(byPlate.body)).toMatchObject({ result: "ok", booking: { gateState: "inside" } });
  });
});
