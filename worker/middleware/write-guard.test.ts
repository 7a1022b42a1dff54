import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { categories } from "../../db/schema";
import { adminCookie } from "../test/admin";
import { ORIGIN, testDb } from "../test/helpers";

const countCategories = async () => (await testDb().select().from(categories)).length;

function post(path: string, init: { headers?: Record<string, string>; body?: string }) {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { method: "POST", ...init }));
}

describe("write guard on /api/*", () => {
  it("refuses cross-site writes with 403, by Origin or Sec-Fetch-Site, before anything is written", async () => {
    const cookie = await adminCookie();
    const before = await countCategories();
    const json = JSON.stringify({ name: "Intrusa", color: "#000000" });
    const attempts: Record<string, string>[] = [
      { Origin: "https://evil.example.com" },
      { Origin: "http://localhost:9999" },
      { Origin: "null" },
      // Same host, another scheme or a user-info part: another origin all the same.
      { Origin: "https://localhost:8787" },
      { Origin: "ws://localhost:8787" },
      { Origin: "http://user@localhost:8787" },
      { Origin: `${ORIGIN}/` },
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: ORIGIN, "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of attempts) {
      const res = await post("/api/categories", { headers: { ...headers, Cookie: cookie, "Content-Type": "application/json" }, body: json });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ error: { code: "forbidden", message: "Richiesta non consentita da un altro sito" } });
    }
    expect(await countCategories()).toBe(before);
  });

  it("refuses non-JSON bodies with 415 (forms, text/plain, JSON without its content type)", async () => {
    const cookie = await adminCookie();
    const before = await countCategories();
    for (const [contentType, body] of [
      ["application/x-www-form-urlencoded", "name=Intrusa&color=%23000000"],
      ["text/plain", JSON.stringify({ name: "Intrusa", color: "#000000" })],
      ["multipart/form-data; boundary=x", "--x--"],
      [undefined, JSON.stringify({ name: "Intrusa", color: "#000000" })],
    ] as const) {
      const headers: Record<string, string> = { Origin: ORIGIN, Cookie: cookie };
      if (contentType) headers["Content-Type"] = contentType;
      const res = await post("/api/categories", { headers, body });
      expect(res.status, String(contentType)).toBe(415);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("unsupported_media_type");
    }
    expect(await countCategories()).toBe(before);
  });

  it("lets same-origin JSON, and callers without Origin (curl, webhooks), through", async () => {
    const cookie = await adminCookie();
    const json = { "Content-Type": "application/json; charset=utf-8", Cookie: cookie };
    const body = JSON.stringify({ name: "Ammessa", color: "#112233" });
    expect((await post("/api/categories", { headers: { ...json, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }, body })).status).toBe(201);
    expect((await post("/api/categories", { headers: json, body })).status).toBe(201);
  });

  it("lets body-less writes through (logout, deletes)", async () => {
    const res = await post("/api/admin/logout", { headers: { Origin: ORIGIN, Cookie: await adminCookie() } });
    expect(res.status).toBe(200);
  });

  it("leaves reads alone", async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/events`, { headers: { Origin: "https://evil.example.com" } }));
    expect(res.status).toBe(200);
  });

  it("does not apply to the signed upload PUT (raw image bytes, judged by its signature)", async () => {
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/api/uploads/x.jpg?kind=event`, { method: "PUT", headers: { "Content-Type": "image/jpeg" }, body: "abc" }),
    );
    expect(res.status).toBe(403);
    expect((await res.json<{ error: { message: string } }>()).error.message).toBe("Link di caricamento non valido");
  });
});
