import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";

// Where the app is and how it moves, without react-router: the home's first load carries none of
// the router (~10 KB gzip, docs/decisions/035). Every other page renders inside react-router's
// `<Router>`, fed from this same location and history (app/other-routes.tsx), so its hooks and
// these agree.

export type NavigationType = "POP" | "PUSH" | "REPLACE";
type AppPath = { pathname: string; search: string; hash: string };
export type AppLocation = AppPath & { state: unknown; key: string };
export type To = string | Partial<AppPath>;
type NavigateOptions = { replace?: boolean; state?: unknown };
/** What react-router's `<Router navigator>` asks of a history, and what the app's links use. */
export type AppNavigator = {
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  createHref(to: To): string;
};
export type AppRouting = { location: AppLocation; navigationType: NavigationType; navigator: AppNavigator };

export const AppLocationContext = createContext<AppRouting | null>(null);

export function createPath({ pathname = "/", search = "", hash = "" }: Partial<AppPath>): string {
  const query = search && search !== "?" ? (search.startsWith("?") ? search : `?${search}`) : "";
  const fragment = hash && hash !== "#" ? (hash.startsWith("#") ? hash : `#${hash}`) : "";
  return pathname + query + fragment;
}

function parsePath(path: string): Partial<AppPath> {
  const parsed: Partial<AppPath> = {};
  const hashAt = path.indexOf("#");
  if (hashAt >= 0) [path, parsed.hash] = [path.slice(0, hashAt), path.slice(hashAt)];
  const searchAt = path.indexOf("?");
  if (searchAt >= 0) [path, parsed.search] = [path.slice(0, searchAt), path.slice(searchAt)];
  if (path) parsed.pathname = path;
  return parsed;
}

/**
 * `to` seen from `from`, as react-router resolves it outside nested routes: an absolute path; a
 * query or a hash alone stays on the current path; a relative path from the current one.
 */
export function resolvePath(to: To, from: Pick<AppPath, "pathname">): AppPath {
  const { pathname, search: query = "", hash: fragment = "" } = typeof to === "string" ? parsePath(to) : to;
  // react-router's normalising: "?" and "#" alone are no query and no hash.
  const search = query === "?" ? "" : query && !query.startsWith("?") ? `?${query}` : query;
  const hash = fragment === "#" ? "" : fragment && !fragment.startsWith("#") ? `#${fragment}` : fragment;
  if (!pathname) return { pathname: from.pathname, search, hash };
  if (pathname.startsWith("/")) return { pathname, search, hash };
  const base = from.pathname.endsWith("/") ? from.pathname : `${from.pathname}/`;
  return { pathname: new URL(pathname, `http://x${base}`).pathname, search, hash };
}

/** A location that never moves: the server's renders and the build's prerender. */
export function StaticAppLocation({ path, children }: { path: string; children: ReactNode }) {
  const value = useMemo<AppRouting>(() => {
    const at = resolvePath(path, { pathname: "/" });
    const ignore = () => undefined;
    return { location: { ...at, state: null, key: "default" }, navigationType: "POP", navigator: { push: ignore, replace: ignore, go: ignore, createHref: (to) => createPath(resolvePath(to, at)) } };
  }, [path]);
  return <AppLocationContext value={value}>{children}</AppLocationContext>;
}

export function useAppRouting(): AppRouting {
  const routing = useContext(AppLocationContext);
  if (!routing) throw new Error("The app's location is read inside AppBrowserRouter or StaticAppLocation only");
  return routing;
}

export const useAppLocation = (): AppLocation => useAppRouting().location;
export const useNavigationType = (): NavigationType => useAppRouting().navigationType;

/** The href of `to` from the current page. */
export function useAppHref(to: To): string {
  const { location, navigator } = useAppRouting();
  return navigator.createHref(resolvePath(to, location));
}

/** react-router's `navigate(to, { replace, state })` (or `navigate(-1)`), resolved from the current page. */
export function useAppNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const { location, navigator } = useAppRouting();
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === "number") return navigator.go(to);
      const path = resolvePath(to, location);
      if (options.replace) navigator.replace(path, options.state);
      else navigator.push(path, options.state);
    },
    [location, navigator],
  );
}
