import { lazy } from "react";
import { Route, Routes } from "react-router";
import { EVENT_PAGE_ROUTE } from "../features/event-page/event-path";
import { afterQueryLayer } from "./query-layer";
import { HomePage } from "../features/home/home-page";
import { RouteFrame } from "./route-frame";

// Declarative routes (not the data router): the home's first load carries ~20 KB gzip less router.
const CheckoutPage = lazy(() => afterQueryLayer(() => import("../features/checkout/checkout-page")).then((m) => ({ default: m.CheckoutPage })));
const MyBookingsPage = lazy(() => afterQueryLayer(() => import("../features/my-bookings/my-bookings-page")).then((m) => ({ default: m.MyBookingsPage })));
const SeasonPage = lazy(() => afterQueryLayer(() => import("../features/season/season-page")).then((m) => ({ default: m.SeasonPage })));
const PassPage = lazy(() => afterQueryLayer(() => import("../features/pass/pass-page")).then((m) => ({ default: m.PassPage })));
// An event's page is server-rendered by the Worker; its code is a chunk of its own, hydrated when loaded.
const EventPage = lazy(() => import("../features/event-page/event-page").then((m) => ({ default: m.EventPage })));
const NotFoundPage = lazy(() => import("../components/not-found-page").then((m) => ({ default: m.NotFoundPage })));
// Screens that read server state wait for the query layer as well (docs/decisions/021).
// The gate and the admin screens are separate lazy chunks: a visitor's browser never downloads them.
const GatePage = lazy(() => afterQueryLayer(() => import("../features/gate/gate-page")).then((m) => ({ default: m.GatePage })));
const AdminRoutes = lazy(() => afterQueryLayer(() => import("../features/admin/admin-routes")).then((m) => ({ default: m.AdminRoutes })));

export function AppRoutes() {
  return (
    <RouteFrame>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path={EVENT_PAGE_ROUTE} element={<EventPage />} />
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/le-mie-prenotazioni" element={<MyBookingsPage />} />
        <Route path="/p/:secret" element={<PassPage />} />
        <Route path="/abbonamenti/:id" element={<SeasonPage />} />
        <Route path="/gate" element={<GatePage />} />
        <Route path="/admin/*" element={<AdminRoutes />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </RouteFrame>
  );
}
