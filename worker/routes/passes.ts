import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { getPass, isSeasonPassSecret, PASS_SECRET_PATTERN } from "../services/passes";
import { messages } from "../i18n/it";

const secretParam = z.object({ secret: z.string().regex(PASS_SECRET_PATTERN, messages.passNotFound) });

/**
 * GET /api/passes/:secret — public: the secret is the key; the answer never carries contact data.
 * A season holder's secret answers `{ kind: "season" }`: the page then reads the season's own
 * endpoint, and neither kind of pass page asks a question that answers 404 (issue #48).
 */
export const passes = new Hono<AppEnv>().get("/:secret", validate("param", secretParam), async (c) => {
  const { secret } = c.req.valid("param");
  const pass = await getPass(c.var.db, secret, Date.now());
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  if (pass) return c.json(pass, 200);
  if (await isSeasonPassSecret(c.var.db, secret)) return c.json({ kind: "season" as const }, 200);
  return c.json(errorBody("not_found", messages.passNotFound), 404);
});
