import { languageName, type Lang } from "../../shared/lang";

/**
 * A catalogue's names of fields, with a translation's language named in the catalogue's own words:
 * "Titolo (tedesco)", "Title (German)". The language's name comes from Intl, so a new language of
 * the list needs no line in any catalogue.
 */
export const labelIn =
  <F extends string>(labels: Record<F, string>, locale: string) =>
  (field: F, lang?: Lang | null): string =>
    lang ? `${labels[field]} (${languageName(lang, locale)})` : labels[field];
