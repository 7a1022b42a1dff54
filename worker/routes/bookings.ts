import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { limitRequestRate } from "../middleware/request-rate";
import { bookingInput, createBooking, getBooking, holdCap, holdMinutes, idempotencyKeySchema, type HoldClient } from "../services/bookings";
import { clientKeyOf, hashedClientKey } from "../services/rate-limit";
import { pickLang } from "../../web/i18n/pick-lang";
import { messages } from "../lib/messages";

export const idempotencyHeader = z.object({ "idempotency-key": idempotencyKeySchema });

/** Who is taking a hold, for the hold cap: the client's IP (hashed) and the limits configured. */
export async function holdClientOf(c: Context<AppEnv>): Promise<HoldClient> {
  return { clientKey: await hashedClientKey(clientKeyOf(c.req)), cap: holdCap(c.env) };
}

// The list of bookings holds personal data: it lives with the admin routes, never here.
export const bookings = new Hono<AppEnv>()
  .post("/", limitRequestRate, validate("header", idempotencyHeader), validate("json", bookingInput), async (c) => {
    const input = c.req.valid("json");
    // The language the client says it booked in, else the browser's (Accept-Language).
    const lang = input.lang ?? pickLang(null, null, c.req.header("Accept-Language"));
    const result = await createBooking(c.var.db, { ...input, lang }, {
      now: Date.now(),
      holdMinutes: holdMinutes(c.env),
      idempotencyKey: c.req.valid("header")["idempotency-key"],
      client: await holdClientOf(c),
    });
    if (!result.ok) return c.json(result.error, result.status);
    return result.value.created ? c.json(result.value.booking, 201) : c.json(result.value.booking, 200);
  })
  .get("/:id", validate("param", z.object({ id: z.string().max(64) })), async (c) => {
    const booking = await getBooking(c.var.db, c.req.valid("param").id, Date.now());
    // Personal data behind an unguessable id: no shared cache may keep it.
    c.header("Cache-Control", "no-store");
    return booking ? c.json(booking, 200) : c.json(errorBody("not_found", messages.bookingNotFound), 404);
  });
