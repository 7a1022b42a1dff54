import { DEFAULT_LANG, type Lang } from "../../shared/lang";

/** Where the build put the page shell of `lang` (vite.config.ts): index.html for Italian, `/<lang>/` for each other language. */
export const shellPath = (lang: Lang) => (lang === DEFAULT_LANG ? "/" : `/${lang}/`);
