import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { StaffRole } from "../../db/schema";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { SESSION_COOKIE, touchSession } from "../services/admin-auth";
import { messages } from "../i18n/it";

/**
 * Lets the request through only with a live staff session whose role is one of `roles`: 401
 * without a session, 403 for another role. Sets `c.var.staff` and `c.var.adminSessionId`, and runs
 * the reads a route put in `c.var.alongSession` in the same trip as the session check.
 */
export function requireRole(...roles: StaffRole[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Once per request, even when a route adds its own requireRole to its app's.
    const along = c.var.alongSession?.results ? undefined : c.var.alongSession;
    const session = await touchSession(c.var.db, getCookie(c, SESSION_COOKIE), Date.now(), along?.items);
    // Staff answers carry personal data or depend on who asks: never keep them in any cache.
    c.header("Cache-Control", "no-store");
    if (!session) return c.json(errorBody("unauthorized", messages.unauthorized), 401);
    if (!roles.includes(session.staff.role)) return c.json(errorBody("forbidden", messages.forbidden), 403);
    c.set("staff", session.staff);
    c.set("adminSessionId", session.sessionId);
    if (along) along.results = session.along;
    await next();
    c.header("Cache-Control", "no-store");
  });
}

/** Any staff account: the way out and who-am-I. */
export const requireStaff = requireRole("owner", "manager", "gate");
