import { DEFAULT_LANG, LANGS, type Lang } from "./lang";

/**
 * The garage's own texts in the languages other than Italian: `{ en: "…", de: "…" }`, one JSON
 * column beside each Italian text (docs/decisions/062-garage-texts-as-data.md). A language the garage
 * has not written is absent (an empty text counts as absent).
 */
export type Translations = Partial<Record<Lang, string>>;

/** The languages a garage text may be translated into: every language of the list but Italian. */
export const TRANSLATED_LANGS = LANGS.filter((lang) => lang !== DEFAULT_LANG) as [Lang, ...Lang[]];

/** The languages to try for a visitor, in order: theirs, then English; Italian (the column) closes. */
const fallbacks = (lang: Lang): Lang[] => (lang === DEFAULT_LANG ? [] : lang === "en" ? ["en"] : [lang, "en"]);

/**
 * The one resolver: a visitor reads the garage's text in their language, else in English, else the
 * Italian. The public pages, the API's answers, the e-mails, the share card and the JSON-LD all read
 * through it (or through worker/services/translations.ts's `translatedSql`, its SQL twin).
 */
export function translated(italian: string, translations: Translations | null | undefined, lang: Lang): string {
  for (const candidate of fallbacks(lang)) {
    const text = translations?.[candidate];
    if (text) return text;
  }
  return italian;
}

/**
 * Texts that belong together (a notice's subject and body) come from one language: the first of the
 * visitor's, English, where every one of them is written; else all Italian.
 */
export function translatedTogether<K extends string>(italian: Record<K, string>, translations: Record<K, Translations | null | undefined>, lang: Lang): Record<K, string> {
  const keys = Object.keys(italian) as K[];
  const chosen = fallbacks(lang).find((candidate) => keys.every((key) => translations[key]?.[candidate]));
  if (!chosen) return italian;
  return Object.fromEntries(keys.map((key) => [key, translations[key]![chosen]!])) as Record<K, string>;
}

/** The languages among `TRANSLATED_LANGS` for which `translations` lacks a text. */
export const missingLanguages = (translations: Translations | null | undefined): Lang[] => TRANSLATED_LANGS.filter((lang) => !translations?.[lang]);

/** Drops empty and unknown entries: what is stored. */
export function cleanTranslations(given: Record<string, string | null | undefined> | null | undefined): Translations {
  const out: Translations = {};
  for (const lang of TRANSLATED_LANGS) {
    const text = given?.[lang]?.trim();
    if (text) out[lang] = text;
  }
  return out;
}

