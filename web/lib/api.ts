import { hc } from "hono/client";
import type { AppType } from "../../worker/api";

const origin = typeof window !== "undefined" ? window.location.origin : "http://localhost";

/**
 * The language the API answers in: the public page's (`<html lang>`); the admin and the gate stay Italian.
 */
function answerLanguage(): string {
  if (typeof document === "undefined" || /^\/(admin|gate)(\/|$)/.test(location.pathname)) return "it";
  return document.documentElement.lang === "en" ? "en" : "it";
}

/** The typed client of the Worker's API; every call sends the session cookie and the page's language. */
export const client = hc<AppType>(origin, { init: { credentials: "include" }, headers: () => ({ "Accept-Language": answerLanguage() }) });

type ErrorShape = { error?: { code?: string; message?: string; issues?: { path: string; message: string }[] } };

/**
 * Spec §8: a non-success answer raises an error whose text is "<status>: <body text>" (or the
 * status text when the body is empty). `serverMessage` is the Italian message safe to show.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly serverMessage?: string;
  readonly issues?: { path: string; message: string }[];

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    try {
      const parsed = JSON.parse(bodyText) as ErrorShape;
      this.code = parsed.error?.code;
      this.serverMessage = parsed.error?.message;
      this.issues = parsed.error?.issues;
    } catch {
      // Not our JSON shape (proxy page, network error page): keep only the raw text.
    }
  }
}

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
