import { LANGS, type Lang } from "../../shared/lang";

const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** A page's address in one language: `?lang=xx` always answers in it, whatever the browser says. */
export const languageUrl = (baseUrl: string, path: string, lang: Lang) => `${baseUrl}${path}?lang=${lang}`;

/** Every language's address of a page, and `x-default`: the bare address, which answers in the browser's language. */
export function languageAlternates(baseUrl: string, path: string): { hreflang: string; href: string }[] {
  return [...LANGS.map((lang) => ({ hreflang: lang, href: languageUrl(baseUrl, path, lang) })), { hreflang: "x-default", href: `${baseUrl}${path}` }];
}

/**
 * What search engines read in a page's <head> about its languages: its own address in its language
 * as canonical, and every other language's (hreflang alternates), so each is indexed apart.
 */
export function languageLinkTags(baseUrl: string, path: string, lang: Lang): string {
  return [
    `<link rel="canonical" href="${attr(languageUrl(baseUrl, path, lang))}">`,
    ...languageAlternates(baseUrl, path).map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${attr(a.href)}">`),
  ].join("");
}
