import { LANGS, type Lang } from "../../../shared/lang";
import type { it } from "../../i18n/emails/it";

/** The shape of the Italian e-mails with their words widened to string, so another language can fill it. */
type Words<T> = T extends string ? string : T extends (...args: infer A) => unknown ? (...args: A) => string : { [K in keyof T]: Words<T[K]> };
export type EmailCatalogue = Words<typeof it>;

// Each language's e-mails are worker/i18n/emails/<lang>.ts, exporting `<lang>`: found by the list of
// languages (shared/lang.ts) alone, so a new language adds its file and no line here.
const modules = import.meta.glob<Record<string, EmailCatalogue>>("../../i18n/emails/??.ts", { eager: true });

/** Every language's e-mail words, by the booking's language (bookings.lang). */
export const emailCatalogues = Object.fromEntries(
  LANGS.map((lang) => {
    const words = modules[`../../i18n/emails/${lang}.ts`]?.[lang];
    if (!words) throw new Error(`worker/i18n/emails/${lang}.ts is missing or does not export \`${lang}\``);
    return [lang, words];
  }),
) as Record<Lang, EmailCatalogue>;
