import { useAppLocation } from "./app-location";
import { preloadable } from "./preloadable";
import { HomePage } from "./home-page";
import { RouteErrorBoundary } from "./route-error-boundary";
import { RouteFrame } from "./route-frame";

// On the home no react-router at all: `/` is matched here, on the app's own location, and every
// other page (react-router's declarative routes, not the data router) is a chunk of its own
// (docs/decisions/035). A page that is not the home starts that chunk at once (main.tsx).
const loadOtherRoutes = () => import("./other-routes");
const { Component: OtherRoutes, preload } = preloadable(() => loadOtherRoutes().then((m) => m.OtherRoutes));
/** Starts loading every other page's routes (a page that is not the home; the home's first touch). */
export const preloadOtherRoutes = () => void preload().catch(() => undefined);
/** The routes and an event page's own code, loaded before the page the Worker rendered hydrates (main.tsx). */
export const loadEventPageRoute = () => Promise.all([preload(), loadOtherRoutes().then((m) => m.preloadEventPage())]);

export function AppRoutes() {
  const { pathname } = useAppLocation();
  return <RouteFrame>{pathname === "/" ? <RouteErrorBoundary key="HomePage"><HomePage /></RouteErrorBoundary> : <OtherRoutes />}</RouteFrame>;
}
