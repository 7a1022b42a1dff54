import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { useAppLocation, useAppNavigate } from "../../app/app-location";
import { DEFAULT_LANG, LANGS, LANGUAGES, type Lang } from "../../../shared/lang";
import { catalogueAtom, loadCatalogue, rememberLang, setPageLang, useLang, useT } from "../../i18n/lang";
import { Button } from "../button";

// On a phone's header, Italian and English (and the page's own language) only: five codes do not fit
// beside the brand at 360 px. The menu offers them all.
const ON_EVERY_PHONE: readonly Lang[] = [DEFAULT_LANG, "en"];

/**
 * IT / EN / DE…: the public side's language, each named in itself, remembered on this device (the
 * Worker reads the cookie too). `compact`: the header's, which a phone shows shorter.
 */
export function LanguageSwitch({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  const tr = useT();
  const current = useLang();
  const setCatalogue = useSetAtom(catalogueAtom);
  const choose = async (lang: Lang) => {
    rememberLang(lang);
    setCatalogue({ lang, t: await loadCatalogue(lang) });
  };
  return (
    <div role="group" aria-label={tr.language.label} className={`flex rounded-lg bg-slate-100 p-0.5 text-xs font-bold ${className}`}>
      {LANGS.map((lang) => (
        <Button
          key={lang}
          variant="bare"
          size="none"
          lang={lang}
          title={LANGUAGES[lang].name}
          aria-pressed={current === lang}
          onClick={() => void choose(lang)}
          className={`rounded-md px-2 py-1.5 ${current === lang ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"} ${compact && current !== lang && !ON_EVERY_PHONE.includes(lang) ? "max-sm:hidden" : ""}`}
        >
          {lang.toUpperCase()}
          <span className="sr-only"> {LANGUAGES[lang].name}</span>
        </Button>
      ))}
    </div>
  );
}

/**
 * Keeps the page saying its language: `<html lang>`, and `?lang=` in the address so a shared link
 * opens in the same language (Italian, the default, needs no parameter unless one was there).
 */
export function LanguageSync() {
  const lang = useLang();
  const location = useAppLocation();
  const navigate = useAppNavigate();
  useEffect(() => {
    setPageLang(lang);
  }, [lang]);
  useEffect(() => {
    if (location.pathname.startsWith("/admin") || location.pathname.startsWith("/gate")) return;
    const params = new URLSearchParams(location.search);
    if (params.get("lang") === lang || (lang === DEFAULT_LANG && !params.has("lang"))) return;
    params.set("lang", lang);
    navigate({ pathname: location.pathname, search: `?${params}`, hash: location.hash }, { replace: true, state: location.state });
  }, [lang, location, navigate]);
  return null;
}
