import * as z from "zod/mini";
import { cleanTranslations, TRANSLATED_LANGS, type Translations } from "../translations";

/**
 * A garage text's other languages as a form sends them, `{ en: "…", de: "" }`: each checked by `text`
 * (its length and characters, never required: a blank one is a language not written), stored without
 * the blanks. zod's mini build, like the admin's other shared forms; the Worker's routes and the staff
 * screens read the same rule (docs/decisions/062-garage-texts-as-data.md).
 */
export const translationsField = <T extends z.ZodMiniType<string | null | undefined>>(text: T) =>
  z.pipe(
    z.optional(z.nullable(z.partialRecord(z.enum(TRANSLATED_LANGS), z.optional(z.nullable(text))))),
    z.transform((given): Translations => cleanTranslations(given as Record<string, string | null | undefined> | null | undefined)),
  );
