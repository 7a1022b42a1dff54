import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { appendFileSync, copyFileSync, existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, runnerImport, type Plugin, type Rollup } from "vite";
import { VitePWA } from "vite-plugin-pwa";

// Local runs read their secrets from .dev.vars, which the build copies beside the built Worker:
// create it from the local-only example before any build or dev server needs it.
if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");
// An older .dev.vars gains the keys the example got since (e.g. ADMIN_EMAIL), keeping its own values.
const localVars = readFileSync(".dev.vars", "utf8");
const newVars = readFileSync(".dev.vars.example", "utf8")
  .split("\n")
  .filter((line) => /^[A-Z_]+=/.test(line) && !new RegExp(`^${line.split("=")[0]}=`, "m").test(localVars));
if (newVars.length) appendFileSync(".dev.vars", `${localVars.endsWith("\n") ? "" : "\n"}${newVars.join("\n")}\n`);

// The languages come from the prerender (web/app/prerender.tsx renders one home per language of
// shared/lang.ts, the default first): the config imports nothing of the program (Vite's native
// config loader would not resolve its extensionless imports).
/** A catalogue's file: web/i18n/<two letters>.json. */
const CATALOGUE_FILE = /\/web\/i18n\/[a-z]{2}\.json$/;

/**
 * The chunk of a catalogue file: the file alone, data only. Its facade, or, where the staff screens
 * import the Italian one statically too (web/i18n/it.ts), the shared chunk that holds it alone.
 */
const catalogueOf = (out: Rollup.OutputChunk | Rollup.OutputAsset): string | null => {
  if (out.type !== "chunk") return null;
  const file = out.facadeModuleId ?? (out.moduleIds.length === 1 ? out.moduleIds[0] : null);
  const path = file?.replaceAll("\\", "/") ?? "";
  return CATALOGUE_FILE.test(path) ? path.slice(-7, -5) : null;
};

/** The file of a language's catalogue (web/i18n/it.json, en.json, de.json…): a chunk of its own, imported by web/i18n/lang.ts. */
function catalogueFile(bundle: Rollup.OutputBundle | undefined, lang: string): string {
  const chunk = Object.values(bundle ?? {}).find((out) => catalogueOf(out) === lang);
  if (!chunk) throw new Error(`the catalogue chunk of web/i18n/${lang}.json is missing from the build: the page could not preload it`);
  return chunk.fileName;
}

