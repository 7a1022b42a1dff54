import { LANGS, type Lang } from "../../../shared/lang";
import { compileCatalogue, type Compiled } from "../../../shared/messages";
import type it from "../../i18n/emails/it.json";
import { emailSignatures } from "../../i18n/emails/signatures";

/** The e-mails' words as the code reads them: the Italian file's shape, each text with a signature a function. */
export type EmailCatalogue = Compiled<typeof it, typeof emailSignatures>;

// Each language's e-mails are worker/i18n/emails/<lang>.json: found by the list of languages
// (shared/lang.ts) alone, so a new language adds its file and no line here.
const files = import.meta.glob<{ default: typeof it }>("../../i18n/emails/??.json", { eager: true });

/** Every language's e-mail words, by the booking's language (bookings.lang). */
export const emailCatalogues = Object.fromEntries(
  LANGS.map((lang) => {
    const file = files[`../../i18n/emails/${lang}.json`]?.default;
    if (!file) throw new Error(`worker/i18n/emails/${lang}.json is missing: every language of shared/lang.ts needs one`);
    return [lang, compileCatalogue(file, emailSignatures, lang, file.dates.locale)];
  }),
) as Record<Lang, EmailCatalogue>;
