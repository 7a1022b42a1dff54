import { z } from "zod";
import { cleanTranslations, TRANSLATED_LANGS, type Translations } from "../../shared/translations";
import { messages } from "../i18n/it";
import { cleanText, type TextRule } from "./text";

type Given = Record<string, string | null | undefined> | null | undefined;

/** Each language's text under the rule, blanks dropped; the first refused one is the issue. */
function cleaned(given: Given, rule: TextRule, ctx: z.RefinementCtx): Translations {
  const out: Translations = {};
  for (const [lang, value] of Object.entries(cleanTranslations(given)) as [keyof Translations, string][]) {
    const result = cleanText(value, rule);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message, path: [lang] });
      return z.NEVER;
    }
    if (result.value) out[lang] = result.value;
  }
  return out;
}

/**
 * A garage text's other languages in a request, `{ en: "…", de: "…" }`, each under the one text rule
 * (worker/lib/text.ts); blanks are languages not written and are not stored. Absent stays absent
 * (undefined): a request naming only other fields leaves the texts alone.
 */
export const translationsInput = (rule: TextRule) =>
  z
    .partialRecord(z.enum(TRANSLATED_LANGS, { error: messages.invalidData }), z.string({ error: messages.invalidData }).nullish(), { error: messages.invalidData })
    .nullish()
    .transform((given, ctx): Translations | undefined => (given == null ? undefined : cleaned(given, rule, ctx)));

/** The text rule over translations already shaped by a shared form (shared/forms/translations-form.ts). */
export const translationsText = (rule: TextRule) => z.any().transform((given: Given, ctx): Translations => cleaned(given, rule, ctx));
