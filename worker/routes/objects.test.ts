import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api } from "../test/helpers";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe("GET /objects/uploads/:file", () => {
  it("streams the object with its content type, long immutable cache and nosniff", async () => {
    await env.UPLOADS.put("uploads/logo-test.png", PNG, { httpMetadata: { contentType: "image/png" } });
    const res = await api("/objects/uploads/logo-test.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("ETag")).toBeTruthy();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    await env.UPLOADS.put("uploads/etag-test.png", PNG, { httpMetadata: { contentType: "image/png" } });
    const etag = (await api("/objects/uploads/etag-test.png")).headers.get("ETag")!;
    const res = await api("/objects/uploads/etag-test.png", { headers: { "If-None-Match": etag } });
    expect(res.status).toBe(304);
  });

  it("answers 404 in the error shape when the object is absent", async () => {
    const res = await api("/objects/uploads/non-esiste.png");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Immagine non trovata" } });
  });

  it("refuses path tricks", async () => {
    expect((await api("/objects/uploads/..%2Fsecret")).status).toBe(400);
  });
});
