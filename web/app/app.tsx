import { Provider, type createStore } from "jotai";
import { lazy, useEffect } from "react";
import { AppBrowserRouter } from "../components/app-browser-router";
import type { HomeData } from "../../worker/services/home";
import { AfterHydration } from "./after-hydration";
import { attachQueryLayer } from "./query-layer";
import { AppRoutes } from "./router";

// react-hot-toast and the toaster's frame load after the first paint: nothing toasts before it.
const AppToaster = lazy(() => import("../components/app-toaster").then((m) => ({ default: m.AppToaster })));

export function App({ store, homeData = null }: { store: ReturnType<typeof createStore>; homeData?: HomeData | null }) {
  // After the first render (on the home: once hydrated) the query cache takes over from the injected data.
  // A failed load is retried when a screen or dialog needs the layer (afterQueryLayer).
  useEffect(() => void attachQueryLayer(store, homeData).catch(() => undefined), [store, homeData]);
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
