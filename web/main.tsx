import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppStore, createQueryClient } from "./app/query-client";
import { readInjectedHomeData, seedHomeQueries } from "./features/home/home-data";
import type { Catalogue } from "./i18n/catalogue";
import { it } from "./i18n/it";
import { loadCatalogue, startLang } from "./i18n/lang";
import "./styles.css";

const root = document.getElementById("root")!;
const queryClient = createQueryClient();
const homeData = readInjectedHomeData();
if (homeData) seedHomeQueries(queryClient, homeData);
// The Worker shows the prerendered home (filled with this request's data) only on `/`; every other
// page gets the same index.html with that shell hidden, and renders from scratch.
const serverRendered = !root.hidden && root.firstElementChild !== null;
const lang = startLang(serverRendered);
// Said before anything renders or fetches: the API answers in the page's language (web/lib/api.ts).
document.documentElement.lang = lang;
// English is a lazy chunk, loaded before the first render (the home's HTML is already English).
if (lang === "en") loadCatalogue("en").then(start, () => start(it));
else start(it);

function start(t: Catalogue) {
  const app = (
    <StrictMode>
      <App store={createAppStore(queryClient, { lang, t })} />
    </StrictMode>
  );
  if (serverRendered) {
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
}
