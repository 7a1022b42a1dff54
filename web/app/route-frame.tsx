import { Suspense, useEffect, useRef, type ReactNode } from "react";
import { useAppLocation, useNavigationType } from "./app-location";
import { LoadingState } from "../components/spinner";
import { LanguageSync } from "../components/layout/language-switch";
import { useT } from "../i18n/lang";

/** What a lazy route shows while its chunk loads. */
function RouteFallback() {
  const tr = useT();
  return (
    <main className="min-h-dvh bg-slate-50">
      <LoadingState text={tr.common.loading} />
    </main>
  );
}

/**
 * A new page starts at its top (or its #anchor); back/forward keep the browser's own restoration.
 * Only a move to another page or anchor scrolls: the page as loaded stays where the visitor has
 * scrolled it, and so does a change of the query alone (the language written into the address when
 * the app starts at a visitor's first scroll jumped the page back to its top under their finger).
 */
function ScrollToTop() {
  const { pathname, hash } = useAppLocation();
  const type = useNavigationType();
  const shown = useRef({ pathname, hash });
  useEffect(() => {
    const moved = shown.current.pathname !== pathname || shown.current.hash !== hash;
    shown.current = { pathname, hash };
    if (!moved || type === "POP") return;
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, type]);
  return null;
}

/**
 * What every route renders inside: the Worker renders an event's page in this same frame, so the
 * browser hydrates its HTML (worker/services/event-page-html.tsx).
 */
export function RouteFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <ScrollToTop />
      <LanguageSync />
      <Suspense fallback={<RouteFallback />}>{children}</Suspense>
    </>
  );
}

