import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { StaffRole } from "../../db/schema";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { SESSION_COOKIE, touchSession } from "../services/admin-auth";
import { messages } from "../i18n/it";

/**
 * Lets the request through only with a live staff session whose role is one of `roles`: 401
 * without a session, 403 for another role. Sets `c.var.staff` and `c.var.adminSessionId`.
 */
export function requireRole(...roles: StaffRole[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await touchSession(c.var.db, getCookie(c, SESSION_COOKIE), Date.now());
    // Staff answers carry personal data or depend on who asks: never keep them in any cache.
    c.header("Cache-Control", "no-store");
    if (!session) return c.json(errorBody("unauthorized", messages.unauthorized), 401);
    if (!roles.includes(session.staff.role)) return c.json(errorBody("forbidden", messages.forbidden), 403);
    c.set("staff", session.staff);
    c.set("adminSessionId", session.sessionId);
    await next();
    c.header("Cache-Control", "no-store");
  });
}

/** Any staff account: the way out and who-am-I. */
export const requireStaff = requireRole("owner", "manager", "gate");
