import type { HonoRequest, MiddlewareHandler } from "hono";
import { pickLang, type Lang } from "../../shared/lang";
import { textOf } from "../i18n/message-ref";
import { messageCatalogues } from "../i18n/catalogues";

/** A message reference (worker/i18n/message-ref.ts) in a language; any other text as it is. */
export function localise(text: string, lang: Lang): string {
  return textOf(text, messageCatalogues[lang]);
}

/** The language an API request asks for: `?lang=`, else Accept-Language (the browser's client sends the page's language there). */
export function requestLang(req: HonoRequest): Lang {
  return pickLang(req.query("lang"), null, req.header("Accept-Language"));
}

type ErrorJson = { error?: { message?: string; issues?: { message: string }[] } };

/**
 * Error answers in the request's language: `?lang=` or Accept-Language (the browser's client sends
 * the page's language there). Services and schemas write references to the catalogue's keys; here
 * each becomes the text of that key in the request's language's catalogue (worker/i18n/<lang>.json).
 */
export const answerInRequestLanguage: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status < 400 || !c.res.headers.get("Content-Type")?.includes("application/json")) return;
  const body = (await c.res.clone().json().catch(() => null)) as ErrorJson | null;
  if (typeof body?.error?.message !== "string") return;
  const lang = requestLang(c.req);
  body.error.message = localise(body.error.message, lang);
  for (const issue of body.error.issues ?? []) issue.message = localise(issue.message, lang);
  const { status } = c.res;
  const headers = new Headers(c.res.headers);
  headers.delete("Content-Length");
  headers.set("Content-Language", lang);
  c.res = undefined;
  c.res = new Response(JSON.stringify(body), { status, headers });
};
