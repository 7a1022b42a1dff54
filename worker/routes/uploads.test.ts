import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminApi, adminCookie } from "../test/admin";
import { ORIGIN } from "../test/helpers";
import { createUploadUrl } from "../services/uploads";

const filler = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31) % 256);
const withHead = (head: number[], size: number) => {
  const bytes = filler(size);
  bytes.set(head);
  return bytes;
};
const JPEG = (size = 2048) => withHead([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01], size);
const PNG = (size = 2048) => withHead([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], size);
const WEBP = (size = 2048) => withHead([0x52, 0x49, 0x46, 0x46, 0x10, 0, 0, 0, 0x57, 0x45, 0x42, 0x50], size);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

type ErrorJson = { error: { code: string; message: string } };

async function grant(kind: "event" | "partner", contentType: string, size: number, cookie?: string) {
  return adminApi("/api/objects/upload", { method: "POST", json: { kind, contentType, size }, cookie });
}

async function uploadUrl(kind: "event" | "partner", contentType: string, size: number): Promise<string> {
  const res = await grant(kind, contentType, size);
  expect(res.status).toBe(200);
  return (await res.json<{ uploadURL: string }>()).uploadURL;
}

function put(url: string, bytes: Uint8Array<ArrayBuffer>, contentType: string) {
  return exports.default.fetch(
    new Request(url, { method: "PUT", body: bytes, headers: { "Content-Type": contentType, "Content-Length": String(bytes.byteLength) } }),
  );
}

describe("POST /api/objects/upload", () => {
  it("answers a signed URL on the same origin, under /api/uploads/", async () => {
    const url = new URL(await uploadUrl("event", "image/jpeg", 2048));
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\.jpg$/);
    expect([...url.searchParams.keys()].sort()).toEqual(["exp", "kind", "sig", "size", "type"]);
  });

  it("refuses event images over 5 MB and formats other than JPG/PNG with the spec's messages", async () => {
    const cookie = await adminCookie();
    const cases: [string, string, number, string][] = [
      ["event", "image/jpeg", 5 * 1024 * 1024 + 1, "Il file è troppo grande. Massimo 5MB."],
      ["event", "image/gif", 1000, "Formato non supportato. Usa JPG o PNG."],
      ["event", "image/svg+xml", 1000, "Formato non supportato. Usa JPG o PNG."],
      ["partner", "image/svg+xml", 1000, "Formato non supportato. Usa JPG, PNG o WebP."],
      ["partner", "image/png", 10 * 1024 * 1024 + 1, "Il file è troppo grande. Massimo 10MB."],
    ];
    for (const [kind, type, size, message] of cases) {
      const res = await grant(kind as "event", type, size, cookie);
      expect(res.status, `${kind} ${type} ${size}`).toBe(400);
      expect((await res.json<ErrorJson>()).error.message).toBe(message);
    }
    expect((await grant("partner", "image/png", 10 * 1024 * 1024, cookie)).status).toBe(200);
    expect((await grant("event", "image/png", 5 * 1024 * 1024, cookie)).status).toBe(200);
  });
});

