import { answerLanguage } from "./answer-language";
import { ApiError } from "./api-error";

/**
 * A GET of the Worker's API with the browser's own `fetch`, for the home's islands that only read:
 * the same cookie, language and error as the typed client (api.ts), without hono's client or the
 * query layer, which the home loads only when a visitor first touches the page (decision 035).
 * Type the answer from the route with `OkBody` of the typed client's call.
 */
export async function readApi<T>(path: string): Promise<T> {
  const res = await fetch(path, { credentials: "include", headers: { "Accept-Language": answerLanguage() } });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  return (await res.json()) as T;
}
