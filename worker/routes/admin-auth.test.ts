import { describe, expect, it } from "vitest";
import { api } from "../test/helpers";
import { adminCookie, TEST_ADMIN_PASSWORD } from "../test/admin";

const login = (password: string, ip = "198.51.100.1") =>
  api("/api/admin/login", { method: "POST", json: { password }, headers: { "CF-Connecting-IP": ip } });

const session = async (cookie?: string) =>
  (await api("/api/admin/session", { headers: cookie ? { Cookie: cookie } : {} })).json<{ authenticated: boolean }>();

describe("admin login", () => {
  it("sets an HttpOnly, Secure, SameSite=Strict session cookie for the right password", async () => {
    const res = await login(TEST_ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: true });
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^pe_admin=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/");
    expect(await session(cookie.split(";")[0])).toEqual({ authenticated: true });
  });

  it("refuses a wrong password with 401 'Password non valida' and no cookie", async () => {
    for (const password of ["sbagliata", "", `${TEST_ADMIN_PASSWORD} `, TEST_ADMIN_PASSWORD.slice(0, -1)]) {
      const res = await login(password, "198.51.100.2");
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: "unauthorized", message: "Password non valida" } });
      expect(res.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("answers 429 after 5 failed tries in a minute from one client, even with the right password", async () => {
    const ip = "203.0.113.7";
    for (let i = 0; i < 5; i++) expect((await login("sbagliata", ip)).status).toBe(401);
    const blocked = await login(TEST_ADMIN_PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: { code: "rate_limited", message: "Troppi tentativi, riprova tra poco" } });
    expect(blocked.headers.get("Set-Cookie")).toBeNull();
    expect((await login(TEST_ADMIN_PASSWORD, "203.0.113.8")).status).toBe(200);
  });

  it("does not count successful logins against the limit", async () => {
    for (let i = 0; i < 7; i++) expect((await login(TEST_ADMIN_PASSWORD, "198.51.100.3")).status).toBe(200);
  });

  it("rejects a body without a password with 400", async () => {
    const res = await api("/api/admin/login", { method: "POST", json: {} });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: { message: string } }>()).error.message).toBe("Password obbligatoria");
  });
});

describe("admin session and logout", () => {
  it("reports no session without a cookie or with a made-up one", async () => {
    expect(await session()).toEqual({ authenticated: false });
    expect(await session("pe_admin=inventato")).toEqual({ authenticated: false });
  });

  it("logout revokes the session: the same cookie no longer opens admin endpoints", async () => {
    const cookie = await adminCookie();
    expect((await api("/api/admin/audit", { headers: { Cookie: cookie } })).status).toBe(200);
    const res = await api("/api/admin/logout", { method: "POST", headers: { Cookie: cookie, Origin: "http://localhost:8787" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: false });
    expect(res.headers.get("Set-Cookie")).toMatch(/^pe_admin=;.*Max-Age=0/);
    expect(await session(cookie)).toEqual({ authenticated: false });
    const after = await api("/api/admin/audit", { headers: { Cookie: cookie } });
    expect(after.status).toBe(401);
    expect((await after.json<{ error: { code: string } }>()).error.code).toBe("unauthorized");
  });

  it("records logins and logouts in the audit trail with their session", async () => {
    const cookie = await adminCookie();
    await api("/api/admin/logout", { method: "POST", headers: { Cookie: cookie } });
    const audit = await (await api("/api/admin/audit", { headers: { Cookie: await adminCookie() } })).json<
      { action: string; sessionId: string }[]
    >();
    const logout = audit.find((a) => a.action === "admin.logout")!;
    expect(logout).toBeDefined();
    expect(audit.some((a) => a.action === "admin.login" && a.sessionId === logout.sessionId)).toBe(true);
    expect(logout.sessionId).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).not.toContain(logout.sessionId);
  });

  it("logout without a session is refused with 401", async () => {
    expect((await api("/api/admin/logout", { method: "POST" })).status).toBe(401);
  });
});
