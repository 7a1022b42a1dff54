import { Hono } from "hono";
import type { ClientErrorStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { messages } from "../i18n/it";
import { carModelSchema, emailSchema, idempotencyHeader, personNameSchema, plateSchema, requiredText, validate } from "../lib/validate";
import { paymentProvider } from "../middleware/payment-provider";
import { limitRequestRate } from "../middleware/request-rate";
import { pickLang, LANGS } from "../../shared/lang";
import { holdClientOf, holdMinutes } from "../services/holds";
import { PASS_SECRET_PATTERN } from "../services/passes";
import { offerFreedSpotsQuietly } from "../services/waitlist-offers";
import { getSeason, listSeasons } from "../services/seasons";
import { buySeason } from "../services/season-purchase";
import { getSeasonPass, releaseMatch } from "../services/season-pass";

const required = messages.requiredFields;

/** The holder's details, checked like a booking's (routes/bookings.ts): all there first, then their formats. */
export const holderInput = z
  .object({
    customerName: requiredText(required),
    customerEmail: requiredText(required),
    licensePlate: requiredText(required),
    carModel: requiredText(required),
    lang: z.enum(LANGS, messages.invalidValue).optional(),
  })
  .pipe(
    z.object({
      customerName: personNameSchema(messages.nameTooLong, messages.nameBadChars),
      customerEmail: emailSchema,
      licensePlate: plateSchema,
      carModel: carModelSchema,
      lang: z.enum(LANGS).optional(),
    }),
  );

const seasonParam = z.object({ id: z.coerce.number({ error: messages.seasonNotFound }).int().positive(messages.seasonNotFound) });
const secretParam = z.object({ secret: z.string().regex(PASS_SECRET_PATTERN, messages.seasonPassNotFound) });
const releaseInput = z.object({ eventId: z.number(messages.invalidEvent).int(messages.invalidEvent).positive(messages.invalidEvent) });

/** Season passes on sale, and buying one (its carrier booking then goes through the usual checkout). */
export const seasons = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await listSeasons(c.var.db, Date.now(), { onSaleOnly: true }), 200))
  .get("/:id", validate("param", seasonParam), async (c) => {
    const season = await getSeason(c.var.db, c.req.valid("param").id, Date.now(), { onSaleOnly: true });
    return season ? c.json(season, 200) : c.json(errorBody("not_found", messages.seasonNotFound), 404);
  })
  .post("/:id/holders", limitRequestRate, paymentProvider, validate("param", seasonParam), validate("header", idempotencyHeader), validate("json", holderInput), async (c) => {
    const input = c.req.valid("json");
    const lang = input.lang ?? pickLang(null, null, c.req.header("Accept-Language"));
    const result = await buySeason(c.var.db, c.req.valid("param").id, { ...input, lang }, {
      now: Date.now(),
      holdMinutes: holdMinutes(c.env),
      idempotencyKey: c.req.valid("header")["idempotency-key"] ?? null,
      client: await holdClientOf(c.req, c.env),
    });
    if (!result.ok) return c.json(result.error, result.status as ClientErrorStatusCode);
    return c.json(result.value, result.value.created ? 201 : 200);
  });

/** The holder's one pass: every match of the season, and handing one back (the secret is the key). */
export const seasonPasses = new Hono<AppEnv>()
  .get("/:secret", validate("param", secretParam), async (c) => {
    const pass = await getSeasonPass(c.var.db, c.req.valid("param").secret, Date.now());
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return pass ? c.json(pass, 200) : c.json(errorBody("not_found", messages.seasonPassNotFound), 404);
  })
  .post("/:secret/release", validate("param", secretParam), validate("json", releaseInput), async (c) => {
    const { eventId } = c.req.valid("json");
    const result = await releaseMatch(c.var.db, c.req.valid("param").secret, eventId, Date.now());
    c.header("Cache-Control", "no-store");
    // The spot is on sale again: the first in that match's waiting line gets it now, not at the next cron minute.
    if (result.ok) await offerFreedSpotsQuietly(c.var.db, c.env, eventId, Date.now());
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
  });
