import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { eventPath, parseEventSegment } from "../../shared/event-path";
import { LANG_COOKIE, pickLang, type Lang } from "../../shared/lang";
import type { AppEnv } from "../app-env";
import { publicBaseUrl } from "../lib/public-base-url";
import { listSitemapEvents, loadEventPage } from "../services/event-page";
import { renderEventPage } from "../services/event-page-html";
import { inlineBootFor, type InlineBoot } from "../services/home-page";
import { languageAlternates } from "../services/language-links";
import { shellPath } from "../services/shell-path";

const xml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The build's page (in the visitor's language), or a bare one if the build is missing (worker tests). */
async function shellFor(assets: Fetcher, lang: Lang, url: string): Promise<Response> {
  const shell = await assets.fetch(new URL(shellPath(lang), url));
  if (shell.ok) return shell;
  return new Response(`<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="description" content=""><title></title></head><body><div id="root" hidden></div></body></html>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

/** An event's page in the edge cache: one per language and boot script (whose hash the page's CSP names). */
export function eventPageCacheKey(url: URL, lang: Lang, boot: InlineBoot | null): Request {
  return new Request(`${url.origin}${url.pathname}?lang=${lang}${boot ? `&boot=${encodeURIComponent(boot.cspSource)}` : ""}`);
}

/**
 * What search engines and chats read: an event's page (`/eventi/<id>-<slug>`, server rendered like
 * the home), robots.txt and the sitemap. All three run in the Worker first (wrangler.toml).
 */
export const eventPages = new Hono<AppEnv>()
  .get("/robots.txt", (c) => {
    const base = publicBaseUrl(c.env, c.req.url);
    const body = ["User-agent: *", "Disallow: /admin", "Disallow: /api/", "Disallow: /gate", "Disallow: /checkout", "Disallow: /p/", "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
    return c.body(body, 200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" });
  })
  .get("/sitemap.xml", async (c) => {
    const base = publicBaseUrl(c.env, c.req.url);
    const now = Date.now();
    const list = await listSitemapEvents(c.var.db, now);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    // The home changes whenever an event does: its lastmod is the newest event's.
    const newest = list.reduce((max, e) => Math.max(max, e.createdAt), 0);
    // Each page once per language (`?lang=xx`) beside its bare address (x-default), every entry
    // naming all of them, as search engines read hreflang in a sitemap.
    const entries = (path: string, lastmod: string) => {
      const alternates = languageAlternates(base, path);
      const links = alternates.map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`).join("");
      return alternates.map((a) => `<url><loc>${xml(a.href)}</loc>${lastmod}${links}</url>`);
    };
    const urls = [...entries("/", newest ? `<lastmod>${day(newest)}</lastmod>` : ""), ...list.flatMap((e) => entries(eventPath(e), `<lastmod>${day(e.createdAt)}</lastmod>`))];
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
    return c.body(body, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=300" });
  })
  .get("/eventi/:segment", async (c) => {
    const lang = pickLang(c.req.query("lang"), getCookie(c, LANG_COOKIE), c.req.header("Accept-Language"));
    const url = new URL(c.req.url);
    const segment = parseEventSegment(c.req.param("segment"));
    // The page inlines the boot script, allowed by its hash (a cached page too: the key holds the hash,
    // so a page cached before a deploy is never sent with the new build's CSP).
    const boot = await inlineBootFor(c.env.ASSETS, c.req.url);
    if (boot) c.set("inlineScript", boot.cspSource);
    // A link previewed by many phones at once: each language's page is read once per minute at most.
    const cacheKey = eventPageCacheKey(url, lang, boot);
    // Workers' edge cache (caches.default); the DOM types the program also sees do not know it.
    const cache = typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
    const hit = segment ? await cache?.match(cacheKey) : undefined;
    // A copy: a cached response's headers are immutable, and the app's middleware adds its own.
    if (hit) return new Response(hit.body, hit);

    const page = segment ? await loadEventPage(c.var.db, segment.id, Date.now()) : null;
    if (page && segment) {
      const canonical = eventPath(page.event);
      if (url.pathname !== canonical) {
        return c.redirect(`${canonical}${url.search}`, 301);
      }
    }
    const shell = await shellFor(c.env.ASSETS, lang, c.req.url);
    const response = renderEventPage(shell, { id: segment?.id ?? 0, path: url.pathname, page, lang, baseUrl: publicBaseUrl(c.env, c.req.url) }, boot);
    if (page && cache) {
      const [forCache, forVisitor] = response.body!.tee();
      c.executionCtx.waitUntil(cache.put(cacheKey, new Response(forCache, response)));
      return new Response(forVisitor, response);
    }
    return response;
  });
