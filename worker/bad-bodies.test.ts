import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { JSON_BODY_LIMIT } from "./app";
import { adminCookie } from "./test/admin";
import { ORIGIN, randomClientIp, seedEvent } from "./test/helpers";

/** Every route that reads a JSON body, with the admin ones marked (they are tried with a session). */
const JSON_ROUTES: { method: string; path: (ids: Ids) => string; admin?: boolean }[] = [
  { method: "POST", path: () => "/api/admin/login" },
  { method: "POST", path: () => "/api/bookings" },
  { method: "POST", path: () => "/api/presales" },
  { method: "POST", path: () => "/api/create-payment-intent" },
  { method: "POST", path: () => "/api/confirm-payment" },
  { method: "POST", path: () => "/api/demo/confirm" },
  { method: "POST", path: () => "/api/my-bookings/lookup" },
  { method: "POST", path: () => "/api/events", admin: true },
  { method: "PUT", path: (ids) => `/api/events/${ids.eventId}`, admin: true },
  { method: "PUT", path: () => "/api/reorder-events", admin: true },
  { method: "PUT", path: (ids) => `/api/events/${ids.eventId}/rates/reorder`, admin: true },
  { method: "PUT", path: (ids) => `/api/rates/${ids.rateId}/visibility`, admin: true },
  { method: "PUT", path: (ids) => `/api/rates/${ids.rateId}/payability`, admin: true },
  { method: "PUT", path: () => "/api/carousel-settings", admin: true },
  { method: "POST", path: () => "/api/categories", admin: true },
  { method: "PUT", path: (ids) => `/api/categories/${ids.categoryId}`, admin: true },
  { method: "PUT", path: () => "/api/live-notifications/config", admin: true },
  { method: "POST", path: () => "/api/partners", admin: true },
  { method: "POST", path: () => "/api/objects/upload", admin: true },
  { method: "PUT", path: () => "/api/event-images", admin: true },
  { method: "POST", path: (ids) => `/api/admin/events/${ids.eventId}/notices`, admin: true },
  { method: "PUT", path: () => "/api/admin/reminder-settings", admin: true },
];
type Ids = { eventId: number; rateId: number; categoryId: number };

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
const big = "x".repeat(1024 * 1024);

/** [what, body, content type, expected status, expected code]. */
const BAD_BODIES: [string, string, string | null, number, string][] = [
  ["truncated JSON", '{"eventId": 1, "rateId"', "application/json", 400, "invalid_json"],
  ["an empty body", "", "application/json", 400, "invalid_json"],
  ["NaN", '{"eventId": NaN}', "application/json", 400, "invalid_json"],
  ["single quotes", "{'eventId': 1}", "application/json", 400, "invalid_json"],
  ["trailing garbage", '{"eventId": 1} garbage', "application/json", 400, "invalid_json"],
  ["a bare word", "undefined", "application/json", 400, "invalid_json"],
  ["a comment", '// note\n{"eventId": 1}', "application/json", 400, "invalid_json"],
  ["valid JSON of the wrong kind (null)", "null", "application/json", 400, "validation_failed"],
  ["valid JSON of the wrong kind (array)", "[1, 2, 3]", "application/json", 400, "validation_failed"],
  ["deep nesting", deep(30_000), "application/json", 400, "*"],
  ["an object full of deep nesting", `{"eventId": ${deep(20_000)}}`, "application/json", 400, "validation_failed"],
  ["the wrong content type", '{"eventId": 1}', "text/plain", 415, "unsupported_media_type"],
  ["a form", "eventId=1", "application/x-www-form-urlencoded", 415, "unsupported_media_type"],
  ["a 1 MB string", JSON.stringify({ eventId: 1, customerName: big, email: big, name: big, password: big }), "application/json", 413, "payload_too_large"],
  ["a body just over the limit", JSON.stringify({ x: "y".repeat(JSON_BODY_LIMIT) }), "application/json", 413, "payload_too_large"],
];

/** English that zod, Hono or the runtime would put in a message: none of it may reach a user. */
const ENGLISH = /\b(expected|received|invalid|required|too big|too small|malformed|payload|unexpected|error|must|string|number)\b/i;

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations'",
  ).all<{ name: string }>();
  const counts: Record<string, number> = {};
  for (const { name } of tables.results) {
    counts[name] = (await env.DB.prepare(`select count(*) as n from "${name}"`).first<{ n: number }>())!.n;
  }
  return counts;
}

