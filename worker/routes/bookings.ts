import { Hono } from "hono";
import { answer } from "../lib/answer";
import { getCookie } from "hono/cookie";
import { ATTRIBUTION_COOKIE, attributionOf } from "../lib/attribution";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { pickLang, LANGS } from "../../shared/lang";
import { messages } from "../i18n/it";
import { carModelSchema, eventAndRate, eventAndRateIds, formWords, idempotencyHeader, personNameSchema, validate } from "../lib/validate";
import { bookingForm } from "../../shared/forms/customer-forms";
import { paymentProvider } from "../middleware/payment-provider";
import { limitRequestRate } from "../middleware/request-rate";
import { createBooking, getBooking } from "../services/bookings";
import { holdClientOf, holdMinutes } from "../services/holds";
import { clientKeyOf, releaseHit, takeHit } from "../services/rate-limit";
import { VOUCHER_RATE_LIMIT } from "../services/vouchers";

const required = messages.requiredFields;

/**
 * Two stages so that a missing field always answers the spec's message, whatever else is wrong;
 * formats (e-mail, plate, lengths) are checked only once everything is there.
 */
export const bookingInput = z
  .object({
    ...eventAndRate(required),
    ...bookingForm(formWords(required)).required,
    // The price comes from the database; whatever the client believes it is plays no part.
    amount: z.unknown().optional(),
    // The dialog asks to be told when this plate already has a spot for the event (decision 016).
    warnRepeatPlate: z.boolean(messages.invalidValue).optional(),
    // The language the customer booked in (the public side's IT/EN): the booking's e-mails use it.
    lang: z.enum(LANGS, messages.invalidValue).optional(),
    voucherCode: z.string(messages.invalidValue).max(40, messages.voucherNotFound).optional(),
  })
  .pipe(
    z.object({
      ...eventAndRateIds,
      ...bookingForm(formWords(required)).formats,
      customerName: personNameSchema(messages.nameTooLong, messages.nameBadChars),
      carModel: carModelSchema,
      warnRepeatPlate: z.boolean().default(false),
      lang: z.enum(LANGS).optional(),
      voucherCode: z.string().trim().optional().transform((v) => v || undefined),
    }),
  );

// The list of bookings holds personal data: it lives with the admin routes, never here.
export const bookings = new Hono<AppEnv>()
  // A shop that cannot take the payment takes no hold either (paymentProvider answers 503).
  .post("/", limitRequestRate, paymentProvider, validate("header", idempotencyHeader), validate("json", bookingInput), async (c) => {
    const input = c.req.valid("json");
    // The language the client says it booked in, else the browser's (Accept-Language).
    const lang = input.lang ?? pickLang(null, null, c.req.header("Accept-Language"));
    // A voucher try is taken before looking (parallel guesses cannot all slip in) and given back unless the code failed.
    const voucherHit = input.voucherCode ? await takeHit(c.var.db, VOUCHER_RATE_LIMIT, clientKeyOf(c.req), Date.now()) : null;
    if (input.voucherCode && voucherHit === null) return c.json(errorBody("rate_limited", messages.voucherRateLimited), 429);
    const timing = { d1Ms: 0 };
    const result = await createBooking(c.var.db, { ...input, lang }, {
      now: Date.now(),
      holdMinutes: holdMinutes(c.env),
      idempotencyKey: c.req.valid("header")["idempotency-key"],
      client: await holdClientOf(c.req, c.env),
      attribution: attributionOf(getCookie(c, ATTRIBUTION_COOKIE)),
      timing,
    });
    // The booking statement's time inside D1 (its own meta.duration), which bounds one event's sales a
    // second in production: bench:rush reads it (issue #42). A figure of our database, no customer data.
    c.header("Server-Timing", `d1;dur=${timing.d1Ms.toFixed(3)}`);
    const codeFailed = !result.ok && result.error.error.message === messages.voucherInvalid;
    if (voucherHit !== null && !codeFailed) await releaseHit(c.var.db, voucherHit);
    if (!result.ok) return answer(c, result);
    return result.value.created ? c.json(result.value.booking, 201) : c.json(result.value.booking, 200);
  })
  .get("/:id", validate("param", z.object({ id: z.string().max(64) })), async (c) => {
    const booking = await getBooking(c.var.db, c.req.valid("param").id, Date.now());
    // Personal data behind an unguessable id: no shared cache may keep it.
    c.header("Cache-Control", "no-store");
    return booking ? c.json(booking, 200) : c.json(errorBody("not_found", messages.bookingNotFound), 404);
  });
