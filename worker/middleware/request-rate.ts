import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { clientKeyOf } from "../services/rate-limit";
import { messages } from "../i18n/it";

/**
 * Request rate per client IP through the Workers Rate Limiting binding (counted at the edge, per
 * location, approximately). Limits that must be exact (logins, look-up misses, holds) are SQL.
 */
export const limitRequestRate = createMiddleware<AppEnv>(async (c, next) => {
  const { success } = await c.env.WRITE_RATE_LIMITER.limit({ key: clientKeyOf(c.req) });
  if (!success) return c.json(errorBody("rate_limited", messages.tooManyRequests), 429);
  await next();
});
