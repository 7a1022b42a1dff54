import type { Lang } from "../../shared/lang";
import type { HomeData } from "./home";
import { HOME_DATA_ID, renderHomeIslands } from "./islands";

/** JSON inside <script>: nothing in it may close the element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * The home page: the build's prerendered shell (dist/client/index.html, its root hidden so other
 * routes never flash it) made visible, its islands rendered with the same components and data the
 * browser will hydrate them with, and the data itself for the browser's query cache. Without data
 * (the database failed) the bare shell goes out and the browser fetches as before.
 */
export function renderHomePage(shell: Response, data: HomeData | null, lang: Lang = "it"): Response {
  let rewriter = bootAfterFirstPaint(
    new HTMLRewriter().on("#root", {
      element(el) {
        el.removeAttribute("hidden");
      },
    }),
  );
  if (data) {
    const { islands, preloads, injected } = renderHomeIslands(data, lang);
    for (const [name, html] of Object.entries(islands)) {
      rewriter = rewriter.on(`[data-island="${name}"]`, {
        element(el) {
          el.replace(html, { html: true });
        },
      });
    }
    rewriter = rewriter.on("head", {
      element(el) {
        el.append(`${preloads}<script type="application/json" id="${HOME_DATA_ID}">${scriptSafeJson(injected)}</script>`, { html: true });
      },
    });
  }
  const headers = pageHeaders(shell);
  headers.set("Cache-Control", "no-store");
  return new Response(rewriter.transform(shell).body, { status: 200, headers });
}

/**
 * The page is painted without its scripts: the boot script (web/boot.ts) loads the app after that
 * first paint, and the app's static imports wait for it as inert <meta>s instead of modulepreloads
 * that would be fetched at once. Shared with the event pages (event-page-html.tsx).
 */
export function bootAfterFirstPaint(rewriter: HTMLRewriter): HTMLRewriter {
  return rewriter
    .on("script[data-boot]", {
      element(el) {
        el.setAttribute("data-app", el.getAttribute("src") ?? "");
        el.setAttribute("src", el.getAttribute("data-boot") ?? "");
        el.removeAttribute("data-boot");
      },
    })
    .on('link[rel="modulepreload"]', {
      element(el) {
        const href = el.getAttribute("href");
        if (href) el.replace(`<meta name="pe-modulepreload" content="${href}">`, { html: true });
      },
    });
}

/** The shell's own headers (public/_headers: CSP, Permissions-Policy…) minus what described the file. */
export function pageHeaders(shell: Response): Headers {
  const headers = new Headers(shell.headers);
  for (const name of ["ETag", "Content-Length", "Last-Modified", "Content-Encoding", "CF-Cache-Status"]) headers.delete(name);
  headers.set("Content-Type", "text/html; charset=utf-8");
  return headers;
}
