import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffUsers } from "../../db/schema";
import { adminCookie, loginCookie, seedStaff, staffCookie, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../test/admin";
import { api, testDb } from "../test/helpers";

const login = (email: string, password: string, ip = "198.51.100.1") =>
  api("/api/admin/login", { method: "POST", json: { email, password }, headers: { "CF-Connecting-IP": ip } });

const session = async (cookie?: string) => (await api("/api/admin/session", { headers: cookie ? { Cookie: cookie } : {} })).json<{ authenticated: boolean }>();

const cookieOf = (res: Response) => res.headers.get("Set-Cookie")!.split(";")[0];

const REFUSED = { error: { code: "unauthorized", message: "E-mail o password non validi" } };

describe("staff login", () => {
  it("sets an HttpOnly, Secure, SameSite=Strict session cookie and answers who logged in", async () => {
    const gate = await seedStaff("gate");
    const res = await login(` ${gate.email.toUpperCase()} `, gate.password);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: true, staff: { id: gate.id, email: gate.email, name: gate.name, role: "gate" } });
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^pe_admin=[A-Za-z0-9_-]{43};/);
    for (const attribute of ["HttpOnly", "Secure", "SameSite=Strict", "Path=/"]) expect(cookie).toContain(attribute);
    expect(await session(cookieOf(res))).toEqual({ authenticated: true, staff: { id: gate.id, email: gate.email, name: gate.name, role: "gate" } });
  });

  it("gives a wrong password, an unknown e-mail and a disabled account the same 401 and no cookie", async () => {
    const manager = await seedStaff("manager");
    const disabled = await seedStaff("manager");
    await testDb().update(staffUsers).set({ disabledAt: Date.now() }).where(eq(staffUsers.id, disabled.id));
    const attempts: [string, string][] = [
      [manager.email, "sbagliata-davvero"],
      [manager.email, `${manager.password} `],
      [manager.email, ""],
      ["nessuno@test.example", manager.password],
      [disabled.email, disabled.password],
    ];
    for (const [i, [email, password]] of attempts.entries()) {
      const res = await login(email, password, `198.51.100.${20 + i}`);
      expect(res.status, `${email} / ${password}`).toBe(401);
      expect(await res.json()).toEqual(REFUSED);
      expect(res.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("answers 429 after 5 failed tries in a minute from one client, even with the right password", async () => {
    const ip = "203.0.113.7";
    for (let i = 0; i < 5; i++) expect((await login(TEST_ADMIN_EMAIL, "sbagliata", ip)).status).toBe(401);
    const blocked = await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: { code: "rate_limited", message: "Troppi tentativi, riprova tra poco" } });
    expect(blocked.headers.get("Set-Cookie")).toBeNull();
    expect((await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, "203.0.113.8")).status).toBe(200);
  });

  it("lets at most 5 of 100 parallel wrong passwords be checked: the rest are 429", async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => login(TEST_ADMIN_EMAIL, "sbagliata", "203.0.113.50")));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(95);
  });

  it("a stranger's failures lock out only the stranger, never the owner on another address", async () => {
    for (let i = 0; i < 6; i++) await login(TEST_ADMIN_EMAIL, "sbagliata", "203.0.113.60");
    expect((await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, "203.0.113.60")).status).toBe(429);
    expect((await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, "198.51.100.60")).status).toBe(200);
  });

  it("does not count successful logins against the limit", async () => {
    for (let i = 0; i < 7; i++) expect((await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, "198.51.100.3")).status).toBe(200);
  });

  it("rejects a body without e-mail or password with 400 in Italian", async () => {
    const noEmail = await api("/api/admin/login", { method: "POST", json: { password: "x" } });
    expect(noEmail.status).toBe(400);
    expect((await noEmail.json<{ error: { message: string } }>()).error.message).toBe("E-mail obbligatoria");
    const noPassword = await api("/api/admin/login", { method: "POST", json: { email: "a@test.example" } });
    expect((await noPassword.json<{ error: { message: string } }>()).error.message).toBe("Password obbligatoria");
  });
});

describe("the first owner", () => {
  it("is the account of ADMIN_EMAIL + ADMIN_PASSWORD, created once, named Admin, with a PBKDF2 hash", async () => {
    await Promise.all([adminCookie(), adminCookie(), adminCookie()]);
    const owners = await testDb().select().from(staffUsers).where(eq(staffUsers.email, TEST_ADMIN_EMAIL));
    expect(owners).toHaveLength(1);
    expect(owners[0]).toMatchObject({ role: "owner", name: "Admin", disabledAt: null });
    expect(owners[0].passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(owners[0].passwordHash).not.toContain(TEST_ADMIN_PASSWORD);
  });

  it("ADMIN_PASSWORD stops opening anything once the owner changed their password", async () => {
    const cookie = await adminCookie();
    const me = await (await api("/api/admin/session", { headers: { Cookie: cookie } })).json<{ staff: { id: number } }>();
    const patch = (password: string) =>
      api(`/api/admin/users/${me.staff.id}`, { method: "PATCH", json: { password }, headers: { Cookie: cookie } });
    expect((await patch("una-nuova-password-lunga")).status).toBe(200);
    expect((await login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, "198.51.100.40")).status).toBe(401);
    expect((await login(TEST_ADMIN_EMAIL, "una-nuova-password-lunga", "198.51.100.41")).status).toBe(200);
    // Back to the configured password so the other tests of this file keep logging in.
    expect((await patch(TEST_ADMIN_PASSWORD)).status).toBe(200);
  });

  it("the secrets never create a second owner: a wrong password or another e-mail creates nothing", async () => {
    await adminCookie();
    const before = await testDb().select().from(staffUsers);
    expect((await login(TEST_ADMIN_EMAIL, "test-admin-passwor", "198.51.100.50")).status).toBe(401);
    expect((await login("altro@test.example", TEST_ADMIN_PASSWORD, "198.51.100.51")).status).toBe(401);
    expect(await testDb().select().from(staffUsers)).toEqual(before);
  });
});

