import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { validate } from "../lib/validate";
import { limitRequestRate } from "../middleware/request-rate";
import { createPresaleBooking, holdMinutes, presaleInput } from "../services/bookings";
import { createPaymentProvider } from "../services/payments/provider";
import { pickLang } from "../../web/i18n/pick-lang";
import { holdClientOf } from "./bookings";

export const presales = new Hono<AppEnv>().post("/", limitRequestRate, validate("json", presaleInput), async (c) => {
  const db = c.var.db;
  const input = c.req.valid("json");
  const lang = input.lang ?? pickLang(null, null, c.req.header("Accept-Language"));
  const result = await createPresaleBooking(db, createPaymentProvider(c.env, db), { ...input, lang }, {
    now: Date.now(),
    holdMinutes: holdMinutes(c.env),
    client: await holdClientOf(c),
  });
  if (!result.ok) return c.json(result.error, result.status);
  return result.value.created ? c.json(result.value.booking, 201) : c.json(result.value.booking, 200);
});
