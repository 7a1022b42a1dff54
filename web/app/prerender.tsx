import { Provider } from "jotai";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { AppRoutes } from "./router";
import { StaticAppLocation } from "./app-location";
import type { Catalogue, Lang } from "../i18n/catalogue";
import { en } from "../i18n/en";
import { it } from "../i18n/it";
import { createAppStore, createQueryClient } from "./query-client";

/**
 * The home page as it is before any data (header, hero, section titles, reviews, footer), rendered
 * at build time into dist/client/index.html. The same tree as `App` on `/`, so the browser hydrates it.
 */
async function renderHomeShell(lang: Lang, t: Catalogue): Promise<string> {
  // The first pass loads the lazy parts; the second finds them loaded and renders them in place,
  // with no streaming boundaries (those would need inline scripts, which the CSP forbids).
  // A big boundary is outlined the same way unless the chunk size is unbounded.
  const options = { progressiveChunkSize: Number.POSITIVE_INFINITY };
  await (await prerender(tree(lang, t), options)).prelude.cancel();
  const { prelude } = await prerender(tree(lang, t), options);
  return new Response(prelude).text();
}

function tree(lang: Lang, t: Catalogue) {
  return (
    <StrictMode>
      <Provider store={createAppStore(createQueryClient(), { lang, t })}>
        <StaticAppLocation path="/">
          <AppRoutes />
        </StaticAppLocation>
      </Provider>
    </StrictMode>
  );
}

// Rendered while the build's module runner is still open: the lazy parts import through it.
export const homeShell = await renderHomeShell("it", it);
/** The same in English (dist/client/en/index.html), which the Worker sends when English is chosen. */
export const homeShellEn = await renderHomeShell("en", en);
export const englishMeta = en.meta;
