import { LANGS, LANGUAGES, type Lang, type LanguageWays } from "../lang";
import { sameOnPurpose } from "../same-on-purpose";

/**
 * "xx", a language no one speaks, for the test that a language is one entry in the list
 * (shared/lang.ts) plus one catalogue per side (docs/decisions/066-made-up-language-test.md).
 * Typed as a Lang, as it would be once written in the list.
 */
export const MADE_UP = "xx" as Lang;

/** Its own ways with money and time, unlike any real language's. */
const ways: LanguageWays = { name: "Xxish", ogLocale: "xx_XX", euro: "XX #", decimalComma: true, hour: ["hxr", "hxrs"], minute: ["mxn", "mxns"], and: " xnd " };

const VOWELS: Record<string, string> = { a: "ä", e: "ë", i: "ï", o: "ö", u: "ü" };
/** A text of the made-up language: the English one with its vowels marked ("Böökïng nöt föünd"), so it is no other catalogue's text. */
export const madeUpText = (english: string) => english.replace(/[aeiou]/g, (v) => VOWELS[v]);

// A function's string arguments (a title, a name) are the garage's or the customer's words, not the
// catalogue's: they go through as placeholders with no vowels, and come back unmarked.
const placeholder = (i: number) => `\u0001${i}\u0001`;

/** A catalogue in the made-up language, key for key from the English one. Dates keep English's locale: Intl knows no "xx". */
export function madeUpCatalogue<T>(english: T, key = ""): T {
  if (typeof english === "string") return (key === "locale" ? english : madeUpText(english)) as T;
  if (typeof english === "function") {
    return ((...args: unknown[]) => {
      const out = madeUpCatalogue((english as (...a: unknown[]) => unknown)(...args.map((a, i) => (typeof a === "string" ? placeholder(i) : a))));
      if (typeof out !== "string") return out;
      return args.reduce<string>((text, a, i) => (typeof a === "string" ? text.split(placeholder(i)).join(a) : text), out);
    }) as T;
  }
  if (Array.isArray(english)) return english.map((v) => madeUpCatalogue(v)) as T;
  if (english && typeof english === "object") return Object.fromEntries(Object.entries(english).map(([k, v]) => [k, madeUpCatalogue(v, k)])) as T;
  return english;
}

/**
 * Adds the made-up language where a real one is: an entry in the one list, and to each registry its
 * catalogue, as the registry finds a language's file (worker/i18n/catalogues.ts, the e-mails',
 * web/i18n/catalogues.ts). Call it before importing anything else that reads the list: the routes
 * build their zod enums from it as they load, as they would from a list with a sixth entry.
 */
export function addMadeUpLanguage(registries: Record<string, unknown>[]) {
  (LANGUAGES as Record<string, LanguageWays>)[MADE_UP] = ways;
  if (!LANGS.includes(MADE_UP)) LANGS.push(MADE_UP);
  for (const registry of registries) registry[MADE_UP] = madeUpCatalogue(registry.en);
}

/**
 * Every other language's texts in a registry of catalogues, line by line, 6 characters or more, that
 * are not also the made-up language's (nor a brand's, the same everywhere): none may show in what it renders.
 */
export function foreignTexts(registry: Record<string, unknown>): string[] {
  const texts = (catalogue: unknown): string[] => {
    if (typeof catalogue === "string") return [catalogue];
    if (typeof catalogue === "function") return String((catalogue as (...a: string[]) => string)("\u0000", "\u0000")).split("\u0000");
    return catalogue && typeof catalogue === "object" ? Object.values(catalogue).flatMap(texts) : [];
  };
  const own = new Set(texts(registry[MADE_UP]).flatMap((s) => s.split("\n")).map((s) => s.trim()));
  return LANGS.filter((lang) => lang !== MADE_UP)
    .flatMap((lang) => texts(registry[lang]))
    .flatMap((s) => s.split("\n"))
    .map((s) => s.trim())
    .filter((s) => s.length >= 6 && !own.has(s) && !sameOnPurpose(MADE_UP, s));
}
