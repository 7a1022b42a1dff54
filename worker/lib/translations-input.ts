import { z } from "zod";
import { cleanTranslations, TRANSLATED_LANGS, type Translations } from "../../shared/translations";
import { messages } from "../i18n/it";
import { cleanText, type TextRule } from "./text";

/**
 * A garage text's other languages in a request, `{ en: "…", de: "…" }`, each under the one text rule
 * (worker/lib/text.ts); blanks are languages not written and are not stored.
 */
export const translationsInput = (rule: TextRule) =>
  z
    .partialRecord(z.enum(TRANSLATED_LANGS, { error: messages.invalidData }), z.string({ error: messages.invalidData }).nullish(), { error: messages.invalidData })
    .nullish()
    .pipe(translationsText(rule));

/** The text rule over translations already shaped by a shared form (shared/forms/translations-form.ts). */
export const translationsText = (rule: TextRule) =>
  z.any().transform((given: Record<string, string | null | undefined> | null | undefined, ctx): Translations => {
    const out: Record<string, string> = {};
    for (const [lang, value] of Object.entries(cleanTranslations(given))) {
      const cleaned = cleanText(value, rule);
      if (!cleaned.ok) {
        ctx.addIssue({ code: "custom", message: cleaned.message, path: [lang] });
        return z.NEVER;
      }
      if (cleaned.value) out[lang] = cleaned.value;
    }
    return out;
  });
