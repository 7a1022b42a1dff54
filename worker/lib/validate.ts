import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z, type ZodType } from "zod";
import { errorBody } from "./errors";
import { emailRule, plateRule, type FormWords } from "../../shared/forms/customer-forms";
import type { MessageRef } from "../i18n/message-ref";
import { messages } from "../i18n/it";
import { textField } from "./text";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../shared/forms/admin-forms";

/**
 * zod's own messages are English; every message a person can read is Italian. Schemas set their
 * own messages where it matters; this covers whatever a schema left to zod's default.
 */
z.config({
  customError: (issue) => {
    const limit = Number((issue as { maximum?: unknown; minimum?: unknown }).maximum ?? (issue as { minimum?: unknown }).minimum);
    const isText = (issue as { origin?: unknown }).origin === "string";
    if (issue.code === "too_big") return isText ? messages.textTooLong(limit) : messages.valueTooBig(limit);
    if (issue.code === "too_small") return isText ? messages.textTooShort(limit) : messages.valueTooSmall(limit);
    return messages.invalidData;
  },
});

/**
 * zod validation at the boundary with the one error shape. The first issue's message (always
 * Italian, set in the schemas) becomes the error message, unless `message` overrides it.
 */
export function validate<T extends ZodType | z.core.$ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
  message?: MessageRef,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({
        path: i.path.map(String).join("."),
        message: i.message,
      }));
      // Every schema message is a catalogue reference (z.config below covers zod's own).
      const first = issues[0]?.message as MessageRef | undefined;
      return c.json(errorBody("validation_failed", message ?? (first ?? messages.invalidData), issues), 400);
    }
  });
}

// ---------- pieces several routes share ----------

/** `/:id` of a numeric resource. */
export const idParam = z.object({ id: z.coerce.number().int().positive(messages.invalidId) });

/** The Idempotency-Key header of the writes a client may retry. */
export const idempotencyHeader = z.object({
  "idempotency-key": z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,200}$/, messages.invalidIdempotencyKey)
    .optional(),
});

/** The event and the rate a customer form is for: stage one of its two (a missing one answers `message`), then their numbers. */
export const eventAndRate = (message: MessageRef) => ({
  eventId: z.coerce.number(message).int(message).positive(message),
  rateId: z.coerce.number(message).int(message).positive(message),
});
export const eventAndRateIds = { eventId: z.number(), rateId: z.number() };

/** A required text field: missing, blank or not a string all answer `message`. */
export const requiredText = (message: string) => z.string(message).trim().min(1, message);

/** The Worker's words for the customer forms' rules (shared/forms), `required` per form. */
export const formWords = (required: MessageRef): FormWords => ({
  required,
  invalidEmail: messages.invalidEmail,
  emailTooLong: messages.emailTooLong,
  invalidPlate: messages.invalidPlate,
});

export const plateSchema = plateRule(formWords(messages.requiredFields));

export const emailSchema = emailRule(formWords(messages.requiredFields));

// Names and car models follow the one text rule (lib/text.ts): one line, no invisible characters.
export const personNameSchema = (tooLong: MessageRef, badChars: MessageRef) =>
  textField({ field: "name", max: 100, strict: true, tooLong, badChars });
export const carModelSchema = textField({
  field: "carModel",
  max: 60,
  strict: true,
  tooLong: messages.carModelTooLong,
  badChars: messages.carModelBadChars,
});

/** The Worker's words for the admin forms' rules (shared/forms/admin-forms.ts): the catalogue, lengths filled in. */
export const adminFormWords = {
  ...messages,
  passwordTooShort: messages.passwordTooShort(PASSWORD_MIN_LENGTH),
  passwordTooLong: messages.passwordTooLong(PASSWORD_MAX_LENGTH),
};
