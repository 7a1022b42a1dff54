import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import {
  createSession,
  LOGIN_RATE_LIMIT,
  passwordMatches,
  revokeSession,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  touchSession,
} from "../services/admin-auth";
import { recordAudit } from "../services/audit";
import { clientKeyOf, isRateLimited, recordHit } from "../services/rate-limit";

const loginBody = z.object({ password: z.string({ error: "Password obbligatoria" }).max(1000, "Password non valida") });

const cookieOptions = { path: "/", httpOnly: true, secure: true, sameSite: "Strict" } as const;

export const adminAuth = new Hono<AppEnv>()
  .post("/login", validate("json", loginBody), async (c) => {
    const now = Date.now();
    const client = clientKeyOf(c.req);
    if (await isRateLimited(c.var.db, LOGIN_RATE_LIMIT, client, now)) {
      return c.json(errorBody("rate_limited", "Troppi tentativi, riprova tra poco"), 429);
    }
    if (!(await passwordMatches(c.req.valid("json").password, c.env.ADMIN_PASSWORD))) {
      await recordHit(c.var.db, LOGIN_RATE_LIMIT, client, now);
      return c.json(errorBody("unauthorized", "Password non valida"), 401);
    }
    const session = await createSession(c.var.db, now);
    await recordAudit(c.var.db, { sessionId: session.sessionId, action: "admin.login" }, now);
    setCookie(c, SESSION_COOKIE, session.token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
    return c.json({ authenticated: true as const }, 200);
  })
  .post("/logout", requireAdmin, audited("admin.logout"), async (c) => {
    await revokeSession(c.var.db, c.var.adminSessionId!, Date.now());
    deleteCookie(c, SESSION_COOKIE, cookieOptions);
    return c.json({ authenticated: false as const }, 200);
  })
  .get("/session", async (c) => {
    const sessionId = await touchSession(c.var.db, getCookie(c, SESSION_COOKIE), Date.now());
    c.header("Cache-Control", "no-store");
    return c.json({ authenticated: sessionId !== null }, 200);
  });
