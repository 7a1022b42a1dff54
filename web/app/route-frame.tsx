import { Suspense, useEffect, type ReactNode } from "react";
import { useAppLocation, useNavigationType } from "./app-location";
import { LoadingState } from "../components/spinner";
import { LanguageSync } from "../features/layout/language-switch";
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

/** A new page starts at its top (or its #anchor); back/forward keep the browser's own restoration. */
function ScrollToTop() {
  const { pathname, hash } = useAppLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type === "POP") return;
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

