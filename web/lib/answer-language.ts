import { DEFAULT_LANG, isLang } from "../../shared/lang";

/**
 * The language the API answers in: the public page's (`<html lang>`); the admin and the gate stay Italian.
 */
export function answerLanguage(): string {
  if (typeof document === "undefined" || /^\/(admin|gate)(\/|$)/.test(location.pathname)) return DEFAULT_LANG;
  return isLang(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LANG;
}
