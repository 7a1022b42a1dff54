/** The two languages the public site speaks. */
export type Lang = "it" | "en";

/** The cookie the language switch sets ("it" | "en"); the Worker reads it to answer `/` in that language. */
export const LANG_COOKIE = "pe_lang";

const asLang = (value: string | null | undefined): Lang | null => (value === "it" || value === "en" ? value : null);

/**
 * The visitor's language: the link's `?lang=` first (a shared link keeps its language), then the
 * choice remembered on the device, then the browser's preference between Italian and English
 * (the first of the two it lists, by quality); Italian when nothing says otherwise.
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
      return { base: tag.split("-")[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => (entry.base === "it" || entry.base === "en") && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.base === "en" ? "en" : "it";
}

/** The value of `name` in a Cookie header (or document.cookie). */
export function cookieValue(cookies: string | null | undefined, name: string): string | null {
  for (const part of (cookies ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}
