import { LANGS, type Lang } from "../../shared/lang";
import type { Catalogue } from "./catalogue";

/**
 * Every language's catalogue at once, for the renders that run outside the browser (the Worker's
 * islands and event pages, the build's prerendered shells). The browser never imports this: it loads
 * the visitor's catalogue alone (lang.ts).
 */
const modules = import.meta.glob<Record<string, unknown>>("./??.ts", { eager: true });
const laterModules = import.meta.glob<Record<string, unknown>>("./later/??.ts", { eager: true });

/** A language's catalogue: the file `./de.ts` (its export `de`) and `./later/de.ts` (`deLater`). */
function catalogueIn(lang: Lang): Catalogue {
  const home = modules[`./${lang}.ts`]?.[lang];
  const later = laterModules[`./later/${lang}.ts`]?.[`${lang}Later`];
  if (!home || !later) throw new Error(`web/i18n/${lang}.ts or later/${lang}.ts is missing or does not export \`${lang}\` / \`${lang}Later\`: every language of shared/lang.ts needs both`);
  return { ...home, ...later } as Catalogue;
}
export const catalogues = Object.fromEntries(LANGS.map((lang) => [lang, catalogueIn(lang)])) as Record<Lang, Catalogue>;
