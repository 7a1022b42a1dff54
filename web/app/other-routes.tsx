import { lazy } from "react";
import { Route, Router, Routes, type NavigationType } from "react-router";
import { useAppRouting } from "./app-location";
import { EVENT_PAGE_ROUTE } from "../../shared/event-path";
import { afterQueryLayer } from "./query-layer";
import { RouteErrorBoundary } from "./route-error-boundary";
import { preloadable } from "./preloadable";

const CheckoutPage = lazy(() => afterQueryLayer(() => import("../features/checkout/checkout-page")).then((m) => ({ default: m.CheckoutPage })));
const MyBookingsPage = lazy(() => afterQueryLayer(() => import("../features/my-bookings/my-bookings-page")).then((m) => ({ default: m.MyBookingsPage })));
const WaitlistPage = lazy(() => afterQueryLayer(() => import("../features/event/waitlist/waitlist-page")).then((m) => ({ default: m.WaitlistPage })));
const SeasonPage = lazy(() => afterQueryLayer(() => import("../features/season/season-page")).then((m) => ({ default: m.SeasonPage })));
const DocumentPage = lazy(() => afterQueryLayer(() => import("../features/documents/document-page")).then((m) => ({ default: m.DocumentPage })));
const PassPage = lazy(() => afterQueryLayer(() => import("../features/pass/pass-page")).then((m) => ({ default: m.PassPage })));
// An event's page is server-rendered by the Worker; its code is a chunk of its own, loaded before it
// hydrates (main.tsx), so a first tap on it is never dropped by a suspended part.
const { Component: EventPage, preload: preloadEventPage } = preloadable(() => import("../features/event/page/event-page").then((m) => m.EventPage));
export { preloadEventPage };
const NotFoundPage = lazy(() => import("../components/not-found-page").then((m) => ({ default: m.NotFoundPage })));
// Screens that read server state wait for the query layer as well (docs/decisions/021).
// The gate and the admin screens are separate lazy chunks: a visitor's browser never downloads them.
const GatePage = lazy(() => afterQueryLayer(() => import("../features/gate/gate-page")).then((m) => ({ default: m.GatePage })));
const AdminRoutes = lazy(() => afterQueryLayer(() => import("../features/admin/admin-routes")).then((m) => ({ default: m.AdminRoutes })));

/** Every page but the home: react-router on the app's history, so its hooks (`useParams`, `useNavigate`…) work in these pages. */
export function OtherRoutes() {
  const { location, navigationType, navigator } = useAppRouting();
  return (
    <Router location={location} navigationType={navigationType as NavigationType} navigator={navigator}>
      <Routes>
        <Route path={EVENT_PAGE_ROUTE} element={<RouteErrorBoundary key="EventPage"><EventPage /></RouteErrorBoundary>} />
        <Route path="/checkout" element={<RouteErrorBoundary key="CheckoutPage"><CheckoutPage /></RouteErrorBoundary>} />
        <Route path="/le-mie-prenotazioni" element={<RouteErrorBoundary key="MyBookingsPage"><MyBookingsPage /></RouteErrorBoundary>} />
        <Route path="/p/:secret" element={<RouteErrorBoundary key="PassPage"><PassPage /></RouteErrorBoundary>} />
        <Route path="/ricevuta/:id" element={<RouteErrorBoundary key="DocumentPage"><DocumentPage /></RouteErrorBoundary>} />
        <Route path="/lista-attesa/:token" element={<RouteErrorBoundary key="WaitlistPage"><WaitlistPage /></RouteErrorBoundary>} />
        <Route path="/abbonamenti/:id" element={<RouteErrorBoundary key="SeasonPage"><SeasonPage /></RouteErrorBoundary>} />
        <Route path="/gate" element={<RouteErrorBoundary key="GatePage"><GatePage /></RouteErrorBoundary>} />
        <Route path="/admin/*" element={<RouteErrorBoundary key="AdminRoutes"><AdminRoutes /></RouteErrorBoundary>} />
        <Route path="*" element={<RouteErrorBoundary key="NotFoundPage"><NotFoundPage /></RouteErrorBoundary>} />
      </Routes>
    </Router>
  );
}