const catalogueLink = (file: string) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`;

/**
 * Build only: renders the home's static shell (web/app/prerender.tsx, react-dom/server) into
 * index.html's root, hidden. The Worker unhides it on `/` with the request's data filled in; every
 * other route gets index.html with the shell still hidden and renders from scratch.
 */
function prerenderHomeShell(): Plugin {
  let shells: Awaited<typeof import("./web/app/prerender")>["homeShells"] | null = null;
  let bootFile: string | null = null;
  return {
    name: "prerender-home-shell",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    // The home's boot script (web/boot.ts): its own entry, named on the app's script tag for the Worker.
    buildStart() {
      this.emitFile({ type: "chunk", id: "/web/boot.ts", name: "boot" });
    },
    transformIndexHtml: {
      order: "post",
      async handler(html, ctx) {
        const { module } = await runnerImport<typeof import("./web/app/prerender")>("/web/app/prerender.tsx", {
          configFile: false,
          logLevel: "error",
          plugins: [react()],
        });
        shells = module.homeShells;
        // The first is the default language's (Italian): index.html.
        const { shell, lang: homeLang } = shells[0];
        if (shells.some((s) => s.shell.includes("<script"))) throw new Error("the prerendered home shell has inline scripts, which the CSP blocks");
        // The stylesheet inline (11 KB gzip): the first paint waits for the HTML alone, not for a
        // second request racing the scripts for bandwidth. The CSP allows inline styles.
        const withCss = html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          return asset?.type === "asset" ? `<style>${String(asset.source)}</style>` : tag;
        });
        // The page paints from the HTML alone; its scripts only hydrate it, so they yield bandwidth
        // to the HTML and the first card's image on a slow connection.
        const lowScripts = withCss.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
        // The boot script rides in the page, inert: the Worker makes it the page's script on `/` and on
        // an event's page (allowed by its hash), so nothing but the HTML arrives before the first paint.
        const boot = Object.values(ctx.bundle ?? {}).find((out) => out.type === "chunk" && out.isEntry && out.name === "boot");
        if (!boot || boot.type !== "chunk") throw new Error("the boot chunk (web/boot.ts) is missing from the build");
        if (boot.imports.length > 0 || /<\/script/i.test(boot.code)) throw new Error("the boot script must stand alone (no static imports) to be inlined");
        bootFile = boot.fileName;
        const inert = `<script type="text/plain" id="pe-boot">${boot.code.trim()}</script>`;
        const withBoot = lowScripts.replace(/<script type="module"/, () => `${inert}\n    <script data-boot type="module"`);
        // The page's catalogue is a dynamic import of main.tsx: preloaded after the app's own chunks,
        // it arrives with them instead of a round trip after the app runs. en/index.html links en.ts, and so on.
        const lastPreload = /<link rel="modulepreload"[^>]*>(?![\s\S]*<link rel="modulepreload")/;
        if (!lastPreload.test(withBoot)) throw new Error("index.html has no modulepreload links to put the catalogue's beside");
        const withCatalogue = withBoot.replace(lastPreload, (tag) => `${tag}\n    ${catalogueLink(catalogueFile(ctx.bundle, homeLang))}`);
        return withCatalogue.replace('<div id="root"></div>', `<div id="root" hidden>${shell}</div>`);
      },
    },
    // Each other language's page (en/index.html, de/index.html…): the same file with that language's
    // shell, <html lang>, meta and catalogue's preload. The Worker serves it on `/` (and under an
    // event's page) when the visitor chose that language (`?lang=`, the switch, the browser).
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        // Inlined in index.html: no page asks for the file.
        if (bootFile) {
          delete bundle[bootFile];
          delete bundle[`${bootFile}.map`];
        }
        const index = bundle["index.html"];
        if (!shells || index?.type !== "asset") return;
        const html = String(index.source);
        const [home, ...others] = shells;
        const homeLink = catalogueLink(catalogueFile(bundle, home.lang));
        for (const { lang, shell, meta } of others) {
          const link = catalogueLink(catalogueFile(bundle, lang));
          const page = html
            .replace(homeLink, () => link)
            .replace(`<div id="root" hidden>${home.shell}</div>`, () => `<div id="root" hidden>${shell}</div>`)
            .replace(`<html lang="${home.lang}">`, `<html lang="${lang}">`)
            .replace(/<title>[^<]*<\/title>/, () => `<title>${meta.title}</title>`)
            .replace(/(<meta name="description" content=")[^"]*"/, (_m, start: string) => `${start}${meta.description}"`);
          if (!page.includes(shell) || !page.includes(`<html lang="${lang}">`) || !page.includes(link) || page.includes(homeLink)) throw new Error(`the ${lang} home page could not be built from index.html`);
          this.emitFile({ type: "asset", fileName: `${lang}/index.html`, source: page });
        }
      },
    },
  };
}

/**
 * The parts the home mounts after hydration (web/app/after-hydration.tsx, the partner slot, the
 * reviews): nothing waits for them, so importing one adds no `<link rel=modulepreload>` per chunk it
 * needs. Each such link starts a fetch from script, in the task that renders the part; traces showed
 * them as a third to a half of those tasks. The browser fetches what they import itself instead,
 * a round trip later. Every other lazy chunk (dialogs, pages, the query layer) keeps its preloads.
 */
