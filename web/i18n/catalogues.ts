import { LANGS, type Lang } from "../../shared/lang";
import type { Catalogue } from "./catalogue";

/**
 * Every language's catalogue at once, for the renders that run outside the browser (the Worker's
 * islands and event pages, the build's prerendered shells). The browser never imports this: it loads
 * the visitor's catalogue alone (lang.ts).
 */
const modules = import.meta.glob<Record<string, unknown>>("./??.ts", { eager: true });

/** A language's catalogue: the file `./de.ts`, its export `de`. */
function catalogueIn(lang: Lang): Catalogue {
  const catalogue = modules[`./${lang}.ts`]?.[lang];
  if (!catalogue) throw new Error(`web/i18n/${lang}.ts is missing or does not export \`${lang}\`: every language of shared/lang.ts needs its catalogue`);
  return catalogue as Catalogue;
}
export const catalogues = Object.fromEntries(LANGS.map((lang) => [lang, catalogueIn(lang)])) as Record<Lang, Catalogue>;
