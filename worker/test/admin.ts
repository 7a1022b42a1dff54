import { api } from "./helpers";

export const TEST_ADMIN_PASSWORD = "test-admin-password";

/** Logs in through the real route; returns the Cookie header value of a fresh admin session. */
export async function adminCookie(): Promise<string> {
  const res = await api("/api/admin/login", { method: "POST", json: { password: TEST_ADMIN_PASSWORD } });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  const setCookie = res.headers.get("Set-Cookie") ?? "";
  const pair = setCookie.split(";")[0];
  if (!pair.startsWith("pe_admin=")) throw new Error(`unexpected Set-Cookie: ${setCookie}`);
  return pair;
}

/** `api()` with an admin session cookie (a new session per call unless `cookie` is given). */
export async function adminApi(path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}): Promise<Response> {
  const { cookie, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("Cookie", cookie ?? (await adminCookie()));
  return api(path, { ...rest, headers });
}
