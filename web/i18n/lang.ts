import { atom, useStore } from "jotai";
import { useSyncExternalStore } from "react";
import type { Catalogue, Lang } from "./catalogue";
import { cookieValue, DEFAULT_LANG, isLang, LANG_COOKIE, pickLang } from "../../shared/lang";
import { compileHome, type HomeFile } from "./signatures";
import type { LaterFile } from "./later/signatures";

export type Language = { lang: Lang; t: Catalogue };

// No catalogue by default: a default would put it.json in every visitor's home chunks (an English
// visitor has no use for it). main.tsx sets the page's catalogue before the first render.
const loadedAtom = atom<Language | null>(null);

/** The public side's current language and its catalogue (the one loaded: it.json, en.json, de.json…). */
export const catalogueAtom = atom(
  (get) => get(loadedAtom) ?? noCatalogue(),
  (_get, set, language: Language) => set(loadedAtom, language),
);

function noCatalogue(): never {
  throw new Error("no catalogue yet: set catalogueAtom (main.tsx does, after loadCatalogue) before rendering");
}

// The language the server rendered this page in (main.tsx says it before hydrating; null elsewhere).
let renderedLanguage: Language | null = null;
/** Says the language of the server's HTML, before the page hydrates. */
export function setRenderedLanguage(language: Language) {
  renderedLanguage = language;
}

/**
 * The store's language, read as React reads an outside store: a part of a server-rendered page that
 * hydrates after a switch (its code came late, or React had not reached it yet) hydrates in the
 * language of its HTML, and React re-renders it in the new one at once. Read plainly, such a part
 * hydrated in the new language over the server's text: React's #418 (decision 049).
 */
function useLanguage(): Language {
  const store = useStore();
  return useSyncExternalStore(
    (changed) => store.sub(catalogueAtom, changed),
    () => store.get(catalogueAtom),
    () => renderedLanguage ?? store.get(catalogueAtom),
  );
}

/** The current catalogue (the visitor's language's), for every public component. */
export const useT = () => useLanguage().t;
export const useLang = () => useLanguage().lang;

/**
 * Each catalogue is a chunk of its own: a visitor downloads only the page's language (the build
 * preloads it beside the app, vite.config.ts) and the other one only on a switch.
 */
// One loader per catalogue file (web/i18n/it.json, en.json, de.json…: a chunk each, data only), in a
// table rather than one expression: an `en ? import(en) : import(it)` expression made the build
// preload both catalogues whichever was chosen. The table is the files themselves: a language of
// shared/lang.ts adds no line here. The code that reads a file (signatures.ts) is the app's.
const homeLoaders = import.meta.glob<{ default: HomeFile }>("./??.json");
// The texts of the pages after the home (pass, bookings, receipts, season): a chunk per language too.
const laterLoaders = import.meta.glob<{ default: LaterFile }>("./later/??.json");

const homes = new Map<Lang, Promise<Catalogue>>();
const complete = new Map<Lang, Promise<Catalogue>>();

/**
 * The home's texts of `lang` (what the home and an event's page render), as the object every
 * component will read: the later texts are added to this same object when a page or dialog asks
 * for them (loadCatalogue), so their arrival re-renders nothing (a re-render would empty the parts
 * of the page still waiting for their code, decision 049).
 */
export function loadHomeCatalogue(lang: Lang): Promise<Catalogue> {
  let home = homes.get(lang);
  if (!home) {
    home = homeLoaders[`./${lang}.json`]().then((m) => compileHome(m.default, lang) as Catalogue);
    homes.set(lang, home);
    home.catch(() => homes.delete(lang));
  }
  return home;
}

/** Both parts of `lang`'s catalogue, in the one object loadHomeCatalogue gave (plain: the home's bytes, issue #26). */
export function loadCatalogue(lang: Lang): Promise<Catalogue> {
  let all = complete.get(lang);
  if (!all) {
    all = Promise.all([loadHomeCatalogue(lang), laterLoaders[`./later/${lang}.json`](), import("./later/signatures")]).then(([t, m, { compileLater }]) =>
      Object.assign(t, compileLater(m.default, lang)),
    );
    complete.set(lang, all);
    all.catch(() => complete.delete(lang));
  }
  return all;
}

/**
 * The browser's language at start-up. On the home the Worker already chose (and rendered) it: the
 * page's `<html lang>` says which, and hydration must use the same.
 */
export function startLang(serverRendered: boolean): Lang {
  // The admin area and the gate stay Italian.
  if (/^\/(admin|gate)(\/|$)/.test(location.pathname)) return DEFAULT_LANG;
  if (serverRendered) return isLang(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LANG;
  return pickLang(new URLSearchParams(location.search).get("lang"), cookieValue(document.cookie, LANG_COOKIE), navigator.languages.join(","));
}

/**
 * Says the page's language on `<html lang>`. Written only when it changes: any write, even of the
 * same value, makes Chromium recompute the whole page's style (2–4 ms measured here, unthrottled).
 */
export function setPageLang(lang: Lang) {
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
}

/** Remembers the visitor's choice on this device (a year), where the Worker can read it too. */
export function rememberLang(lang: Lang) {
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
