import { LANGS, type Lang } from "../../shared/lang";
import { catalogueIn, type Catalogue } from "./catalogue";

/**
 * Every language's catalogue at once, for the renders that run outside the browser (the Worker's
 * islands and event pages, the build's prerendered shells). The browser never imports this: it loads
 * the visitor's catalogue alone (lang.ts).
 */
const modules = import.meta.glob<Record<string, unknown>>("./??.ts", { eager: true });
export const catalogues = Object.fromEntries(LANGS.map((lang) => [lang, catalogueIn(modules, lang)])) as Record<Lang, Catalogue>;
