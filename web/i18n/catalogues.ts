import { LANGS, type Lang } from "../../shared/lang";
import type { Catalogue } from "./catalogue";
import { compileHome, type HomeFile } from "./signatures";
import { compileLater, type LaterFile } from "./later/signatures";

/**
 * Every language's catalogue at once, for the renders that run outside the browser (the Worker's
 * islands and event pages, the build's prerendered shells). The browser never imports this: it loads
 * the visitor's catalogue alone (lang.ts).
 */
const homeFiles = import.meta.glob<{ default: HomeFile }>("./??.json", { eager: true });
const laterFiles = import.meta.glob<{ default: LaterFile }>("./later/??.json", { eager: true });

/** A language's catalogue: the files `./de.json` and `./later/de.json`. */
function catalogueIn(lang: Lang): Catalogue {
  const home = homeFiles[`./${lang}.json`]?.default;
  const later = laterFiles[`./later/${lang}.json`]?.default;
  if (!home || !later) throw new Error(`web/i18n/${lang}.json or later/${lang}.json is missing: every language of shared/lang.ts needs both`);
  return { ...compileHome(home, lang), ...compileLater(later, lang) };
}
export const catalogues = Object.fromEntries(LANGS.map((lang) => [lang, catalogueIn(lang)])) as Record<Lang, Catalogue>;
