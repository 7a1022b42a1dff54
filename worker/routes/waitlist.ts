import { Hono } from "hono";
import type { ClientErrorStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { messages } from "../i18n/it";
import { carModelSchema, eventAndRate, eventAndRateIds, formWords, idempotencyHeader, personNameSchema, validate } from "../lib/validate";
import { takeOfferForm, waitlistForm } from "../../shared/forms/customer-forms";
import { paymentProvider } from "../middleware/payment-provider";
import { limitRequestRate } from "../middleware/request-rate";
import { pickLang, LANGS } from "../../shared/lang";
import { PASS_SECRET_PATTERN } from "../services/passes";
import { clientKeyOf, hashedClientKey } from "../services/rate-limit";
import { dispatchWaitlistJoined, joinWaitlist, leaveWaitlist, takeOffer, waitlistView } from "../services/waitlist";
import { offerFreedSpotsQuietly } from "../services/waitlist-offers";

const required = messages.requiredFields;

/** Missing fields answer the one "all fields" message first; formats are checked once everything is there (as for bookings). */
export const waitlistJoinInput = z
  .object({
    ...eventAndRate(required),
    ...waitlistForm(formWords(required)).required,
    lang: z.enum(LANGS, messages.invalidValue).optional(),
  })
  .pipe(z.object({ ...eventAndRateIds, ...waitlistForm(formWords(required)).formats, lang: z.enum(LANGS).optional() }));

const takeInput = z
  .object(takeOfferForm(formWords(required)).required)
  .pipe(z.object({ customerName: personNameSchema(messages.nameTooLong, messages.nameBadChars), carModel: carModelSchema }));

// The personal link's token is the key, like a pass secret.
const tokenParam = z.object({ token: z.string().regex(PASS_SECRET_PATTERN, messages.waitlistNotFound) });

/** The waiting list of a sold-out event, for visitors (mounted at /api/waitlist). */
export const waitlist = new Hono<AppEnv>()
  .post("/", limitRequestRate, validate("header", idempotencyHeader), validate("json", waitlistJoinInput), async (c) => {
    const input = c.req.valid("json");
    const lang = input.lang ?? pickLang(null, null, c.req.header("Accept-Language"));
    const now = Date.now();
    const key = c.req.valid("header")["idempotency-key"] ?? null;
    const result = await joinWaitlist(c.var.db, { ...input, lang }, await hashedClientKey(clientKeyOf(c.req)), now, key);
    if (!result.ok) return c.json(result.error, result.status as ClientErrorStatusCode);
    const { created, ...view } = result.value;
    if (created) c.executionCtx.waitUntil(dispatchWaitlistJoined(c.env, c.var.db, view.token, now));
    return c.json(view, created ? 201 : 200);
  })
  .get("/:token", validate("param", tokenParam), async (c) => {
    c.header("Cache-Control", "no-store");
    const view = await waitlistView(c.var.db, c.req.valid("param").token, Date.now());
    return view ? c.json(view, 200) : c.json(errorBody("not_found", messages.waitlistNotFound), 404);
  })
  .post("/:token/take", limitRequestRate, paymentProvider, validate("param", tokenParam), validate("json", takeInput), async (c) => {
    const result = await takeOffer(c.var.db, c.req.valid("param").token, c.req.valid("json"), Date.now());
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
  })
  .post("/:token/leave", limitRequestRate, paymentProvider, validate("param", tokenParam), async (c) => {
    const db = c.var.db;
    const now = Date.now();
    const result = await leaveWaitlist(db, c.var.payments, c.req.valid("param").token, now);
    if (!result.ok) return c.json(result.error, result.status as ClientErrorStatusCode);
    // A released offer passes on at once.
    await offerFreedSpotsQuietly(db, c.env, result.value.eventId, now);
    return c.json(result.value.view, 200);
  });
