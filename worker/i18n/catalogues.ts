import { LANGS, type Lang } from "../../shared/lang";
import type { Messages } from "./it";

// Each language's answers are worker/i18n/<lang>.ts, exporting `messages<Lang>` (messagesIt,
// messagesEn, messagesDe…): found by the list of languages (shared/lang.ts) alone, so a new language
// adds its file and no line here.
const modules = import.meta.glob<Record<string, Messages>>("./??.ts", { eager: true });
const exportName = (lang: Lang) => `messages${lang[0].toUpperCase()}${lang.slice(1)}`;

/** Every language's messages (error answers and other texts of the API), key for key with it.ts. */
export const messageCatalogues = Object.fromEntries(
  LANGS.map((lang) => {
    const messages = modules[`./${lang}.ts`]?.[exportName(lang)];
    if (!messages) throw new Error(`worker/i18n/${lang}.ts is missing or does not export \`${exportName(lang)}\``);
    return [lang, messages];
  }),
) as Record<Lang, Messages>;
