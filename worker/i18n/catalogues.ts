import { LANGS, type Lang } from "../../shared/lang";
import { messagesIt, type Messages } from "./it";
import { compileMessages, type MessagesFile } from "./signatures";

// Each language's answers are worker/i18n/<lang>.json: found by the list of languages
// (shared/lang.ts) alone, so a new language adds its file and no line here.
const files = import.meta.glob<{ default: MessagesFile }>("./??.json", { eager: true });

/** Every language's messages (error answers and other texts of the API), key for key with it.json. */
export const messageCatalogues = Object.fromEntries(
  LANGS.map((lang) => {
    const file = files[`./${lang}.json`]?.default;
    if (!file) throw new Error(`worker/i18n/${lang}.json is missing: every language of shared/lang.ts needs one`);
    return [lang, lang === "it" ? messagesIt : compileMessages(file, lang)];
  }),
) as Record<Lang, Messages>;
