import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppStore, createQueryClient } from "./app/query-client";
import { readInjectedHomeData, seedHomeQueries } from "./features/home/home-data";
import "./styles.css";

const root = document.getElementById("root")!;
const queryClient = createQueryClient();
const homeData = readInjectedHomeData();
if (homeData) seedHomeQueries(queryClient, homeData);
const app = (
  <StrictMode>
    <App store={createAppStore(queryClient)} />
  </StrictMode>
);

// The Worker shows the prerendered home (filled with this request's data) only on `/`; every other
// page gets the same index.html with that shell hidden, and renders from scratch.
if (!root.hidden && root.firstElementChild) {
  // After the first paint (the HTML already shows the whole page), and as a transition, so hydration
  // yields to the browser every few milliseconds instead of running as one long task.
  requestAnimationFrame(() =>
    setTimeout(() =>
      startTransition(() => {
        hydrateRoot(root, app);
      }),
    ),
  );
} else {
  root.replaceChildren();
  root.hidden = false;
  createRoot(root).render(app);
}
