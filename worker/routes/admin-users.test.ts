import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminSessions, staffUsers } from "../../db/schema";
import { adminCookie, loginCookie, seedStaff, staffCookie } from "../test/admin";
import { api, testDb } from "../test/helpers";

type User = { id: number; email: string; name: string; role: string; disabled: boolean };

const users = (cookie: string, init: RequestInit & { json?: unknown } = {}, path = "") =>
  api(`/api/admin/users${path}`, { ...init, headers: { Cookie: cookie, ...init.headers } });
const patch = (cookie: string, id: number, json: unknown) => users(cookie, { method: "PATCH", json }, `/${id}`);
const isLive = async (cookie: string) => (await api("/api/admin/session", { headers: { Cookie: cookie } })).json<{ authenticated: boolean }>().then((s) => s.authenticated);
const liveSessions = async (staffId: number) =>
  (await testDb().select().from(adminSessions).where(and(eq(adminSessions.staffId, staffId), isNull(adminSessions.revokedAt)))).length;
const newUser = (overrides: Partial<User & { password: string }> = {}) => ({
  email: `nuovo-${crypto.randomUUID().slice(0, 8)}@test.example`,
  name: "Giulia Esposito",
  role: "manager",
  password: "password-lunga-abbastanza",
  ...overrides,
});
const messageOf = async (res: Response) => (await res.json<{ error: { message: string } }>()).error.message;