function noPreloadsAfterHydration(): Plugin {
  const names = ["partner-carousel", "reviews", "pass-banner", "live-popups", "app-toaster"];
  const afterHydration = new RegExp(`^assets/(${names.join("|")})-[^/]+\\.js$`);
  return {
    name: "no-preloads-after-hydration",
    apply: "build",
    config: () => ({
      build: {
        modulePreload: { polyfill: false, resolveDependencies: (chunk, deps, { hostType }) => (hostType === "js" && afterHydration.test(chunk) ? [] : deps) },
      },
    }),
    // A renamed module would quietly get its preloads back: the build says so instead.
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const missing = names.filter((name) => !Object.keys(bundle).some((file) => afterHydration.test(file) && file.startsWith(`assets/${name}-`)));
      if (missing.length) throw new Error(`no-preloads-after-hydration: no chunk named ${missing.join(", ")}; update the list in vite.config.ts`);
    },
  };
}

/**
 * The Worker's build only (issue #26: its upload counts every module it carries). The server renders
 * the home's islands and an event's page synchronously (renderToString), so the code web/ loads with
 * `import()` — dialogs, Stripe's card fields, the admin, the checkout, the toaster — can never reach a
 * server render: in the Worker each such import loads a module that refuses, instead of the browser's
 * chunk. And `react-dom/server` there is its renderToString build alone: the package's edge entry
 * also carries the streaming renderer (≈ 45 KB gzip), which the Worker never calls.
 */
function serverRenderOnly(): Plugin {
  const clientOnly = "\0client-only";
  const renderToStringBuild = join(dirname(fileURLToPath(import.meta.resolve("react-dom/package.json"))), "cjs/react-dom-server-legacy.browser.production.js");
  return {
    name: "server-render-only",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name !== "client",
    resolveDynamicImport(specifier, importer) {
      if (typeof specifier !== "string" || !importer?.replaceAll("\\", "/").includes("/web/")) return null;
      return clientOnly;
    },
    resolveId(id) {
      if (id === clientOnly) return id;
      if (id === "react-dom/server") return renderToStringBuild;
      return null;
    },
    load(id) {
      if (id === clientOnly) return 'throw new Error("browser-only code: the Worker renders without it");';
      return null;
    },
  };
}

/** What /gate loads, filled by gateShell() from the client bundle; the gate's service worker precaches only these. */
const gateFiles = new Set<string>();

/**
 * The gate as an app (docs/decisions/027-gate-app.md): its service worker precaches the page
 * (index.html, what the Worker serves on /gate), the entry chunks, the Italian catalogue and every
 * chunk and asset the gate page imports, nothing of the admin, checkout or the home's own parts.
 * It is registered from the gate's lazy chunk only, with scope /gate: the home never gets it.
 */
function gateShell(): Plugin {
  const gatePage = "/web/features/gate/gate-page.tsx";
  return {
    name: "gate-shell",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        if (this.environment.name !== "client") return;
        gateFiles.clear();
        const chunks = Object.values(bundle).filter((out): out is Rollup.OutputChunk => out.type === "chunk");
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const facade = (suffix: string) => chunks.find((c) => c.facadeModuleId?.replaceAll("\\", "/").endsWith(suffix));
        const page = facade(gatePage);
        // What every route loads after the entry: the catalogues, the query layer, the toaster, and
        // react-router with every page but the home (web/app/other-routes.tsx).
        const lazyShared = ["/web/app/query-client.ts", "/web/components/app-toaster.tsx", "/web/app/other-routes.tsx"].map((file) => facade(file));
        if (!page || lazyShared.some((c) => !c)) throw new Error("gate-shell: a chunk the gate loads is missing; update gateShell() in vite.config.ts");
        const catalogues = chunks.filter((c) => catalogueOf(c) !== null);
        const roots = [...chunks.filter((c) => c.isEntry), page, ...catalogues, ...(lazyShared as Rollup.OutputChunk[])];
        const queue = [...roots];
        while (queue.length) {
          const chunk = queue.shift()!;
          if (gateFiles.has(chunk.fileName)) continue;
          gateFiles.add(chunk.fileName);
          for (const asset of [...(chunk.viteMetadata?.importedAssets ?? []), ...(chunk.viteMetadata?.importedCss ?? [])]) gateFiles.add(asset);
          for (const next of chunk.imports) if (byName.has(next)) queue.push(byName.get(next)!);
        }
        for (const file of ["index.html", "gate.webmanifest", "gate/icon-192.png", "gate/icon-512.png", "gate/apple-touch-icon.png"]) gateFiles.add(file);
      },
    },
  };
}

