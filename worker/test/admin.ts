import type { StaffRole } from "../../db/schema";
import { createStaff } from "../services/staff";
import { api, testDb } from "./helpers";

/** The first owner's credentials (the ADMIN_EMAIL / ADMIN_PASSWORD bindings in vitest.config.ts). */
export const TEST_ADMIN_EMAIL = "titolare@test.example";
export const TEST_ADMIN_PASSWORD = "test-admin-password";

/** Logs in through the real route; returns the Cookie header value of the new session. */
export async function loginCookie(email: string, password: string): Promise<string> {
  const res = await api("/api/admin/login", { method: "POST", json: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const setCookie = res.headers.get("Set-Cookie") ?? "";
  const pair = setCookie.split(";")[0];
  if (!pair.startsWith("pe_admin=")) throw new Error(`unexpected Set-Cookie: ${setCookie}`);
  return pair;
}

/** A fresh session of the first owner (created by this very login when it does not exist yet). */
export async function adminCookie(): Promise<string> {
  return loginCookie(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
}

let staffCounter = 0;

/** A new enabled account of `role`, made directly in D1 (each test makes its own). */
export async function seedStaff(role: StaffRole, password = "password-di-prova") {
  const email = `${role}-${Date.now().toString(36)}-${++staffCounter}@test.example`;
  const staff = await createStaff(testDb(), { email, name: `Staff ${role} ${staffCounter}`, role, password }, Date.now());
  if (!staff) throw new Error(`could not seed ${email}`);
  return { ...staff, password };
}

/** A session cookie of a new account of `role`; the owner role uses the first owner. */
export async function staffCookie(role: StaffRole): Promise<string> {
  if (role === "owner") return adminCookie();
  const staff = await seedStaff(role);
  return loginCookie(staff.email, staff.password);
}

/** `api()` with an admin session cookie (a new session per call unless `cookie` is given). */
export async function adminApi(path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}): Promise<Response> {
  const { cookie, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("Cookie", cookie ?? (await adminCookie()));
  return api(path, { ...rest, headers });
}
