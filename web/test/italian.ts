import { it } from "../i18n/it";
import { itLater } from "../i18n/later/it";
import type { Language } from "../i18n/lang";

/** The public side in Italian, both parts, as main.tsx and the first dialog or page leave it: for tests that render it. */
export const italianLanguage: Language = { lang: "it", t: { ...it, ...itLater } };
