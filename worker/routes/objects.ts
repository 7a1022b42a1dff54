import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { messages } from "../i18n/it";

const fileParam = z.object({ file: z.string().regex(/^[A-Za-z0-9._-]{1,200}$/, messages.invalidFileName) });

/** Streams uploaded images out of R2. Keys are server-made and never reused, so caching is forever. */
export const objects = new Hono<AppEnv>().get("/uploads/:file", validate("param", fileParam), async (c) => {
  const key = `uploads/${c.req.valid("param").file}`;
  const etag = c.req.header("If-None-Match");
  const object = await c.env.UPLOADS.get(key, etag ? { onlyIf: { etagDoesNotMatch: etag.replaceAll('"', "") } } : undefined);
  if (!object) return c.json(errorBody("not_found", messages.imageNotFound), 404);
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    ETag: object.httpEtag,
  });
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { status: 200, headers });
});
