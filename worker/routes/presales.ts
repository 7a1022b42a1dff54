import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { validate } from "../lib/validate";
import { createPresaleBooking, holdMinutes, presaleInput } from "../services/bookings";
import { createPaymentProvider } from "../services/payments/provider";

export const presales = new Hono<AppEnv>().post("/", validate("json", presaleInput), async (c) => {
  const db = c.var.db;
  const result = await createPresaleBooking(db, createPaymentProvider(c.env, db), c.req.valid("json"), {
    now: Date.now(),
    holdMinutes: holdMinutes(c.env),
  });
  if (!result.ok) return c.json(result.error, result.status);
  return result.created ? c.json(result.booking, 201) : c.json(result.booking, 200);
});
