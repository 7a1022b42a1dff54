import type { HonoRequest, MiddlewareHandler } from "hono";
import { pickLang, type Lang } from "../../shared/lang";
import { messages } from "../lib/messages";
import { messagesEn } from "../lib/messages-en";

type Param = (x: number | string) => string;
const exact = new Map<string, string>();
const parametrised: { pattern: RegExp; english: Param }[] = [];
const MARK = 918273645;
for (const key of Object.keys(messages) as (keyof typeof messages)[]) {
  const italian = messages[key];
  const english = messagesEn[key];
  if (typeof italian === "string") exact.set(italian, english as string);
  else {
    const escaped = (italian as Param)(MARK).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    parametrised.push({ pattern: new RegExp(`^${escaped.replace(String(MARK), "(.+?)")}$`), english: english as Param });
  }
}

/** An Italian message of messages.ts in English (by its key); any other text as it is. */
export function inEnglish(message: string): string {
  const found = exact.get(message);
  if (found !== undefined) return found;
  for (const { pattern, english } of parametrised) {
    const match = pattern.exec(message);
    if (match) return english(/^\d+$/.test(match[1]) ? Number(match[1]) : match[1]);
  }
  return message;
}

/** The language an API request asks for: `?lang=`, else Accept-Language (the browser's client sends the page's language there). */
export function requestLang(req: HonoRequest): Lang {
  return pickLang(req.query("lang"), null, req.header("Accept-Language"));
}

type ErrorJson = { error?: { message?: string; issues?: { message: string }[] } };

/**
 * The API's error messages in the request's language: `?lang=` or Accept-Language (the browser's
 * client sends the page's language there). Services keep writing Italian, from one catalogue; an
 * English answer swaps each message for the same key of messages-en.ts on the way out.
 */
export const answerInRequestLanguage: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status < 400 || !c.res.headers.get("Content-Type")?.includes("application/json")) return;
  if (requestLang(c.req) !== "en") return;
  const body = (await c.res.clone().json().catch(() => null)) as ErrorJson | null;
  if (!body?.error?.message) return;
  body.error.message = inEnglish(body.error.message);
  for (const issue of body.error.issues ?? []) issue.message = inEnglish(issue.message);
  const { status } = c.res;
  const headers = new Headers(c.res.headers);
  headers.delete("Content-Length");
  headers.set("Content-Language", "en");
  c.res = undefined;
  c.res = new Response(JSON.stringify(body), { status, headers });
};
