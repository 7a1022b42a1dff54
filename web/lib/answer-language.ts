/**
 * The language the API answers in: the public page's (`<html lang>`); the admin and the gate stay Italian.
 */
export function answerLanguage(): string {
  if (typeof document === "undefined" || /^\/(admin|gate)(\/|$)/.test(location.pathname)) return "it";
  return document.documentElement.lang === "en" ? "en" : "it";
}
