/**
 * The rules of the forms a customer fills in (booking, presale, season pass, waiting list), written once: the
 * Worker validates requests with them and the page checks the form with them before sending. zod's
 * mini build, so the page's dialog chunk carries a few kilobytes of it instead of the whole library.
 * Each side brings its own words: the Worker its message references (worker/i18n), the page the
 * texts of its catalogue.
 */
import * as z from "zod/mini";
import { normalisePlate, PLATE_PATTERN } from "../rules";

export type FormWords = { required: string; invalidEmail: string; emailTooLong: string; invalidPlate: string };

/** The longest e-mail address (RFC 5321), for every form and route that takes one. */
export const EMAIL_MAX = 254;

/** Present and not blank; trimmed. */
export const filled = (w: Pick<FormWords, "required">) => z.string(w.required).check(z.trim(), z.minLength(1, w.required));

/** An e-mail address, trimmed and lower-cased. */
export const emailRule = (w: Pick<FormWords, "invalidEmail" | "emailTooLong">) =>
  z.pipe(
    z.pipe(z.string(w.invalidEmail).check(z.trim(), z.maxLength(EMAIL_MAX, w.emailTooLong)), z.email(w.invalidEmail)),
    z.transform((email: string) => email.toLowerCase()),
  );

/** A plate as the gate reads it: upper case, letters and digits only (shared/rules.ts). */
export const plateRule = (w: Pick<FormWords, "invalidPlate">) =>
  z.pipe(z.pipe(z.string(w.invalidPlate), z.transform(normalisePlate)), z.string().check(z.regex(PLATE_PATTERN, w.invalidPlate)));

/**
 * A form in two stages, so that a missing field always answers the "required" message whatever else
 * is wrong: `required` checks that every field is there, `formats` what the filled ones look like.
 */
function twoStages<R extends string, S extends { [K in R]?: z.ZodMiniType }>(required: readonly R[], formats: (w: FormWords) => S) {
  return (w: FormWords) => ({
    required: Object.fromEntries(required.map((k) => [k, filled(w)])) as Record<R, ReturnType<typeof filled>>,
    formats: formats(w),
  });
}

export const bookingForm = twoStages(["customerName", "customerEmail", "licensePlate", "carModel"] as const, (w) => ({
  customerEmail: emailRule(w),
  licensePlate: plateRule(w),
}));

export const presaleForm = twoStages(["nome", "cognome", "email", "targa", "modelloAuto"] as const, (w) => ({
  email: emailRule(w),
  targa: plateRule(w),
}));

/** The waiting list: an address for the offer, the plate the spot will be for. */
export const waitlistForm = twoStages(["email", "licensePlate"] as const, (w) => ({
  email: emailRule(w),
  licensePlate: plateRule(w),
}));

/** Taking an offer: who is coming and in which car (the plate was given when joining). */
export const takeOfferForm = twoStages(["customerName", "carModel"] as const, () => ({}));

export type FieldProblem<K extends string> = { message: string; fields: K[] } | null;

/** The page's check of a form: every missing field named at once, else the first wrong format. */
export function formProblem<K extends string>(form: { required: Record<string, z.ZodMiniType>; formats: Record<string, z.ZodMiniType> }, values: Record<K, string>): FieldProblem<K> {
  const missing = z.safeParse(z.object(form.required), values);
  if (!missing.success) return { message: missing.error.issues[0].message, fields: missing.error.issues.map((i) => i.path[0] as K) };
  const wrong = z.safeParse(z.object(form.formats), values);
  if (!wrong.success) return { message: wrong.error.issues[0].message, fields: [wrong.error.issues[0].path[0] as K] };
  return null;
}
