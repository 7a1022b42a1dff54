import { Provider, type createStore } from "jotai";
import { lazy, useEffect } from "react";
import { AppBrowserRouter } from "../components/app-browser-router";
import { AfterHydration } from "./after-hydration";
import { attachQueryLayer, injectedHomeDataAtom } from "./query-layer";
import { AppRoutes } from "./router";

// react-hot-toast and the toaster's frame load after the first paint: nothing toasts before it.
const AppToaster = lazy(() => import("../components/app-toaster").then((m) => ({ default: m.AppToaster })));

export function App({ store }: { store: ReturnType<typeof createStore> }) {
  // After the first render (on the home: once hydrated) the query layer loads, its cache seeded with
  // the injected data. A failed load is retried when a screen or dialog needs the layer (afterQueryLayer).
  useEffect(() => void attachQueryLayer(store, store.get(injectedHomeDataAtom)).catch(() => undefined), [store]);
  return (
    <Provider store={store}>
      <AppBrowserRouter>
        <AppRoutes />
      </AppBrowserRouter>
      <AfterHydration>
        <AppToaster />
      </AfterHydration>
    </Provider>
  );
}
