import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { ATTRIBUTION_COOKIE, ATTRIBUTION_MAX_AGE_S, attributionOfUrl } from "../lib/attribution";

/**
 * A page the Worker serves (the home, an event's page), reached by a marked link (`?ref=share`,
 * `?utm_source=…`): its answer keeps the marks in a first-party cookie that the booking reads
 * (docs/decisions/059-attribution.md). Set after the page is rendered and cached, on this visitor's
 * copy only. A later marked landing replaces it; an unmarked one leaves it.
 */
export const markLanding: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const marks = attributionOfUrl(new URL(c.req.url));
  if (!marks || c.res.status !== 200 || !c.res.headers.get("Content-Type")?.startsWith("text/html")) return;
  const secure = new URL(c.req.url).protocol === "https:" ? "; Secure" : "";
  // A copy: the answer may come from the edge cache or the assets, whose headers cannot change.
  const res = new Response(c.res.body, c.res);
  res.headers.append("Set-Cookie", `${ATTRIBUTION_COOKIE}=${encodeURIComponent(marks)}; Max-Age=${ATTRIBUTION_MAX_AGE_S}; Path=/; HttpOnly; SameSite=Lax${secure}`);
  c.res = res;
};
