import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { partners, uploads } from "../../db/schema";
import worker from "../index";
import { seedEvent, testDb } from "../test/helpers";
import { deleteOrphanUploads, normaliseImagePath, sniffImageType } from "./uploads";

const HOUR = 3_600_000;

async function upload(name: string, createdAt: number) {
  const key = `uploads/${name}`;
  await env.UPLOADS.put(key, new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]), { httpMetadata: { contentType: "image/jpeg" } });
  await testDb().insert(uploads).values({ key, kind: "event", contentType: "image/jpeg", size: 6, createdAt });
  return `/objects/uploads/${name}`;
}

const exists = async (name: string) => (await env.UPLOADS.head(`uploads/${name}`)) !== null;

describe("orphan uploads", () => {
  it("deletes, after 24 h, uploads no event or partner references; a second run deletes nothing", async () => {
    const now = Date.parse("2036-01-10T12:00:00Z");
    const old = now - 25 * HOUR;
    const eventImage = await upload("event-used.jpg", old);
    const partnerImage = await upload("partner-used.jpg", old);
    await upload("orphan.jpg", old);
    await upload("fresh.jpg", now - 23 * HOUR);
    await seedEvent({ imageUrl: eventImage });
    await testDb().insert(partners).values({ name: "P", imageUrl: partnerImage });

    expect(await deleteOrphanUploads(testDb(), env.UPLOADS, now, 24 * HOUR)).toEqual({ deleted: 1 });
    expect(await deleteOrphanUploads(testDb(), env.UPLOADS, now, 24 * HOUR)).toEqual({ deleted: 0 });
    expect(await exists("orphan.jpg")).toBe(false);
    for (const name of ["event-used.jpg", "partner-used.jpg", "fresh.jpg"]) expect(await exists(name), name).toBe(true);
    const keys = (await testDb().select().from(uploads)).map((u) => u.key);
    expect(keys).not.toContain("uploads/orphan.jpg");
    expect(keys).toContain("uploads/fresh.jpg");
  });

  it("runs from the scheduled handler", async () => {
    await upload("cron-orphan.jpg", Date.now() - 48 * HOUR);
    for (let run = 0; run < 2; run++) {
      const ctx = createExecutionContext();
      // A fifth minute: the slow housekeeping runs only then.
      await worker.scheduled(createScheduledController({ scheduledTime: Math.floor(Date.now() / 300_000) * 300_000, cron: "* * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
      expect(await exists("cron-orphan.jpg")).toBe(false);
    }
  });
});

describe("image paths and types", () => {
  it("normalises as spec §3 says and refuses everything else", () => {
    expect(normaliseImagePath("/objects/uploads/a.jpg")).toBe("/objects/uploads/a.jpg");
    expect(normaliseImagePath("http://localhost:8787/api/uploads/a.jpg?exp=1&sig=x")).toBe("/objects/uploads/a.jpg");
    expect(normaliseImagePath("https://bucket.r2.example.com/uploads/a.png")).toBe("/objects/uploads/a.png");
    expect(normaliseImagePath("/demo/partners/logo.png")).toBe("/demo/partners/logo.png");
    for (const bad of ["javascript:alert(1)", "https://evil.example.com/a.jpg", "//evil.example.com/a.jpg", "/objects/other/a.jpg", "/a/../b", "data:image/svg+xml,<svg/>"]) {
      expect(normaliseImagePath(bad), bad).toBeNull();
    }
  });

  it("knows JPEG, PNG and WebP by their first bytes, and nothing else", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe("image/jpeg");
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("<?xml version='1.0'?><svg/>"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("GIF89a"))).toBeNull();
  });
});
