import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { createDb } from "../db";

export const BOOKMARK_HEADER = "X-D1-Bookmark";
export const BOOKMARK_COOKIE = "pe_d1";
// D1 bookmarks look like "0000002a-00000004-00005083-8c2f…": anything else is ignored, not passed on.
const BOOKMARK = /^[0-9a-f-]{8,128}$/i;
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every request runs in one D1 session (Sessions API), so in production reads can be answered by
 * the nearest read replica. The bookmark of a write goes back as a cookie (and every answer carries
 * the session's latest in a header); the next request starts from it, so a customer who has just
 * booked reads their own booking, on the API and on the home page alike.
 */
export const d1Session = createMiddleware<AppEnv>(async (c, next) => {
  const given = c.req.header(BOOKMARK_HEADER) ?? getCookie(c, BOOKMARK_COOKIE);
  const bookmark = given && BOOKMARK.test(given) ? given : undefined;
  const write = !READS.has(c.req.method);
  const session = c.env.DB.withSession(bookmark ?? (write ? "first-primary" : "first-unconstrained"));
  c.set("db", createDb(session));
  await next();
  const latest = session.getBookmark();
  if (!latest) return;
  c.header(BOOKMARK_HEADER, latest);
  // Only a write that succeeded has something to read back (a refused one wrote nothing).
  if (write && c.res.ok && latest !== bookmark) {
    setCookie(c, BOOKMARK_COOKIE, latest, { path: "/", httpOnly: true, secure: true, sameSite: "Lax", maxAge: 60 * 60 });
  }
});