describe("every JSON route answers every bad body with a clean 4xx, in Italian, writing nothing", async () => {
  // Every route reads every body: on a busy machine the 1 MB bodies take seconds.
  it.each(BAD_BODIES)("%s", async (_what, body, contentType, status, code) => {
    const { eventId, rateId, category } = await seedEvent();
    const ids = { eventId, rateId: rateId!, categoryId: category!.id };
    const cookie = await adminCookie();
    const before = await rowCounts();
    for (const route of JSON_ROUTES) {
      const headers: Record<string, string> = { Origin: ORIGIN, "CF-Connecting-IP": randomClientIp(), "Idempotency-Key": crypto.randomUUID() };
      if (contentType) headers["Content-Type"] = contentType;
      if (route.admin) headers.Cookie = cookie;
      const path = route.path(ids);
      const res = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { method: route.method, headers, body }));
      const where = `${route.method} ${path}`;
      expect(res.status, where).toBe(status);
      const answer = await res.json<{ error: { code: string; message: string; issues?: { message: string }[] } }>();
      expect(Object.keys(answer), where).toEqual(["error"]);
      if (code !== "*") expect(answer.error.code, where).toBe(code);
      expect(answer.error.message, where).toMatch(/\S/);
      for (const message of [answer.error.message, ...(answer.error.issues ?? []).map((i) => i.message)]) {
        expect(message, `${where}: ${message}`).not.toMatch(ENGLISH);
      }
    }
    expect(await rowCounts()).toEqual(before);
    // 20 routes × a body of up to 1 MB, each read to its end: seconds on a busy 2-core machine.
  }, 30_000);

  it("refuses an oversized body by its Content-Length, without parsing it", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 10_000) controller.close();
        else controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
      },
    });
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/api/bookings`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/json", "Content-Length": String(95 * 1024 * 1024) },
        body: endless,
        // @ts-expect-error: workerd needs duplex for a streamed request body
        duplex: "half",
      }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: "payload_too_large", message: "Il corpo della richiesta è troppo grande" } });
  });
});

/** Issue #22: hostile text in each free-text field, [what, text, also refused in multi-line fields]. */
const HOSTILE_TEXT: [string, string, boolean][] = [
  ["NUL", "Napoli\u0000Inter", true],
  ["a lone surrogate", "Napoli \ud83d", true],
  ["an escape sequence", "Napoli \u001b[31m", true],
  ["CR LF and a header", "Napoli\r\nBcc: spia@evil.example", false],
  ["a bidi override", "Napoli \u202enretnI", false],
  ["a zero-width space", "Nap\u200boli", false],
];

/** [field, route, body with the text in that field, multi-line]. */
const TEXT_FIELDS: [string, string, (ids: Ids, text: string) => unknown, boolean][] = [
  ["customer name", "/api/bookings", (ids, text) => ({ eventId: ids.eventId, rateId: ids.rateId, customerName: text, customerEmail: "a@example.it", licensePlate: "AB123CD", carModel: "Panda" }), false],
  ["car model", "/api/bookings", (ids, text) => ({ eventId: ids.eventId, rateId: ids.rateId, customerName: "Mario", customerEmail: "a@example.it", licensePlate: "AB123CD", carModel: text }), false],
  ["event title", "/api/events", (_ids, text) => ({ event: { title: text, datetime: "2031-05-01T20:00", totalSpots: 10 }, rates: [] }), false],
  ["event description", "/api/events", (_ids, text) => ({ event: { title: "Ok", description: text, datetime: "2031-05-01T20:00", totalSpots: 10 }, rates: [] }), true],
  ["rate name", "/api/events", (_ids, text) => ({ event: { title: "Ok", datetime: "2031-05-01T20:00", totalSpots: 10 }, rates: [{ name: text, price: "10" }] }), false],
  ["category name", "/api/categories", (_ids, text) => ({ name: text, color: "#123456" }), false],
  ["partner name", "/api/partners", (_ids, text) => ({ name: text, imageUrl: "/objects/uploads/x.png" }), false],
  ["staff name", "/api/admin/users", (_ids, text) => ({ email: "nuovo@test.example", name: text, role: "gate", password: "gabbiano-vesuvio-tramonto" }), false],
];

describe("every free-text field refuses hostile text with a 400 in Italian, writing nothing", () => {
  it.each(HOSTILE_TEXT)("%s", async (_what, text, multilineToo) => {
    const { eventId, rateId, category } = await seedEvent();
    const ids = { eventId, rateId: rateId!, categoryId: category!.id };
    const cookie = await adminCookie();
    const before = await rowCounts();
    for (const [field, path, body, multiline] of TEXT_FIELDS) {
      if (multiline && !multilineToo) continue;
      const res = await exports.default.fetch(
        new Request(`${ORIGIN}${path}`, {
          method: "POST",
          headers: { Origin: ORIGIN, "CF-Connecting-IP": randomClientIp(), "Content-Type": "application/json", Cookie: cookie },
          body: JSON.stringify(body(ids, text)),
        }),
      );
      expect(res.status, field).toBe(400);
      const answer = await res.json<{ error: { code: string; message: string } }>();
      expect(answer.error.code, field).toBe("validation_failed");
      expect(answer.error.message, field).not.toMatch(ENGLISH);
      // Refused for the text itself, not for another field of the body.
      expect(answer.error.message, field).toMatch(/caratteri|una sola riga/);
    }
    expect(await rowCounts()).toEqual(before);
  });
});
