import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { adminFormWords, validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireStaff } from "../middleware/require-role";
import {
  accountLoginDelayMs,
  clearLoginFailures,
  createSession,
  LOGIN_RATE_LIMIT,
  recordLoginFailure, revokeSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE, touchSession } from "../services/admin-auth";
import { recordAudit } from "../services/audit";
import { accountClientKey, clientKeyOf, releaseHit, takeHit } from "../services/rate-limit";
import { weakPasswordMessage } from "../services/password-strength";
import { passwordChangeForm } from "../../shared/forms/admin-forms";
import { EMAIL_MAX } from "../../shared/forms/customer-forms";
import { authenticate, bootstrapFirstOwner, updateStaff } from "../services/staff";
import { messages } from "../i18n/it";

const loginBody = z.object({
  email: z.string({ error: messages.emailRequired }).trim().min(1, messages.emailRequired).max(EMAIL_MAX, messages.invalidLoginEmail),
  password: z.string({ error: messages.passwordRequired }).max(1000, messages.invalidPassword),
});

const passwordChangeBody = passwordChangeForm(adminFormWords);

const cookieOptions = { path: "/", httpOnly: true, secure: true, sameSite: "Strict" } as const;

export const adminAuth = new Hono<AppEnv>()
  .post("/login", validate("json", loginBody), async (c) => {
    const now = Date.now();
    const credentials = c.req.valid("json");
    // The try is taken before the password is checked, so parallel attempts cannot all slip in;
    // keyed by address and account, so a stranger's failures never lock the owner out.
    const hit = await takeHit(c.var.db, LOGIN_RATE_LIMIT, accountClientKey(clientKeyOf(c.req), credentials.email.toLowerCase()), now);
    if (hit === null) return c.json(errorBody("rate_limited", messages.loginRateLimited), 429);
    await bootstrapFirstOwner(c.var.db, c.env, credentials, now);
    const delay = await accountLoginDelayMs(c.var.db, credentials.email, now);
    if (delay > 0) await scheduler.wait(delay);
    // Unknown e-mail, wrong password and disabled account get the same answer.
    const staff = await authenticate(c.var.db, credentials.email, credentials.password);
    if (!staff) {
      await recordLoginFailure(c.var.db, credentials.email, now);
      return c.json(errorBody("unauthorized", messages.wrongCredentials), 401);
    }
    await releaseHit(c.var.db, hit);
    await clearLoginFailures(c.var.db, credentials.email);
    const session = await createSession(c.var.db, staff.id, now);
    await recordAudit(c.var.db, { sessionId: session.sessionId, staff, action: "admin.login" }, now);
    setCookie(c, SESSION_COOKIE, session.token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
    return c.json({ authenticated: true as const, staff }, 200);
  })
  .post("/logout", requireStaff, audited("admin.logout"), async (c) => {
    await revokeSession(c.var.db, c.var.adminSessionId!, Date.now());
    deleteCookie(c, SESSION_COOKIE, cookieOptions);
    return c.json({ authenticated: false as const }, 200);
  })
  // Any staff member changes their own password; their other sessions end, this one stays.
  .put("/password", requireStaff, audited("admin.password"), validate("json", passwordChangeBody), async (c) => {
    const now = Date.now();
    const { currentPassword, newPassword } = c.req.valid("json");
    const staff = c.var.staff!;
    const hit = await takeHit(c.var.db, LOGIN_RATE_LIMIT, accountClientKey(clientKeyOf(c.req), staff.email.toLowerCase()), now);
    if (hit === null) return c.json(errorBody("rate_limited", messages.loginRateLimited), 429);
    if (!(await authenticate(c.var.db, staff.email, currentPassword))) {
      return c.json(errorBody("validation_failed", messages.wrongCurrentPassword, [{ path: "currentPassword", message: messages.wrongCurrentPassword }]), 400);
    }
    await releaseHit(c.var.db, hit);
    const weak = await weakPasswordMessage(c.var.db, newPassword, [staff.email, staff.name]);
    if (weak) return c.json(errorBody("validation_failed", weak, [{ path: "newPassword", message: weak }]), 400);
    await updateStaff(c.var.db, staff.id, { password: newPassword }, now, c.var.adminSessionId);
    return c.json({ changed: true as const }, 200);
  })
  .get("/session", async (c) => {
    const session = await touchSession(c.var.db, getCookie(c, SESSION_COOKIE), Date.now());
    c.header("Cache-Control", "no-store");
    return session ? c.json({ authenticated: true as const, staff: session.staff }, 200) : c.json({ authenticated: false as const }, 200);
  });
