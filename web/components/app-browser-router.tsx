import { startTransition, useLayoutEffect, useState, type ReactNode } from "react";
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from "react-router";

/**
 * react-router's `<BrowserRouter>`, line for line: the browser's history drives a `<Router>`, each
 * move rendered in a transition. Not the router's own: its module also holds `<Link>`, `<Form>` and
 * their framework-mode prefetching, which the bundler keeps whenever anything of that module is used
 * (`Link.displayName = …` counts as a side effect); the home's first load then carries ~4 KB gzip of it.
 */
export function AppBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(() => history.listen((next) => startTransition(() => setState(next))), [history]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
