import { createBrowserRouter } from "react-router";
import { HomePage } from "../features/home/home-page";
import { NotFoundPage } from "../features/not-found/not-found-page";

export const router = createBrowserRouter([
  { path: "/", element: <HomePage /> },
  { path: "/checkout", lazy: () => import("../features/checkout/checkout-page").then((m) => ({ Component: m.CheckoutPage })) },
  { path: "/le-mie-prenotazioni", lazy: () => import("../features/my-bookings/my-bookings-page").then((m) => ({ Component: m.MyBookingsPage })) },
  // Admin screens are a separate lazy chunk: a visitor's browser never downloads them.
  { path: "/admin/*", lazy: () => import("../features/admin/admin-routes").then((m) => ({ Component: m.AdminRoutes })) },
  { path: "*", element: <NotFoundPage /> },
]);
