import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { testClient } from "hono/testing";
import { app } from "../app";
import worker from "../index";
import { bookings, categories, events, rates, type BookingStatus } from "../../db/schema";
import { createDb } from "../db";
import { newPassSecret } from "../services/pass-secret";
import type { BookingDto } from "../services/bookings";
import type { IntentDto } from "../services/payments/checkout";

export const testDb = () => createDb(env.DB);

export const ORIGIN = "http://localhost:8787";

/** An address in a /64 of its own: per-client limits key IPv6 clients by their /64. */
export const randomClientIp = () => `2001:db8:${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}::${crypto.randomUUID().slice(0, 4)}`;

/**
 * A request as a browser would send it. Each one comes from a client of its own unless the test
 * sets CF-Connecting-IP, so per-client limits apply only where a test means them to.
 */
export function browserRequest(path: string, init: RequestInit & { json?: unknown } = {}): Request {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", randomClientIp());
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    if (!headers.has("Origin")) headers.set("Origin", ORIGIN);
  }
  return new Request(`${ORIGIN}${path}`, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
}

/**
 * Calls the real Worker (its fetch handler: app, middleware and bindings) the way a browser would.
 * Directly, not through `exports.default`: in @cloudflare/vitest-plugin 1.0.0 every request through
 * that binding wraps the entrypoint's prototype in one more Proxy, so each request cost more than the
 * last (5 ms at the first hundred, 40 ms at the fourth, on the 404 route alike) and a file of 1,400
 * requests spent most of its time there (issue #42; fixed upstream in a later plugin).
 */
export function api(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  return Promise.resolve(worker.fetch(browserRequest(path, init), env, createExecutionContext()));
}

/**
 * The typed client (hono/testing) over the same app and bindings: paths, inputs and the answers'
 * fields are checked by tsc, so a renamed route or field fails type-checking, not only at run time.
 * Every request comes from a client of its own, like api().
 */
export function typedApi(headers: Record<string, string> = {}) {
  return testClient(app, env, createExecutionContext(), {
    headers: () => ({ "CF-Connecting-IP": randomClientIp(), Origin: "http://localhost", ...headers }),
  }).api;
}

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++counter}`;

type SeedEventInput = Partial<typeof events.$inferInsert> & {
  rates?: Partial<typeof rates.$inferInsert>[];
  category?: { name?: string; color?: string } | null;
};

/** One event with its category and rates; every test makes its own rows. */
export async function seedEvent(input: SeedEventInput = {}) {
  const db = testDb();
  const { rates: rateInputs = [{}], category, ...eventInput } = input;
  const cat =
    category === null
      ? null
      : await db
          .insert(categories)
          .values({ name: category?.name ?? unique("Categoria"), color: category?.color ?? "#3B82F6" })
          .returning()
          .get();
  const event = await db
    .insert(events)
    .values({
      title: unique("Evento"),
      description: "Descrizione di prova",
      datetime: Date.now() + 7 * 86_400_000,
      distanceMeters: 1000,
      totalSpots: 10,
      categoryId: cat?.id ?? null,
      ...eventInput,
    })
    .returning()
    .get();
  const rateRows = [];
  for (const [i, r] of rateInputs.entries()) {
    rateRows.push(
      await db
        .insert(rates)
        .values({ eventId: event.id, name: `Tariffa ${i + 1}`, priceCents: 1500, sortOrder: i + 1, ...r })
        .returning()
        .get(),
    );
  }
  return { event, eventId: event.id, rates: rateRows, rateId: rateRows[0]?.id, category: cat };
}

/** A booking row written directly, for arranging availability and revenue scenarios. */
export async function seedBooking(input: {
  eventId: number;
  rateId?: number | null;
  status: BookingStatus;
  holdExpiresAt?: number;
  amountCents?: number;
  paidAt?: number | null;
  createdAt?: number;
  licensePlate?: string;
  customerEmail?: string;
  clientKey?: string;
}) {
  return testDb()
    .insert(bookings)
    .values({
      id: crypto.randomUUID(),
      eventId: input.eventId,
      rateId: input.rateId ?? null,
      status: input.status,
      customerName: "Mario Rossi",
      customerEmail: input.customerEmail ?? "mario@example.it",
      licensePlate: input.licensePlate ?? "AB123CD",
      carModel: "Fiat Panda",
      amountCents: input.amountCents ?? 1500,
      holdExpiresAt: input.holdExpiresAt ?? Date.now() + 15 * 60_000,
      paidAt: input.paidAt ?? (input.status === "paid" ? Date.now() : null),
      passSecret: input.status === "pending" || input.status === "expired" ? null : newPassSecret(),
      clientKey: input.clientKey ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning()
    .get();
}

/** A client of its own, whose hold cap plays no part (for tests about something else). */
export const anyClient = () => ({ clientKey: crypto.randomUUID(), cap: { perEvent: 1_000, total: 1_000, bookingsPerEvent: 1_000 } });

/** The booking form a visitor sends for an event's rate; `who` changes the person where a test needs several. */
export const customerFor = (
  eventId: number,
  rateId: number,
  who: Partial<{ customerName: string; customerEmail: string; licensePlate: string; carModel: string }> = {},
) => ({
  eventId,
  rateId,
  customerName: "Anna Russo",
  customerEmail: `anna.${eventId}@example.it`,
  licensePlate: "EZ 321 KL",
  carModel: "Fiat 500",
  ...who,
});

/** Reads until `done` holds or `ms` pass, for work the Worker finishes after answering (queues, workflows). */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 8000): Promise<T> {
  const end = performance.now() + ms; // the real clock: Date stands still in tests
  for (;;) {
    const value = await read();
    if (done(value) || performance.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A booking made and paid as a customer does (the demo card) on a rate of an event: its id and pass secret. */
export async function paidBookingOn(eventId: number, rateId: number) {
  const booking = await (await api("/api/bookings", { method: "POST", json: customerFor(eventId, rateId) })).json<BookingDto>();
  const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
  await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
  const confirmed = await api("/api/confirm-payment", { method: "POST", json: { paymentIntentId: intent.paymentIntentId } });
  if (confirmed.status !== 200) throw new Error(`confirm-payment answered ${confirmed.status}`);
  const row = await testDb().select().from(bookings).where(eq(bookings.id, booking.id)).get();
  return { bookingId: booking.id, secret: row!.passSecret! };
}
