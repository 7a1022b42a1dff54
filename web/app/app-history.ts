import { createPath, type AppLocation, type AppNavigator, type NavigationType, type To } from "./app-location";

type Update = { action: NavigationType; location: AppLocation };
type AppHistory = AppNavigator & { readonly location: AppLocation; readonly action: NavigationType; listen(listener: (update: Update) => void): () => void };

/**
 * The browser's history as react-router's `createBrowserHistory` keeps it (an entry's state is
 * `{ usr, key, idx }`, `usr` being the app's state), so a page written by either reads the same,
 * in the few lines the app needs.
 */
export function createAppHistory(win: Window = window): AppHistory {
  const history = win.history;
  let action: NavigationType = "POP";
  type Entry = { usr?: unknown; key?: string; idx?: number } | null;
  const entry = () => history.state as Entry;
  let index = entry()?.idx;
  if (index === undefined) {
    index = 0;
    history.replaceState({ ...entry(), idx: index }, "");
  }
  const read = (): AppLocation => {
    const { pathname, search, hash } = win.location;
    return { pathname, search, hash, state: entry()?.usr ?? null, key: entry()?.key ?? "default" };
  };
  let location = read();
  const listeners = new Set<(update: Update) => void>();
  const notify = () => listeners.forEach((listener) => listener({ action, location }));
  const onPop = () => {
    action = "POP";
    index = entry()?.idx ?? index;
    location = read();
    notify();
  };
  const createHref = (to: To) => (typeof to === "string" ? to : createPath(to));
  const move = (kind: "PUSH" | "REPLACE", to: To, state?: unknown) => {
    const next = { usr: state, key: Math.random().toString(36).slice(2, 10), idx: kind === "PUSH" ? index! + 1 : index };
    const url = createHref(to);
    try {
      if (kind === "PUSH") history.pushState(next, "", url);
      else history.replaceState(next, "", url);
    } catch {
      // Safari's limit of history updates: a real page load instead, as react-router does.
      win.location[kind === "PUSH" ? "assign" : "replace"](url);
      return;
    }
    action = kind;
    index = next.idx;
    location = read();
    notify();
  };
  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    listen(listener) {
      if (listeners.size === 0) win.addEventListener("popstate", onPop);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) win.removeEventListener("popstate", onPop);
      };
    },
    push: (to, state) => move("PUSH", to, state),
    replace: (to, state) => move("REPLACE", to, state),
    go: (delta) => history.go(delta),
    createHref,
  };
}