describe("session and logout", () => {
  it("reports no session without a cookie or with a made-up one", async () => {
    expect(await session()).toEqual({ authenticated: false });
    expect(await session("pe_admin=inventato")).toEqual({ authenticated: false });
  });

  it("logout revokes that session only: the same cookie no longer opens anything", async () => {
    const cookie = await adminCookie();
    const other = await adminCookie();
    expect((await api("/api/admin/audit", { headers: { Cookie: cookie } })).status).toBe(200);
    const res = await api("/api/admin/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: false });
    expect(res.headers.get("Set-Cookie")).toMatch(/^pe_admin=;.*Max-Age=0/);
    expect(await session(cookie)).toEqual({ authenticated: false });
    const after = await api("/api/admin/audit", { headers: { Cookie: cookie } });
    expect(after.status).toBe(401);
    expect((await after.json<{ error: { code: string } }>()).error.code).toBe("unauthorized");
    expect((await session(other)).authenticated).toBe(true);
  });

  it("a gate account may log out too", async () => {
    const cookie = await staffCookie("gate");
    expect((await api("/api/admin/logout", { method: "POST", headers: { Cookie: cookie } })).status).toBe(200);
    expect(await session(cookie)).toEqual({ authenticated: false });
  });

  it("records logins and logouts in the audit trail with the account and its session", async () => {
    const manager = await seedStaff("manager");
    const res = await login(manager.email, manager.password, "198.51.100.60");
    await api("/api/admin/logout", { method: "POST", headers: { Cookie: cookieOf(res) } });
    const audit = await (await api("/api/admin/audit", { headers: { Cookie: await adminCookie() } })).json<
      { action: string; sessionId: string; staffId: number; staffEmail: string }[]
    >();
    const logout = audit.find((a) => a.action === "admin.logout" && a.staffId === manager.id)!;
    expect(logout).toMatchObject({ staffEmail: manager.email });
    expect(audit.some((a) => a.action === "admin.login" && a.sessionId === logout.sessionId && a.staffEmail === manager.email)).toBe(true);
    expect(logout.sessionId).toMatch(/^[0-9a-f]{64}$/);
    expect(cookieOf(res)).not.toContain(logout.sessionId);
  });

  it("logout without a session is refused with 401", async () => {
    expect((await api("/api/admin/logout", { method: "POST" })).status).toBe(401);
  });
});

describe("changing one's own password", () => {
  const change = (cookie: string, currentPassword: string, newPassword: string, ip = "198.51.100.70") =>
    api("/api/admin/password", { method: "PUT", json: { currentPassword, newPassword }, headers: { Cookie: cookie, "CF-Connecting-IP": ip } });

  it("needs the current password; then only the new one logs in, and the account's other sessions end", async () => {
    const gate = await seedStaff("gate");
    const [mine, elsewhere] = [await loginCookie(gate.email, gate.password), await loginCookie(gate.email, gate.password)];
    const wrong = await change(mine, "non-e-lei-davvero", "nuova-password-cancello");
    expect(wrong.status).toBe(400);
    expect((await wrong.json<{ error: { message: string } }>()).error.message).toBe("La password attuale non è corretta");
    expect(await session(elsewhere)).toMatchObject({ authenticated: true });

    const short = await change(mine, gate.password, "corta");
    expect((await short.json<{ error: { message: string } }>()).error.message).toBe("La password deve avere almeno 10 caratteri");

    expect((await change(mine, gate.password, "nuova-password-cancello")).status).toBe(200);
    expect(await session(mine)).toMatchObject({ authenticated: true });
    expect(await session(elsewhere)).toEqual({ authenticated: false });
    expect((await login(gate.email, gate.password, "198.51.100.71")).status).toBe(401);
    expect((await login(gate.email, "nuova-password-cancello", "198.51.100.72")).status).toBe(200);
  });

  it("wrong current passwords count against the login limit", async () => {
    const manager = await seedStaff("manager");
    const cookie = await loginCookie(manager.email, manager.password);
    for (let i = 0; i < 5; i++) expect((await change(cookie, "sbagliata", "nuova-password-lunga", "203.0.113.70")).status).toBe(400);
    expect((await change(cookie, manager.password, "nuova-password-lunga", "203.0.113.70")).status).toBe(429);
  });
});
