import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { afterSaleOfPass } from "../services/my-bookings";
import { getPass, PASS_SECRET_PATTERN } from "../services/passes";
import { messages } from "../lib/messages";

const secretParam = z.object({ secret: z.string().regex(PASS_SECRET_PATTERN, messages.passNotFound) });

/** GET /api/passes/:secret — public: the secret is the key; the answer never carries contact data. */
export const passes = new Hono<AppEnv>().get("/:secret", validate("param", secretParam), async (c) => {
  const { secret } = c.req.valid("param");
  const [pass, afterSale] = await Promise.all([getPass(c.var.db, secret), afterSaleOfPass(c.var.db, secret, Date.now())]);
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  // The pass's validity is the lifecycle's (a paid booking of a cancelled event is void), and the page says what happened.
  // No amounts here: whoever holds the link (a friend driving the car) reads no payment details.
  if (!pass || !afterSale) return c.json(errorBody("not_found", messages.passNotFound), 404);
  const { passStatus, state, eventCancelled, refundPending } = afterSale;
  return c.json({ ...pass, status: passStatus, state, eventCancelled, refundPending }, 200);
});