describe("PUT to the signed upload URL", () => {
  it("stores the image in R2 and serves it back through /objects/uploads/…", async () => {
    const bytes = JPEG(300_000);
    const url = await uploadUrl("event", "image/jpeg", bytes.byteLength);
    const res = await put(url, bytes, "image/jpeg");
    expect(res.status).toBe(200);
    const { objectPath } = await res.json<{ objectPath: string }>();
    expect(objectPath).toBe(`/objects/uploads/${new URL(url).pathname.split("/").pop()}`);

    const served = await exports.default.fetch(new Request(`${ORIGIN}${objectPath}`));
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it.each(["partner", "event"] as const)("takes PNG and WebP %s images (an event's crop is WebP)", async (kind) => {
    for (const [type, bytes] of [
      ["image/png", PNG()],
      ["image/webp", WEBP()],
    ] as const) {
      const res = await put(await uploadUrl(kind, type, bytes.byteLength), bytes, type);
      expect(res.status, type).toBe(200);
      const { objectPath } = await res.json<{ objectPath: string }>();
      expect((await env.UPLOADS.head(`uploads/${objectPath.split("/").pop()}`))?.httpMetadata?.contentType).toBe(type);
    }
  });

  it("refuses bytes that are not the declared image (SVG, text, a JPEG sent as PNG) and stores nothing", async () => {
    for (const [bytes, type] of [
      [SVG, "image/png"],
      [new TextEncoder().encode("just some text, definitely not an image"), "image/jpeg"],
      [JPEG(), "image/png"],
    ] as const) {
      const url = await uploadUrl("event", type, bytes.byteLength);
      const res = await put(url, bytes, type);
      expect(res.status).toBe(415);
      expect((await res.json<ErrorJson>()).error.message).toBe("Formato non supportato. Usa JPG o PNG.");
      expect(await env.UPLOADS.head(`uploads/${new URL(url).pathname.split("/").pop()}`)).toBeNull();
    }
  });

  it("refuses a body larger than the size the URL was signed for", async () => {
    const url = await uploadUrl("event", "image/jpeg", 1000);
    const res = await put(url, JPEG(1001), "image/jpeg");
    expect(res.status).toBe(413);
    expect((await res.json<ErrorJson>()).error.message).toBe("Il file è troppo grande. Massimo 5MB.");
  });

  it("refuses a Content-Type other than the signed one", async () => {
    const url = await uploadUrl("event", "image/jpeg", 2048);
    expect((await put(url, JPEG(), "image/png")).status).toBe(415);
  });

  it("refuses tampered URLs with 403", async () => {
    const url = new URL(await uploadUrl("event", "image/jpeg", 1000));
    const variants: URL[] = [];
    for (const [param, value] of [
      ["size", "5000000"],
      ["type", "image/png"],
      ["kind", "partner"],
      ["exp", String(Date.now() + 3_600_000)],
      ["sig", `${url.searchParams.get("sig")!.slice(0, -2)}AA`],
    ]) {
      const v = new URL(url);
      v.searchParams.set(param, value);
      variants.push(v);
    }
    const otherFile = new URL(url);
    otherFile.pathname = "/api/uploads/another-name.jpg";
    variants.push(otherFile);
    const unsigned = new URL(url);
    unsigned.search = "";
    variants.push(unsigned);
    for (const v of variants) {
      const res = await put(v.toString(), JPEG(1000), v.searchParams.get("type") ?? "image/jpeg");
      expect(res.status, v.toString()).toBe(403);
      expect((await res.json<ErrorJson>()).error.code).toBe("forbidden");
    }
    // the untouched URL still works
    expect((await put(url.toString(), JPEG(1000), "image/jpeg")).status).toBe(200);
  });

  it("refuses an expired URL with 403", async () => {
    const { uploadURL } = await createUploadUrl(
      env.UPLOAD_SIGNING_KEY,
      ORIGIN,
      { kind: "event", contentType: "image/jpeg", size: 1000 },
      Date.now() - 5 * 60 * 1000 - 1,
    );
    const res = await put(uploadURL, JPEG(1000), "image/jpeg");
    expect(res.status).toBe(403);
    expect((await res.json<ErrorJson>()).error.message).toBe("Il link di caricamento è scaduto");
  });

  it("works only once per URL", async () => {
    const url = await uploadUrl("event", "image/jpeg", 1000);
    expect((await put(url, JPEG(1000), "image/jpeg")).status).toBe(200);
    expect((await put(url, JPEG(1000), "image/jpeg")).status).toBe(409);
  });
});

describe("PUT /api/event-images", () => {
  it("normalises an uploaded image's URL to /objects/uploads/{file}", async () => {
    const url = await uploadUrl("event", "image/png", 2048);
    expect((await put(url, PNG(), "image/png")).status).toBe(200);
    const file = new URL(url).pathname.split("/").pop();
    for (const imageURL of [url, `/objects/uploads/${file}`, `https://storage.example.com/bucket/uploads/${file}?X-Amz=1`]) {
      const res = await adminApi("/api/event-images", { method: "PUT", json: { imageURL } });
      expect(res.status, imageURL).toBe(200);
      expect(await res.json()).toEqual({ objectPath: `/objects/uploads/${file}` });
    }
  });

  it("answers 404 for an image that was never uploaded and 400 for other addresses", async () => {
    const cookie = await adminCookie();
    const missing = await adminApi("/api/event-images", { method: "PUT", json: { imageURL: "/objects/uploads/nope.jpg" }, cookie });
    expect(missing.status).toBe(404);
    for (const imageURL of ["javascript:alert(1)", "https://evil.example.com/a.jpg", "/objects/uploads/../../x"]) {
      const res = await adminApi("/api/event-images", { method: "PUT", json: { imageURL }, cookie });
      expect(res.status, imageURL).toBe(400);
    }
  });
});
