import { Provider } from "jotai";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { AppToaster } from "../components/app-toaster";
import { createAppStore } from "./query-client";
import { router } from "./router";

export function App() {
  const [store] = useState(() => createAppStore());
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <AppToaster />
    </Provider>
  );
}
