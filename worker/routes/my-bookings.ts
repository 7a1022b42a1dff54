import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { limitRequestRate } from "../middleware/request-rate";
import { lookupMyBookings, MY_BOOKINGS_RATE_LIMIT } from "../services/my-bookings";
import { clientKeyOf, releaseHit, takeHit } from "../services/rate-limit";
import { messages } from "../i18n/it";
import { EMAIL_MAX } from "../../shared/forms/customer-forms";

const lookupBody = z.object({
  email: z.string({ error: messages.myBookingsRequired }).trim().max(EMAIL_MAX, messages.invalidStaffEmail).pipe(z.email(messages.invalidStaffEmail)),
  code: z
    .string({ error: messages.myBookingsRequired })
    .trim()
    .regex(/^[0-9a-fA-F]{8}$/, messages.invalidBookingCode),
});

export const myBookings = new Hono<AppEnv>().post("/lookup", limitRequestRate, validate("json", lookupBody), async (c) => {
  const now = Date.now();
  c.header("Cache-Control", "no-store");
  // Taken before looking, so parallel guesses cannot all slip in; a look-up that finds something gives it back.
  const hit = await takeHit(c.var.db, MY_BOOKINGS_RATE_LIMIT, clientKeyOf(c.req), now);
  if (hit === null) return c.json(errorBody("rate_limited", messages.myBookingsRateLimited), 429);
  const found = await lookupMyBookings(c.var.db, c.req.valid("json"), now);
  if (!found) return c.json(errorBody("not_found", messages.myBookingNotFound), 404);
  await releaseHit(c.var.db, hit);
  return c.json(found, 200);
});
