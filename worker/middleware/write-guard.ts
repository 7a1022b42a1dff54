import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { messages } from "../i18n/it";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The signed upload PUT carries raw image bytes; its signature is its authorisation. */
const EXEMPT_PREFIXES = ["/api/uploads/"];

/**
 * Browsers send Origin as exactly scheme://host[:port], so the whole string must equal ours: a
 * different scheme, a user-info part or a path is another origin (or garbage such as "null").
 */
function isSameOrigin(origin: string, requestUrl: string): boolean {
  return origin === new URL(requestUrl).origin;
}

/**
 * CSRF and content-type guard for every write under /api. Browsers always send Origin (and
 * Sec-Fetch-Site) on cross-origin writes, so those are refused; callers without an Origin
 * (curl, the payment provider's webhook) pass. Bodies must be JSON, so no HTML form can post.
 */
export const writeGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (!WRITE_METHODS.has(c.req.method)) return next();
  const path = new URL(c.req.url).pathname;
  if (EXEMPT_PREFIXES.some((p) => path.startsWith(p))) return next();

  const origin = c.req.header("Origin");
  const fetchSite = c.req.header("Sec-Fetch-Site");
  if ((origin !== undefined && !isSameOrigin(origin, c.req.url)) || fetchSite === "cross-site") {
    return c.json(errorBody("forbidden", messages.crossSite), 403);
  }

  const contentType = c.req.header("Content-Type");
  const mediaType = contentType?.split(";")[0].trim().toLowerCase();
  const hasBody = c.req.raw.body !== null && c.req.header("Content-Length") !== "0";
  if ((contentType !== undefined || hasBody) && mediaType !== "application/json") {
    return c.json(errorBody("unsupported_media_type", messages.jsonOnly), 415);
  }
  return next();
});
