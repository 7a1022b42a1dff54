import { Provider, type createStore } from "jotai";
import { lazy, useEffect, useSyncExternalStore } from "react";
import { AppBrowserRouter } from "../components/app-browser-router";
import { subscribeToToaster, toasterWanted } from "../components/toaster-demand";
import { AfterHydration, appMounted } from "./after-hydration";
import { attachQueryLayerWhenNeeded, injectedHomeDataAtom } from "./query-layer";
import { AppRoutes, preloadOtherRoutes } from "./router";

// react-hot-toast and the toaster's frame load with the first toast (components/toaster-demand.ts).
const AppToaster = lazy(() => import("../components/app-toaster").then((m) => ({ default: m.AppToaster })));

function ToasterOnDemand() {
  const wanted = useSyncExternalStore(subscribeToToaster, toasterWanted, () => false);
  return wanted ? <AppToaster /> : null;
}

export function App({ store }: { store: ReturnType<typeof createStore> }) {
  // After the first render (on the home: once hydrated, and only when the visitor first acts) the
  // query layer loads, its cache seeded with the injected data. A failed load is retried when a
  // screen or dialog needs the layer (afterQueryLayer). The other pages' routes come then too, so a
  // link followed from the home does not wait for two chunks in a row.
  useEffect(() => attachQueryLayerWhenNeeded(store, store.get(injectedHomeDataAtom), preloadOtherRoutes), [store]);
  useEffect(appMounted, []);
  return (
    <Provider store={store}>
      <AppBrowserRouter>
        <AppRoutes />
      </AppBrowserRouter>
      <AfterHydration>
        <ToasterOnDemand />
      </AfterHydration>
    </Provider>
  );
}
