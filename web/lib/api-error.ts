// Apart from the typed client (api.ts), so a plain reader (read-api.ts) can raise it without hono's client.
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
