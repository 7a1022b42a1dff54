/**
 * The languages the public site, its answers and its e-mails speak: the one list. Every type, zod
 * enum, database column's type, route, build step and catalogue registry is derived from it; a
 * language is one entry here plus one catalogue file per side (web/i18n/xx.json with web/i18n/later/xx.json,
 * worker/i18n/xx.json and worker/i18n/emails/xx.json), found by their file names (docs/decisions/056-languages-as-data.md).
 * Italian is first: the default, and the language of staff screens.
 */
export const LANGUAGES = {
  it: {
    /** The language named in itself (the header's switch). */
    name: "Italiano",
    /** Open Graph's `og:locale`. */
    ogLocale: "it_IT",
    /** How an amount of euros is written, # the amount: "€ 15,00". */
    euro: "€ #",
    /** A decimal comma: "15,00", "1,5 km". */
    decimalComma: true,
    hour: ["ora", "ore"],
    minute: ["minuto", "minuti"],
    /** Between "1 ora" and "30 minuti". */
    and: " e ",
  },
  en: { name: "English", ogLocale: "en_GB", euro: "€#", decimalComma: false, hour: ["hour", "hours"], minute: ["minute", "minutes"], and: " " },
  de: { name: "Deutsch", ogLocale: "de_DE", euro: "# €", decimalComma: true, hour: ["Stunde", "Stunden"], minute: ["Minute", "Minuten"], and: " " },
  fr: { name: "Français", ogLocale: "fr_FR", euro: "# €", decimalComma: true, hour: ["heure", "heures"], minute: ["minute", "minutes"], and: " " },
  es: { name: "Español", ogLocale: "es_ES", euro: "# €", decimalComma: true, hour: ["hora", "horas"], minute: ["minuto", "minutos"], and: " y " },
} as const satisfies Record<string, LanguageWays>;

export type LanguageWays = {
  name: string;
  ogLocale: string;
  euro: string;
  decimalComma: boolean;
  hour: readonly [string, string];
  minute: readonly [string, string];
  and: string;
};

/** A language the site speaks ("it" | "en" | …), derived from the list. */
export type Lang = keyof typeof LANGUAGES;
/** The list's codes, Italian first: for zod (`z.enum(LANGS)`), Drizzle's column types and loops. */
export const LANGS = Object.keys(LANGUAGES) as [Lang, ...Lang[]];
export const DEFAULT_LANG: Lang = "it";

/** How `lang` writes money, numbers and lengths of time (shared/lifecycle/money.ts and event.ts read it). */
export const languageWays = (lang: Lang): LanguageWays => LANGUAGES[lang];

/** The cookie the language switch sets (a code of the list); the Worker reads it to answer `/` in that language. */
export const LANG_COOKIE = "pe_lang";

const namers = new Map<string, Intl.DisplayNames>();
/** `lang` named in the words of `locale` (Intl's names: "tedesco" in Italian, "German" in English), its code where Intl has none. */
export function languageName(lang: string, locale: string): string {
  let names = namers.get(locale);
  if (!names) namers.set(locale, (names = new Intl.DisplayNames([locale], { type: "language", fallback: "code" })));
  // Intl refuses what is not a language code: such a text is given back as it is.
  return (/^[a-z]{2,3}$/.test(lang) && names.of(lang)) || lang;
}

export const isLang = (value: unknown): value is Lang => typeof value === "string" && Object.hasOwn(LANGUAGES, value);
const asLang = (value: string | null | undefined): Lang | null => (isLang(value) ? value : null);

/**
 * The visitor's language: the link's `?lang=` first (a shared link keeps its language), then the
 * choice remembered on the device, then the browser's preference (Accept-Language: the first of our
 * languages it lists, by quality, `de-CH` counting as `de`); Italian when nothing says otherwise.
 * Pure: the Worker and the browser decide the same way.
 */
export function pickLang(param: string | null | undefined, remembered: string | null | undefined, acceptLanguage: string | null | undefined): Lang {
  const chosen = asLang(param) ?? asLang(remembered);
  if (chosen) return chosen;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().split("-")[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => isLang(entry.base) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return asLang(ranked[0]?.base) ?? DEFAULT_LANG;
}

/** The value of `name` in a Cookie header (or document.cookie). */
export function cookieValue(cookies: string | null | undefined, name: string): string | null {
  for (const part of (cookies ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}
