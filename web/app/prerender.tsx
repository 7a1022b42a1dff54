import { Provider } from "jotai";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { AppRoutes } from "./router";
import { StaticAppLocation } from "./app-location";
import { LANGS, type Catalogue, type Lang } from "../i18n/catalogue";
import { catalogues } from "../i18n/catalogues";
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

/**
 * The home in each language of the list, with its page's title and description: index.html is the
 * Italian one, dist/client/<lang>/index.html each other, which the Worker sends when that language is chosen.
 * Rendered while the build's module runner is still open: the lazy parts import through it.
 */
export const homeShells: { lang: Lang; shell: string; meta: Catalogue["meta"] }[] = [];
for (const lang of LANGS) homeShells.push({ lang, shell: await renderHomeShell(lang, catalogues[lang]), meta: catalogues[lang].meta });
