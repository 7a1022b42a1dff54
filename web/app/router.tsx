import { lazy, Suspense, useEffect } from "react";
import { Route, Routes, useLocation, useNavigationType } from "react-router";
import { LoadingState } from "../components/spinner";
import { afterQueryLayer } from "./query-layer";
import { HomePage } from "../features/home/home-page";
import { LanguageSync } from "../features/layout/language-switch";
import { useT } from "../i18n/lang";

// Declarative routes (not the data router): the home's first load carries ~20 KB gzip less router.
const CheckoutPage = lazy(() => afterQueryLayer(() => import("../features/checkout/checkout-page")).then((m) => ({ default: m.CheckoutPage })));
const MyBookingsPage = lazy(() => afterQueryLayer(() => import("../features/my-bookings/my-bookings-page")).then((m) => ({ default: m.MyBookingsPage })));
const PassPage = lazy(() => afterQueryLayer(() => import("../features/pass/pass-page")).then((m) => ({ default: m.PassPage })));
const NotFoundPage = lazy(() => import("../components/not-found-page").then((m) => ({ default: m.NotFoundPage })));
// Screens that read server state wait for the query layer as well (docs/decisions/021).
// The gate and the admin screens are separate lazy chunks: a visitor's browser never downloads them.
const GatePage = lazy(() => afterQueryLayer(() => import("../features/gate/gate-page")).then((m) => ({ default: m.GatePage })));
const AdminRoutes = lazy(() => afterQueryLayer(() => import("../features/admin/admin-routes")).then((m) => ({ default: m.AdminRoutes })));

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
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type === "POP") return;
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, type]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <LanguageSync />
      <Suspense fallback={<RouteFallback />}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/checkout" element={<CheckoutPage />} />
          <Route path="/le-mie-prenotazioni" element={<MyBookingsPage />} />
          <Route path="/p/:secret" element={<PassPage />} />
          <Route path="/gate" element={<GatePage />} />
          <Route path="/admin/*" element={<AdminRoutes />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </>
  );
}