describe("staff accounts (owner only)", () => {
  it("the owner creates an account that can log in at once; the list shows it without any hash", async () => {
    const owner = await adminCookie();
    const input = newUser({ email: "  Nuovo.Responsabile@Test.Example ", role: "manager" });
    const res = await users(owner, { method: "POST", json: input });
    expect(res.status).toBe(201);
    const created = await res.json<User>();
    expect(created).toMatchObject({ email: "nuovo.responsabile@test.example", name: "Giulia Esposito", role: "manager", disabled: false });
    await loginCookie("nuovo.responsabile@test.example", input.password);
    const list = await (await users(owner)).json<User[]>();
    expect(list.find((u) => u.id === created.id)).toEqual(created);
    expect(JSON.stringify(list)).not.toMatch(/pbkdf2|password/i);
  });

  it("refuses bad input with 400 and an Italian message, writing nothing", async () => {
    const owner = await adminCookie();
    const before = await testDb().select().from(staffUsers);
    const cases: [unknown, string][] = [
      [newUser({ email: "non-una-mail" }), "Indirizzo e-mail non valido"],
      [newUser({ name: "   " }), "Nome obbligatorio"],
      [newUser({ role: "admin" }), "Ruolo non valido"],
      [newUser({ password: "corta" }), "La password deve avere almeno 10 caratteri"],
      [{ ...newUser(), password: undefined }, "Password obbligatoria"],
    ];
    for (const [json, message] of cases) {
      const res = await users(owner, { method: "POST", json });
      expect(res.status, message).toBe(400);
      expect(await messageOf(res)).toBe(message);
    }
    expect(await testDb().select().from(staffUsers)).toEqual(before);
  });

  it("refuses a second account with the same e-mail (any case) with 409", async () => {
    const owner = await adminCookie();
    const input = newUser();
    expect((await users(owner, { method: "POST", json: input })).status).toBe(201);
    const again = await users(owner, { method: "POST", json: { ...input, email: input.email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe("Esiste già un utente con questa e-mail");
  });

  it("managers and gate staff get 403 on every users route; without a session 401", async () => {
    const target = await seedStaff("gate");
    for (const role of ["manager", "gate"] as const) {
      const cookie = await staffCookie(role);
      for (const res of [await users(cookie), await users(cookie, { method: "POST", json: newUser() }), await patch(cookie, target.id, { disabled: true })]) {
        expect(res.status, role).toBe(403);
        expect(await res.json()).toEqual({ error: { code: "forbidden", message: "Il tuo ruolo non permette questa operazione" } });
      }
    }
    expect((await users("pe_admin=inventato")).status).toBe(401);
    expect((await testDb().select().from(staffUsers).where(eq(staffUsers.id, target.id)).get())!.disabledAt).toBeNull();
  });

  it("PATCH validates: unknown id 404, empty or unknown fields 400", async () => {
    const owner = await adminCookie();
    const { id } = await seedStaff("gate");
    expect((await patch(owner, 999_999, { name: "X" })).status).toBe(404);
    const empty = await patch(owner, id, {});
    expect(empty.status).toBe(400);
    expect(await messageOf(empty)).toBe("Nessuna modifica indicata");
    const extra = await patch(owner, id, { email: "altra@test.example" });
    expect(extra.status).toBe(400);
    expect(await messageOf(extra)).toBe("Campo non modificabile");
    expect(await messageOf(await patch(owner, id, { password: "corta" }))).toBe("La password deve avere almeno 10 caratteri");
  });

  it("renaming keeps the account's sessions", async () => {
    const owner = await adminCookie();
    const gate = await seedStaff("gate");
    const cookie = await loginCookie(gate.email, gate.password);
    const res = await patch(owner, gate.id, { name: "Ciro Cancello" });
    expect(await res.json()).toMatchObject({ name: "Ciro Cancello", role: "gate" });
    expect(await isLive(cookie)).toBe(true);
  });
});

describe("session revocation", () => {
  it("a role change revokes every session of the account; the new role applies at the next login", async () => {
    const owner = await adminCookie();
    const gate = await seedStaff("gate");
    const [a, b] = [await loginCookie(gate.email, gate.password), await loginCookie(gate.email, gate.password)];
    expect((await api("/api/admin/events", { headers: { Cookie: a } })).status).toBe(403);
    expect(await (await patch(owner, gate.id, { role: "manager" })).json()).toMatchObject({ role: "manager" });
    expect([await isLive(a), await isLive(b)]).toEqual([false, false]);
    const again = await loginCookie(gate.email, gate.password);
    expect((await api("/api/admin/events", { headers: { Cookie: again } })).status).toBe(200);
  });

  it("disabling revokes every session and stops logins; enabling lets the account log in again", async () => {
    const owner = await adminCookie();
    const manager = await seedStaff("manager");
    const cookie = await loginCookie(manager.email, manager.password);
    expect(await (await patch(owner, manager.id, { disabled: true })).json()).toMatchObject({ disabled: true });
    expect(await isLive(cookie)).toBe(false);
    expect(await liveSessions(manager.id)).toBe(0);
    const refused = await api("/api/admin/login", { method: "POST", json: { email: manager.email, password: manager.password }, headers: { "CF-Connecting-IP": "192.0.2.10" } });
    expect(refused.status).toBe(401);
    expect(await (await patch(owner, manager.id, { disabled: false })).json()).toMatchObject({ disabled: false });
    expect(await isLive(cookie)).toBe(false);
    await loginCookie(manager.email, manager.password);
  });

  it("a password reset revokes the account's sessions; only the new password works", async () => {
    const owner = await adminCookie();
    const manager = await seedStaff("manager");
    const cookie = await loginCookie(manager.email, manager.password);
    expect((await patch(owner, manager.id, { password: "una-password-nuova" })).status).toBe(200);
    expect(await isLive(cookie)).toBe(false);
    const old = await api("/api/admin/login", { method: "POST", json: { email: manager.email, password: manager.password }, headers: { "CF-Connecting-IP": "192.0.2.11" } });
    expect(old.status).toBe(401);
    await loginCookie(manager.email, "una-password-nuova");
  });

  it("an owner resetting their own password keeps the session doing it and loses the others", async () => {
    const second = await seedStaff("owner");
    const [mine, elsewhere] = [await loginCookie(second.email, second.password), await loginCookie(second.email, second.password)];
    expect((await patch(mine, second.id, { password: "nuova-password-mia" })).status).toBe(200);
    expect([await isLive(mine), await isLive(elsewhere)]).toEqual([true, false]);
  });

  it("the last enabled owner cannot be demoted or disabled (409, nothing revoked); with another owner it can", async () => {
    const db = testDb();
    const owner = await adminCookie();
    const me = (await (await api("/api/admin/session", { headers: { Cookie: owner } })).json<{ staff: { id: number } }>()).staff;
    // Leave exactly one enabled owner: disable any other owner another test made.
    await db.update(staffUsers).set({ disabledAt: Date.now() }).where(and(eq(staffUsers.role, "owner"), isNull(staffUsers.disabledAt)));
    await db.update(staffUsers).set({ disabledAt: null }).where(eq(staffUsers.id, me.id));
    for (const change of [{ role: "manager" }, { disabled: true }, { role: "gate", name: "X" }]) {
      const res = await patch(owner, me.id, change);
      expect(res.status).toBe(409);
      expect(await messageOf(res)).toBe("Deve restare almeno un titolare attivo");
    }
    expect(await isLive(owner)).toBe(true);
    expect(await db.select().from(staffUsers).where(eq(staffUsers.id, me.id)).get()).toMatchObject({ role: "owner", disabledAt: null, name: "Admin" });

    const other = await seedStaff("owner");
    const otherCookie = await loginCookie(other.email, other.password);
    expect((await patch(otherCookie, me.id, { role: "manager" })).status).toBe(200);
    expect(await isLive(owner)).toBe(false);
    // Restore the first owner for the other tests.
    expect((await patch(otherCookie, me.id, { role: "owner" })).status).toBe(200);
  });

  it("two owners demoting each other at once leave one owner", async () => {
    const db = testDb();
    const [a, b] = [await seedStaff("owner"), await seedStaff("owner")];
    await db.update(staffUsers).set({ disabledAt: Date.now() }).where(and(eq(staffUsers.role, "owner"), isNull(staffUsers.disabledAt)));
    await db.update(staffUsers).set({ disabledAt: null }).where(eq(staffUsers.id, a.id));
    await db.update(staffUsers).set({ disabledAt: null }).where(eq(staffUsers.id, b.id));
    const [ca, cb] = [await loginCookie(a.email, a.password), await loginCookie(b.email, b.password)];
    const answers = await Promise.all([patch(ca, b.id, { role: "manager" }), patch(cb, a.id, { role: "manager" })]);
    // The loser is refused either by the guard (409) or because the winner's change revoked its session (401).
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409 || r.status === 401)).toHaveLength(1);
    const owners = await db.select().from(staffUsers).where(and(eq(staffUsers.role, "owner"), isNull(staffUsers.disabledAt)));
    expect(owners).toHaveLength(1);
    // Give the first owner back for any later test.
    await db.update(staffUsers).set({ disabledAt: null }).where(eq(staffUsers.name, "Admin"));
  });

  it("user changes are audited with the owner who made them", async () => {
    const owner = await adminCookie();
    const gate = await seedStaff("gate");
    await patch(owner, gate.id, { disabled: true });
    const audit = await (await api("/api/admin/audit?limit=5", { headers: { Cookie: owner } })).json<{ action: string; entityId: string; staffEmail: string }[]>();
    expect(audit.find((a) => a.action === "user.update")).toMatchObject({ entityId: String(gate.id), staffEmail: "titolare@test.example" });
  });
});
