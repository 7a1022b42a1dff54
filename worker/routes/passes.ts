import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { PASS_SECRET_PATTERN } from "../../shared/gate";
import { getPass } from "../services/passes";
import { messages } from "../i18n/it";

const secretParam = z.object({ secret: z.string().regex(PASS_SECRET_PATTERN, messages.passNotFound) });

/**
 * GET /api/passes/:secret — public: the secret is the key; the answer never carries contact data.
 * A season holder's secret answers `{ kind: "season" }` (getPass), for the season's own endpoint.
 */
export const passes = new Hono<AppEnv>().get("/:secret", validate("param", secretParam), async (c) => {
  const { secret } = c.req.valid("param");
  const pass = await getPass(c.var.db, secret, Date.now());
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  return pass ? c.json(pass, 200) : c.json(errorBody("not_found", messages.passNotFound), 404);
});