/**
 * `vite preview` (npm start, the browser tests) leaves an idle connection open until its client
 * closes it. Node's server closes one after 5 s, and a client that reuses a pooled socket at that
 * instant gets ECONNRESET: Playwright's request context pools sockets with no idle limit of its own
 * (Node's agent then ignores the server's `Keep-Alive: timeout=5`), and a loaded machine widens the
 * race (the browser suite lost a test to it on two workers).
 */
function keepIdleConnections(): Plugin {
  return {
    name: "keep-idle-connections",
    configurePreviewServer(server) {
      if ("keepAliveTimeout" in server.httpServer) server.httpServer.keepAliveTimeout = 0;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    keepIdleConnections(),
    tailwindcss(),
    prerenderHomeShell(),
    noPreloadsAfterHydration(),
    gateShell(),
    serverRenderOnly(),
    VitePWA({
      filename: "gate-sw.js",
      scope: "/gate",
      injectRegister: false,
      // The manifest is public/gate.webmanifest, linked by the gate page only: the home is not an app.
      manifest: false,
      includeManifestIcons: false,
      outDir: "dist/client",
      workbox: {
        globPatterns: ["**/*.{html,js,css,wasm,webmanifest}", "gate/*.png"],
        // Each other language's page (en/, de/…): the gate is Italian.
        globIgnores: ["??/**"],
        // The shell is cached as `/gate`, not `/index.html`: the server redirects that to `/`, whose
        // answer is the home with its data shown, and a gate opened offline from it flashed the home
        // and hydrated the gate over it (React #418, issue #48). `/gate` answers the build's index.html
        // as it is, its home shell hidden: the page the gate gets online.
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((e) => gateFiles.has(e.url.replace(/^\//, ""))).map((e) => (e.url === "index.html" ? { ...e, url: "/gate" } : e)),
            warnings: [],
          }),
        ],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: "/gate",
        navigateFallbackAllowlist: [/^\/gate/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    // `npm start` and the browser tests pass their local D1/R2 folder (same layout as wrangler's --persist-to).
    cloudflare({
      persistState: process.env.PE_PERSIST_TO ? { path: process.env.PE_PERSIST_TO } : true,
      // The Worker cannot read its bindings' ids; the admin's configuration check needs them
      // (worker/services/configuration.ts, docs/decisions/044-fail-closed.md). vitest.config.ts does the same.
      config: (worker) => {
        worker.vars = {
          ...worker.vars,
          DEPLOY_DATABASE_ID: worker.d1_databases[0]?.database_id ?? "",
          DEPLOY_RATE_LIMIT_NAMESPACE: String(worker.ratelimits[0]?.namespace_id ?? ""),
        };
      },
    }),
  ],
  // Every browser the shop supports has modulepreload: the polyfill would only add bytes to the home
  // (modulePreload itself: noPreloadsAfterHydration).
  build: { chunkSizeWarningLimit: 600 },
  environments: {
    // The Worker minified (issue #26: every cold isolate parses the whole upload), with a source map
    // that wrangler uploads beside it (upload_source_maps), so production stack traces still name our files.
    parcheggi_eventi: { build: { minify: true, sourcemap: true } },
    client: {
      // React DOM in a chunk of its own: the home's boot script evaluates the app's chunks one per
      // task (web/boot.ts), and React DOM is the largest of them.
      build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: "react-dom", test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }] } } } },
    },
  },
});
