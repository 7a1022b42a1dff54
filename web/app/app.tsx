import { Provider } from "jotai";
import { lazy, useState } from "react";
import { BrowserRouter } from "react-router";
import { AfterHydration } from "./after-hydration";
import { createAppStore } from "./query-client";
import { AppRoutes } from "./router";

// react-hot-toast and the toaster's frame load after the first paint: nothing toasts before it.
const AppToaster = lazy(() => import("../components/app-toaster").then((m) => ({ default: m.AppToaster })));

export function App({ store: given }: { store?: ReturnType<typeof createAppStore> }) {
  const [store] = useState(() => given ?? createAppStore());
  return (
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <AfterHydration>
        <AppToaster />
      </AfterHydration>
    </Provider>
  );
}
