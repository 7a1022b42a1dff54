import type { Lang } from "../../shared/lang";
import type { HomeData } from "./home";
import { HOME_DATA_ID, HOME_ISLAND_NAMES, renderHomeIslands } from "./islands";
import { languageLinkTags } from "./language-links";
import { shellPath } from "./shell-path";

/** JSON inside <script>: nothing in it may close the element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * The home page: the build's prerendered shell (dist/client/index.html, its root hidden so other
 * routes never flash it) made visible, its islands rendered with the same components and data the
 * browser will hydrate them with, and the data itself for the browser's query cache. Without data
 * (the database failed) the bare shell goes out and the browser fetches as before.
 *
 * Rendering is the home's cost, not D1 (decision 042): the shell is rewritten once per isolate into a
 * template with a slot per island, and each page is kept by exactly what it is rendered from — the
 * language and the data's JSON — so an unchanged home costs its one D1 read and a lookup, and any
 * changed row that shows makes a new key, never a stale page.
 */
export async function renderHomePage(shell: Response | HomeShell, data: HomeData | null, lang: Lang = "it", baseUrl?: string): Promise<Response> {
  const { template, headers } = shell instanceof Response ? await homeShellOf(shell) : shell;
  const response = new Response(data ? pageOf(template, data, lang, baseUrl) : template.bare, { status: 200, headers: new Headers(headers) });
  // One URL, every language: caches keep them apart by what the browser and the switch say.
  response.headers.set("Vary", "Accept-Language, Cookie");
  response.headers.set("Content-Language", lang);
  return response;
}

/** The shell, ready: its template and the headers every home sent from it carries. */
export type HomeShell = { template: Template; headers: Headers };

/**
 * The build's shell of the home in `lang` (en/index.html for English, de/index.html for German…), or the asset store's answer if
 * it has none. Fetched once per isolate and binding: a version's files never change under it (a deploy
 * starts new isolates), so each home after the first skips the asset store's subrequest.
 */
export async function loadHomeShell(assets: Fetcher, lang: Lang, url: string): Promise<HomeShell | Response> {
  let shells = shellsByBinding.get(assets);
  if (!shells) shellsByBinding.set(assets, (shells = new Map()));
  const known = shells.get(lang);
  if (known) return known;
  const response = await assets.fetch(new URL(shellPath(lang), url));
  if (!response.ok) return response;
  const shell = await homeShellOf(response);
  shells.set(lang, shell);
  return shell;
}
const shellsByBinding = new WeakMap<Fetcher, Map<Lang, HomeShell>>();

async function homeShellOf(response: Response): Promise<HomeShell> {
  const headers = pageHeaders(response);
  headers.set("Cache-Control", "no-store");
  return { template: await templateOf(response), headers };
}

type Template = {
  /** The shell after the rewrites every home gets, cut at its slots: parts.length === slots.length + 1. */
  parts: string[];
  /** What goes between parts[i] and parts[i + 1]: an island's name, or HEAD_SLOT for the end of <head>. */
  slots: string[];
  /** The boot script inlined in the page, with its CSP hash (null: a shell without one, the app loads as built). */
  boot: InlineBoot | null;
  /** The shell as it goes out without data: the islands as built. */
  bare: string;
  /** Rendered pages, UTF-8, by `lang + "\n" + data JSON`, the newest last. */
  pages: Map<string, Uint8Array<ArrayBuffer>>;
};

const HEAD_SLOT = "\0head";
/** A few shells per isolate (one per language; tests bring their own). */
const MAX_TEMPLATES = 8;
/** Pages kept per shell: the current data, and a little room for the previous ones while requests overlap. */
const MAX_PAGES = 8;
const templates = new Map<string, Template>();

/** The shell's template: by its ETag when the asset store gives one (the body is then not read again), else by its text. */
async function templateOf(shell: Response): Promise<Template> {
  const etag = shell.headers.get("ETag");
  const cached = etag ? templates.get(`etag ${etag}`) : undefined;
  if (cached) {
    await shell.body?.cancel();
    return cached;
  }
  const text = await shell.text();
  const key = etag ? `etag ${etag}` : `text ${text}`;
  const known = templates.get(key);
  if (known) return known;
  const template = await buildTemplate(text);
  remember(templates, key, template, MAX_TEMPLATES);
  return template;
}

