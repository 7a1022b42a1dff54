import { it } from "../i18n/it";
import type { Language } from "../i18n/lang";

/** The public side in Italian, as main.tsx sets it after loading it.ts: for tests that render it. */
export const italianLanguage: Language = { lang: "it", t: it };
