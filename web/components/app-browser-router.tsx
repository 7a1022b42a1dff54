import { startTransition, useLayoutEffect, useMemo, useState, type ReactNode } from "react";
import { createAppHistory } from "../app/app-history";
import { AppLocationContext, type AppLocation, type AppRouting, type NavigationType } from "../app/app-location";

/**
 * react-router's `<BrowserRouter>` without react-router: the browser's history drives the app's
 * location, each move rendered in a transition. The pages other than the home put react-router's
 * `<Router>` on this same history (app/other-routes.tsx); the home's first load carries none of it.
 */
export function AppBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createAppHistory(window));
  const [state, setState] = useState<{ action: NavigationType; location: AppLocation }>(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(() => history.listen((next) => startTransition(() => setState(next))), [history]);
  const routing = useMemo<AppRouting>(() => ({ location: state.location, navigationType: state.action, navigator: history }), [state, history]);
  return <AppLocationContext value={routing}>{children}</AppLocationContext>;
}