/** The same HTMLRewriter passes a page once had on every request, run once, with a marker where each island or the head's tags go. */
async function buildTemplate(text: string): Promise<Template> {
  const marker = `<!--pe-slot-${crypto.randomUUID()}:`;
  const boot = await inlineBootOf(text);
  let rewriter = bootAfterFirstPaint(
    new HTMLRewriter().on("#root", {
      element(el) {
        el.removeAttribute("hidden");
      },
    }),
    boot,
  );
  const bare = await rewriter.transform(new Response(text)).text();
  for (const name of HOME_ISLAND_NAMES) {
    rewriter = rewriter.on(`[data-island="${name}"]`, {
      element(el) {
        el.replace(`${marker}${name}-->`, { html: true });
      },
    });
  }
  rewriter = rewriter.on("head", {
    element(el) {
      el.append(`${marker}${HEAD_SLOT}-->`, { html: true });
    },
  });
  const marked = await rewriter.transform(new Response(text)).text();
  const pieces = marked.split(marker);
  const parts = [pieces[0]];
  const slots: string[] = [];
  for (const piece of pieces.slice(1)) {
    const end = piece.indexOf("-->");
    slots.push(piece.slice(0, end));
    parts.push(piece.slice(end + 3));
  }
  return { parts, slots, boot, bare, pages: new Map() };
}

function pageOf(template: Template, data: HomeData, lang: Lang, baseUrl: string | undefined): Uint8Array<ArrayBuffer> {
  const key = `${lang}\n${baseUrl ?? ""}\n${JSON.stringify(data)}`;
  const cached = template.pages.get(key);
  if (cached !== undefined) return cached;
  const { islands, preloads, injected } = renderHomeIslands(data, lang);
  // Each language's address of the home (and x-default), for search engines (language-links.ts).
  const languages = baseUrl === undefined ? "" : languageLinkTags(baseUrl, "/", lang);
  const head = `${languages}${preloads}<script type="application/json" id="${HOME_DATA_ID}">${scriptSafeJson(injected)}</script>`;
  let page = template.parts[0];
  template.slots.forEach((slot, i) => {
    page += (slot === HEAD_SLOT ? head : islands[slot]) + template.parts[i + 1];
  });
  const bytes = new TextEncoder().encode(page);
  remember(template.pages, key, bytes, MAX_PAGES);
  return bytes;
}

/** A small map that forgets its oldest entry past `max`. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

/** The boot script as the build left it in the shell, inert (`type="text/plain"`, vite.config.ts), and the CSP source that allows it inline. */
export type InlineBoot = { code: string; cspSource: string };
const INERT_BOOT = /<script type="text\/plain" id="pe-boot">([\s\S]*?)<\/script>/;

export async function inlineBootOf(shellText: string): Promise<InlineBoot | null> {
  const code = INERT_BOOT.exec(shellText)?.[1];
  if (code === undefined) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code)));
  return { code, cspSource: `'sha256-${btoa(String.fromCharCode(...digest))}'` };
}

const bootsByBinding = new WeakMap<Fetcher, Promise<InlineBoot | null>>();
/**
 * This build's boot script, read from its shell once per isolate: for the event pages, which stream
 * their shell, so the CSP that allows the script is sent before the script is read.
 */
export function inlineBootFor(assets: Fetcher, url: string): Promise<InlineBoot | null> {
  let boot = bootsByBinding.get(assets);
  if (!boot) {
    boot = assets.fetch(new URL("/", url)).then(async (res) => (res.ok ? inlineBootOf(await res.text()) : null));
    // A failed read is tried again on the next page, not kept.
    boot.catch(() => bootsByBinding.delete(assets));
    bootsByBinding.set(assets, boot);
  }
  return boot.catch(() => null);
}

/**
 * The page is painted without its scripts: the boot script (web/boot.ts), inline so that nothing but
 * the HTML arrives before the first paint, fetches the app after that paint and runs it at the
 * visitor's first move (decision 043); the app's static imports wait for it as inert <meta>s instead
 * of modulepreloads that would be fetched at once. Without a boot script (`boot` null) the page loads
 * the app as built. Shared with the event pages (event-page-html.tsx); a page that inlines it says
 * so to the CSP (`inlineScript` in the request's variables).
 */
export function bootAfterFirstPaint(rewriter: HTMLRewriter, boot: InlineBoot | null): HTMLRewriter {
  rewriter.on("script#pe-boot", {
    element(el) {
      el.remove();
    },
  });
  if (!boot) {
    return rewriter.on("script[data-boot]", {
      element(el) {
        el.removeAttribute("data-boot");
      },
    });
  }
  return rewriter
    .on("script[data-boot]", {
      element(el) {
        el.setAttribute("data-app", el.getAttribute("src") ?? "");
        for (const name of ["src", "data-boot", "crossorigin", "fetchpriority"]) el.removeAttribute(name);
        el.setInnerContent(boot.code, { html: true });
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
