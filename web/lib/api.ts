import { hc } from "hono/client";
import type { AppType } from "../../worker/api";
import { ApiError } from "./api-error";
import { answerLanguage } from "./answer-language";

export { ApiError };

const origin = typeof window !== "undefined" ? window.location.origin : "http://localhost";

/** The typed client of the Worker's API; every call sends the session cookie and the page's language. */
export const client = hc<AppType>(origin, { init: { credentials: "include" }, headers: () => ({ "Accept-Language": answerLanguage() }) });

type AnyResponse = { ok: boolean; status: number; statusText: string; text(): Promise<string>; json(): Promise<unknown> };
/** The JSON body of the success answers among a route's typed answers (error answers excluded). */
export type OkBody<R> = R extends { ok: false } ? never : R extends { json(): Promise<infer T> } ? T : never;

/** Awaits a client call, throws ApiError on a non-2xx answer, returns the parsed JSON body. */
export async function unwrap<R extends AnyResponse>(call: Promise<R>): Promise<OkBody<R>> {
  const res = await call;
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  if (res.status === 204) return undefined as OkBody<R>;
  return res.json() as Promise<OkBody<R>>;
}

/** The message to show a person for any error: the server's text (in the page's language), else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  return fallback;
}

/** A fresh key per submission: the server turns a retried submission into the same booking. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
