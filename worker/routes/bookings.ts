import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { BOOKING_NOT_FOUND, bookingInput, createBooking, getBooking, holdMinutes, idempotencyKeySchema } from "../services/bookings";

export const idempotencyHeader = z.object({ "idempotency-key": idempotencyKeySchema });

// The list of bookings holds personal data: it lives with the admin routes, never here.
export const bookings = new Hono<AppEnv>()
  .post("/", validate("header", idempotencyHeader), validate("json", bookingInput), async (c) => {
    const result = await createBooking(c.var.db, c.req.valid("json"), {
      now: Date.now(),
      holdMinutes: holdMinutes(c.env),
      idempotencyKey: c.req.valid("header")["idempotency-key"],
    });
    if (!result.ok) return c.json(result.error, result.status);
    return result.created ? c.json(result.booking, 201) : c.json(result.booking, 200);
  })
  .get("/:id", validate("param", z.object({ id: z.string().max(64) })), async (c) => {
    const booking = await getBooking(c.var.db, c.req.valid("param").id, Date.now());
    return booking ? c.json(booking, 200) : c.json(notFound(BOOKING_NOT_FOUND), 404);
  });
