import { z } from "zod";
import type { MessageRef } from "../i18n/message-ref";
import { messages, type Field } from "../i18n/it";
import type { Lang } from "../../shared/lang";

/**
 * The one rule for free text, staff's and customers' alike: Unicode NFC; no control characters
 * (line breaks only in multi-line fields, stored as \n); no lone surrogates; in names, plates and
 * titles ("strict") no bidi overrides or invisible format characters either; trimmed; a length limit.
 */
export type TextRule = {
  /** The field, which the error names in the request's language ("Titolo" / "Title"). */
  field: Field;
  /** A translation's language: the error names it, "Titolo (tedesco)". */
  lang?: Lang;
  max: number;
  multiline?: boolean;
  strict?: boolean;
  /** Messages of the field's own, where it has them. */
  tooLong?: MessageRef;
  badChars?: MessageRef;
};

const LONE_SURROGATE = /\p{Cs}/u;
// Controls (Cc) and the Unicode line and paragraph separators; a multi-line field keeps \n and tab.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const ALLOWED_IN_MULTILINE = new Set(["\n", "\t"]);
// Format characters: bidi embeddings, overrides and isolates, zero-width spaces and joiners, soft hyphen, BOM…
const FORMAT = /\p{Cf}/u;

/** The text cleaned by the rule, or the message saying why it cannot be. */
export function cleanText(value: string, rule: TextRule): { ok: true; value: string } | { ok: false; message: MessageRef } {
  const bad = { ok: false as const, message: rule.badChars ?? messages.textBadChars(rule.field, rule.lang) };
  if (LONE_SURROGATE.test(value)) return bad;
  let text = value.normalize("NFC");
  if (rule.multiline) {
    text = text.replace(/\r\n?/g, "\n");
    for (const ch of text) {
      if (CONTROL.test(ch) && !ALLOWED_IN_MULTILINE.has(ch)) return bad;
    }
  } else if (CONTROL.test(text)) {
    return /[\r\n\u2028\u2029]/.test(text) && !rule.badChars ? { ok: false, message: messages.textOneLine(rule.field, rule.lang) } : bad;
  }
  if (rule.strict && FORMAT.test(text)) return bad;
  text = text.trim();
  if (text.length > rule.max) return { ok: false, message: rule.tooLong ?? messages.textTooLong(rule.max) };
  return { ok: true, value: text };
}

/** A zod string under the text rule (trimmed; may be empty: add `.min(1, …)` with `.pipe` where required). */
export function textField(rule: TextRule) {
  return z.string({ error: messages.invalidData }).transform((value, ctx) => {
    const cleaned = cleanText(value, rule);
    if (cleaned.ok) return cleaned.value;
    ctx.addIssue({ code: "custom", message: cleaned.message });
    return z.NEVER;
  });
}

/** A one-line name (strict) that must be there: missing or blank answers `required`. */
export function requiredName(rule: Omit<TextRule, "strict" | "multiline"> & { required: MessageRef }) {
  const { required, ...text } = rule;
  return z
    .string({ error: required })
    .pipe(textField({ ...text, strict: true }))
    .pipe(z.string().min(1, required));
}

/** A header value (subject, display name) on one line whatever reaches it: the last guard before a mail header. */
export function headerText(value: string): string {
  return value
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
}
