import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { messages } from "../i18n/it";

/** How much of an oversized body is still read (to nowhere) before answering: beyond it the upload is cut. */
const DRAIN_LIMIT = 32 * 1024 * 1024;

/**
 * Refuses a body over `maxSize` with 413 in the error shape, whether it declares its length or
 * comes chunked. Unlike hono/body-limit, a chunked body over the limit is read to its end before
 * the answer: the local server (vite preview → Miniflare) turns an answer given while the client
 * is still sending into a 500 page that shows the machine's paths.
 */
export function limitBody(maxSize: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const declared = raw.headers.get("content-length");
    if (declared !== null && !raw.headers.has("transfer-encoding")) {
      return Number(declared) > maxSize ? c.json(errorBody("payload_too_large", messages.bodyTooLarge), 413) : next();
    }
    const reader = raw.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size <= maxSize) chunks.push(value);
      else if (size > DRAIN_LIMIT) {
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
    if (size > maxSize) return c.json(errorBody("payload_too_large", messages.bodyTooLarge), 413);
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(raw, { body });
    return next();
  };
}
