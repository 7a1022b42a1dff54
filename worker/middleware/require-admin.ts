import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { SESSION_COOKIE, touchSession } from "../services/admin-auth";

export const UNAUTHORIZED_MESSAGE = "Accesso amministratore richiesto";

/** Lets the request through only with a live admin session; sets `c.var.adminSessionId`. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const sessionId = await touchSession(c.var.db, getCookie(c, SESSION_COOKIE), Date.now());
  if (!sessionId) return c.json(errorBody("unauthorized", UNAUTHORIZED_MESSAGE), 401);
  c.set("adminSessionId", sessionId);
  await next();
  // Admin answers carry personal data: never keep them in a shared or browser cache.
  c.header("Cache-Control", "no-store");
});
