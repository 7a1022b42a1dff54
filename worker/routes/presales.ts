import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { ATTRIBUTION_COOKIE, attributionOf } from "../lib/attribution";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { pickLang, LANGS } from "../../shared/lang";
import { messages } from "../i18n/it";
import { textField } from "../lib/text";
import { carModelSchema, formWords, personNameSchema, validate } from "../lib/validate";
import { presaleForm } from "../../shared/forms/customer-forms";
import { paymentProvider } from "../middleware/payment-provider";
import { limitRequestRate } from "../middleware/request-rate";
import { createPresaleBooking } from "../services/presale-bookings";
import { holdClientOf, holdMinutes } from "../services/holds";

const required = messages.presaleRequiredFields;
const eventMissing = messages.eventNotFound;
const badPayment = messages.invalidPayment;

/** As for bookings: every missing field answers the spec's message before any format is checked. */
export const presaleInput = z
  .object({
    eventId: z.coerce.number(eventMissing).int(eventMissing).positive(eventMissing),
    paymentIntentId: z.string(badPayment).trim().min(1, badPayment).max(255, badPayment),
    ...presaleForm(formWords(required)).required,
    telefono: z.string().optional().nullable(),
    note: z.string().optional().nullable(),
    lang: z.enum(LANGS, messages.invalidValue).optional(),
  })
  .pipe(
    z.object({
      eventId: z.number(),
      paymentIntentId: z.string(),
      nome: personNameSchema(messages.nameTooLong, messages.nameBadChars),
      cognome: personNameSchema(messages.surnameTooLong, messages.surnameBadChars),
      ...presaleForm(formWords(required)).formats,
      telefono: z
        .string()
        .trim()
        .regex(/^(\+?[0-9][0-9 ().-]{4,24})?$/, messages.invalidPhone)
        .nullish()
        .transform((t) => t || null),
      modelloAuto: carModelSchema,
      note: textField({ field: "note", max: 500, multiline: true, tooLong: messages.notesTooLong })
        .nullish()
        .transform((t) => t || null),
      lang: z.enum(LANGS).optional(),
    }),
  );

export const presales = new Hono<AppEnv>().post("/", limitRequestRate, paymentProvider, validate("json", presaleInput), async (c) => {
  const input = c.req.valid("json");
  const lang = input.lang ?? pickLang(null, null, c.req.header("Accept-Language"));
  const result = await createPresaleBooking(c.var.db, c.var.payments, { ...input, lang }, {
    now: Date.now(),
    holdMinutes: holdMinutes(c.env),
    client: await holdClientOf(c.req, c.env),
    attribution: attributionOf(getCookie(c, ATTRIBUTION_COOKIE)),
  });
  if (!result.ok) return c.json(result.error, result.status);
  return result.value.created ? c.json(result.value.booking, 201) : c.json(result.value.booking, 200);
});
