import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { lookupMyBookings, MY_BOOKINGS_RATE_LIMIT } from "../services/my-bookings";
import { clientKeyOf, isRateLimited, recordHit } from "../services/rate-limit";

export const NOT_FOUND_MESSAGE = "Nessuna prenotazione trovata con questi dati";
export const RATE_LIMITED_MESSAGE = "Troppi tentativi, riprova tra qualche minuto";

const lookupBody = z.object({
  email: z.string({ error: "Inserisci e-mail e codice prenotazione" }).trim().max(254, "Indirizzo e-mail non valido").pipe(z.email("Indirizzo e-mail non valido")),
  code: z
    .string({ error: "Inserisci e-mail e codice prenotazione" })
    .trim()
    .regex(/^[0-9a-fA-F]{8}$/, "Il codice prenotazione è di 8 caratteri (lettere A–F e cifre)"),
});

export const myBookings = new Hono<AppEnv>().post("/lookup", validate("json", lookupBody), async (c) => {
  const now = Date.now();
  const client = clientKeyOf(c.req);
  if (await isRateLimited(c.var.db, MY_BOOKINGS_RATE_LIMIT, client, now)) {
    return c.json(errorBody("rate_limited", RATE_LIMITED_MESSAGE), 429);
  }
  const found = await lookupMyBookings(c.var.db, c.req.valid("json"), now);
  if (!found) {
    await recordHit(c.var.db, MY_BOOKINGS_RATE_LIMIT, client, now);
    return c.json(errorBody("not_found", NOT_FOUND_MESSAGE), 404);
  }
  return c.json({ bookings: found }, 200);
});
