import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carouselSettings, categories, events, liveNotificationConfig, partners, rates } from "../../db/schema";
import { app } from "../app";
import { loadHomeData } from "../services/home";
import { bootAfterFirstPaint, inlineBootOf, renderHomePage, scriptSafeJson } from "../services/home-page";
import { catalogueFor, formatLongDateTime, HOME_DATA_ID, renderHomeIslands, type InjectedHomeData } from "../services/islands";
import { api, customerFor, ORIGIN, randomClientIp, seedEvent, testDb } from "../test/helpers";
import { LANGS, type Lang } from "../../shared/lang";

// The build's shell, reduced to what the Worker rewrites: the app's script, a hidden root and the three islands.
const BOOT = "start(document.currentScript.dataset.app)";
const SHELL = `<!doctype html><html><head><title>t</title><script type="text/plain" id="pe-boot">${BOOT}</script><script data-boot type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/hooks-h.js"></head><body><div id="root" hidden><div class="x">
<div data-island="hero-stats">–</div><div data-island="partners"><!--$--><!--/$--></div>
<section id="eventi" data-island="events">Caricamento…</section><footer>081 552 1847</footer></div></body></html>`;

async function homeHtml(lang: Lang = "it"): Promise<string> {
  const data = await loadHomeData(testDb(), Date.now());
  return (await renderHomePage(new Response(SHELL, { headers: { "Content-Type": "text/html" } }), data, lang)).text();
}

function injected(html: string) {
  const json = /<script type="application\/json" id="pe-home-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json!) as Awaited<ReturnType<typeof loadHomeData>>;
}

describe("the home page the Worker serves", () => {
  // Fails when an English visitor's first response carries Italian islands (hydration would then not match).
  it("renders the islands in English for an English visitor, with the event's English title", async () => {
    await seedEvent({ title: "Concerto al Maradona in italiano", titleTranslations: { en: "Concert at the Maradona" }, totalSpots: 3 });
    // What the page shows, without the data for the browser's cache (which holds both titles).
    const html = (await homeHtml("en")).replace(/<script type="application\/json"[\s\S]*?<\/script>/, "");
    expect(html).toContain("Concert at the Maradona");
    expect(html).not.toContain("Concerto al Maradona in italiano");
    expect(html).toContain("3 free spaces");
    expect(html).not.toContain("posti liberi");
    expect(await homeHtml("it")).toContain("3 posti liberi");
  });

  // Fails when a German visitor's first response is not German (cards, money), or German stops
  // reading the garage's English text where it wrote one (their language, else English, else Italian).
  it("renders the islands in German for a German visitor, with the English title where there is no German", async () => {
    await seedEvent({ title: "Concerto di Natale in italiano", titleTranslations: { en: "Christmas Concert" }, totalSpots: 4, rates: [{ name: "Posto auto", priceCents: 1500 }] });
    const html = (await homeHtml("de")).replace(/<script type="application\/json"[\s\S]*?<\/script>/, "");
    expect(html).toContain("Christmas Concert");
    expect(html).not.toContain("Concerto di Natale in italiano");
    expect(html).toContain("4 Plätze frei");
    expect(html).toContain("15,00 €");
  });

  // Fails when the home stops naming each language's address (and x-default) for search engines.
  it("names every language's address of the home, its own as canonical", async () => {
    const data = await loadHomeData(testDb(), Date.now());
    const shell = () => new Response(SHELL, { headers: { "Content-Type": "text/html" } });
    const html = await (await renderHomePage(shell(), data, "de", "https://parcheggi.example")).text();
    expect(html).toContain('<link rel="canonical" href="https://parcheggi.example/?lang=de">');
    for (const lang of LANGS) expect(html).toContain(`<link rel="alternate" hreflang="${lang}" href="https://parcheggi.example/?lang=${lang}">`);
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://parcheggi.example/">');
    const res = await renderHomePage(shell(), data, "de", "https://parcheggi.example");
    expect(res.headers.get("Content-Language")).toBe("de");
    expect(res.headers.get("Vary")).toBe("Accept-Language, Cookie");
  });

  it("shows the shell, with the cards and figures rendered in place and the data for the browser's cache", async () => {
    const { eventId } = await seedEvent({ title: "Concerto al Maradona", totalSpots: 7 });
    const html = await homeHtml();
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain("Caricamento…");
    expect(html).toContain("Concerto al Maradona");
    expect(html).toMatch(/data-testid="event-card"/);
    expect(html).toContain("081 552 1847");
    const data = injected(html);
    expect(data.events.find((e) => e.id === eventId)?.availableSpots).toBe(7);
  });

  // Fails if the home fetched its code before its first paint (the script or a modulepreload left as built).
  it("starts with the boot script, inline, which loads the app and its imports after the first paint", async () => {
    const html = await homeHtml();
    expect(html).toContain(`<script type="module" data-app="/assets/index-a.js">${BOOT}</script>`);
    expect(html).not.toContain("data-boot");
    expect(html).not.toContain("pe-boot");
    expect(html).not.toContain("/assets/index-a.js\"></script>");
    expect(html).toContain('<meta name="pe-modulepreload" content="/assets/hooks-h.js">');
    expect(html).not.toContain('rel="modulepreload"');
  });

  // Fails if the inline boot script were blocked by the CSP (no hash, or the hash of other text), or
  // if inline scripts were allowed wholesale.
  it("allows that inline script, and only it, by its hash in the page's CSP", async () => {
    const { res } = await visit();
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get("Content-Security-Policy")!)![1].split(" ");
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(BOOT)));
    expect(scriptSrc).toContain(`'sha256-${btoa(String.fromCharCode(...digest))}'`);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const api = await app.fetch(new Request(`${ORIGIN}/api/events`, { headers: { "CF-Connecting-IP": randomClientIp() } }), { ...env, ASSETS: shellAssets }, createExecutionContext());
    expect(api.headers.get("Content-Security-Policy")).not.toContain("sha256-");
  });

  it("without a boot script in the shell, loads the app as built", async () => {
    const asBuilt = SHELL.replace(/<script type="text\/plain" id="pe-boot">[^<]*<\/script>/, "");
    const html = await (await renderHomePage(new Response(asBuilt), null)).text();
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/hooks-h.js">');
  });

  // Fails if the browser had to format the cards' dates itself while hydrating (Intl's first use is slow).
  it("gives the browser the cards' dates exactly as it rendered them, in the page's language", async () => {
    const { eventId } = await seedEvent({ title: "Concerto con data" });
    for (const lang of ["it", "en"] as const) {
      const t = catalogueFor(lang);
      const html = await homeHtml(lang);
      const data = injected(html) as InjectedHomeData;
      const datetime = data.events.find((e) => e.id === eventId)!.datetime!;
      const text = formatLongDateTime(datetime, t.dates);
      expect(data.longDates).toEqual(expect.objectContaining({ locale: t.dates.locale }));
      expect(data.longDates?.texts[datetime]).toBe(text);
      expect(html).toContain(text);
    }
  });

  it("injects exactly what the API answers, part by part, before and after the settings are first saved", async () => {
    await seedEvent();
    const samePartsAsTheApi = async () => {
      const data = injected(await homeHtml());
      expect(data.events).toEqual(await (await api("/api/events")).json());
      expect(data.categories).toEqual(await (await api("/api/categories")).json());
      expect(data.partners).toEqual(await (await api("/api/partners")).json());
      expect(data.carouselSettings).toEqual(await (await api("/api/carousel-settings")).json());
      expect(data.liveConfig).toEqual(await (await api("/api/live-notifications/config")).json());
      expect(data.stats).toEqual(await (await api("/api/stats")).json());
      expect(data.stats).not.toHaveProperty("todayRevenue");
      return data;
    };
    await samePartsAsTheApi();
    // Saved rows (booleans off, a chosen event), an inactive partner and a second category.
    const db = testDb();
    await db.insert(carouselSettings).values({ id: 1, isEnabled: false, scrollSpeed: 3, frameRate: 30 });
    await db.insert(liveNotificationConfig).values({ id: 1, isEnabled: false, frequency: 20000, targetEventId: null, isRandomEvents: false });
    await db.insert(partners).values([
      { name: "Partner attivo", nameTranslations: { en: "Active partner" }, imageUrl: "/objects/a.webp", isActive: true, sortOrder: 2 },
      { name: "Partner spento", imageUrl: "/objects/b.webp", isActive: false, sortOrder: 1 },
    ]);
    await db.insert(categories).values({ name: "Aaa prima", nameTranslations: { en: "First" }, color: "#112233" });
    const data = await samePartsAsTheApi();
    expect(data.carouselSettings).toEqual({ isEnabled: false, scrollSpeed: 3, frameRate: 30 });
    expect(data.liveConfig).toMatchObject({ isEnabled: false, isRandomEvents: false, frequency: 20000 });
    expect(data.partners.map((p) => p.name)).toContain("Partner attivo");
    expect(data.partners.map((p) => p.name)).not.toContain("Partner spento");
  });

  it("reads availability at request time: a hold taken since the last page is already counted", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 3 });
    const before = injected(await homeHtml()).events.find((e) => e.id === eventId)!;
    const res = await api("/api/bookings", { method: "POST", json: customerFor(eventId, rateId), headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(res.status).toBe(201);
    const after = injected(await homeHtml()).events.find((e) => e.id === eventId)!;
    expect([before.availableSpots, after.availableSpots]).toEqual([3, 2]);
  });

  it("keeps data that looks like markup inside its script element", async () => {
    await seedEvent({ title: "</script><script>alert(1)</script>" });
    const html = await homeHtml();
    expect(html).not.toContain("</script><script>alert(1)");
    expect(injected(html).events.some((e) => e.title === "</script><script>alert(1)</script>")).toBe(true);
    expect(scriptSafeJson({ a: "<\u2028" })).toBe('{"a":"\\u003c\\u2028"}');
  });

  it("without data (database down) sends the bare shell, made visible, for the browser to fill", async () => {
    const html = await (await renderHomePage(new Response(SHELL), null)).text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain("Caricamento…");
    expect(html).not.toContain("pe-home-data");
  });
});

describe("D1 sessions: the bookmark round-trips", () => {
  it("a booking answers with its bookmark (header and cookie); a read sent with it answers one at least as new and sees the booking", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 4 });
    const write = await api("/api/bookings", { method: "POST", json: customerFor(eventId, rateId), headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(write.status).toBe(201);
    const bookmark = write.headers.get("X-D1-Bookmark");
    expect(bookmark).toMatch(/^[0-9a-f-]{8,}$/);
    expect(write.headers.get("Set-Cookie")).toContain(`pe_d1=${bookmark}`);
    expect(write.headers.get("Set-Cookie")).toMatch(/HttpOnly/i);

    const read = await api("/api/events", { headers: { Cookie: `pe_d1=${bookmark}` } });
    expect(read.status).toBe(200);
    const readBookmark = read.headers.get("X-D1-Bookmark")!;
    expect(readBookmark >= bookmark!).toBe(true);
    expect(read.headers.get("Set-Cookie")).toBeNull();
    const event = (await read.json<{ id: number; availableSpots: number }[]>()).find((e) => e.id === eventId);
    expect(event?.availableSpots).toBe(3);

    const viaHeader = await api("/api/events", { headers: { "X-D1-Bookmark": readBookmark } });
    expect(viaHeader.headers.get("X-D1-Bookmark")! >= readBookmark).toBe(true);
  });

  it("ignores a bookmark that is not one, instead of failing the request", async () => {
    const res = await api("/api/events", { headers: { Cookie: "pe_d1=<script>", "X-D1-Bookmark": "not a bookmark" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-D1-Bookmark")).toMatch(/^[0-9a-f-]{8,}$/);
  });
});

// The shells as the asset store answers them: the English page is its own file, each with its ETag.
const shellFor = (lang: Lang) => SHELL.replace("<html>", `<html lang="${lang}">`);
const shellFetches: string[] = [];
const SHELL_HEADER = "shell-of-build-42";
const shellAssets = {
  fetch: async (input: Request | string | URL) => {
    const { pathname } = new URL(input instanceof Request ? input.url : input);
    shellFetches.push(pathname);
    const lang = pathname.startsWith("/en/") ? "en" : "it";
    return new Response(shellFor(lang), { headers: { "Content-Type": "text/html", ETag: `"shell-${lang}"`, "X-Shell-Build": SHELL_HEADER } });
  },
} as unknown as Fetcher;

/** GET / through the whole app, as a visitor with these headers. */
async function visit(path = "/", headers: Record<string, string> = {}): Promise<{ res: Response; html: string }> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { headers: { "CF-Connecting-IP": randomClientIp(), ...headers } }), { ...env, ASSETS: shellAssets }, ctx);
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, html };
}

/** The cards' part of a page, without the data for the browser's cache (which holds every language's titles). */
const shown = (html: string) => html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, "");

/** What the Worker sent before pages were kept in memory: every rewrite streamed through HTMLRewriter for each request. */
async function streamedPage(shell: string, data: Awaited<ReturnType<typeof loadHomeData>>, lang: Lang): Promise<string> {
  const { islands, preloads, injected } = renderHomeIslands(data, lang);
  let rewriter = bootAfterFirstPaint(new HTMLRewriter().on("#root", { element: (el) => void el.removeAttribute("hidden") }), await inlineBootOf(shell));
  for (const [name, html] of Object.entries(islands)) rewriter = rewriter.on(`[data-island="${name}"]`, { element: (el) => void el.replace(html, { html: true }) });
  rewriter = rewriter.on("head", {
    element: (el) => void el.append(`${preloads}<script type="application/json" id="${HOME_DATA_ID}">${scriptSafeJson(injected)}</script>`, { html: true }),
  });
  return rewriter.transform(new Response(shell)).text();
}

describe("the home kept in memory by what it is rendered from", () => {
  // Fails if the template's splicing drifted from the rewriter's output (a slot lost, moved or doubled).
  it("sends byte for byte the page the streamed rewrite made, in each language, from memory too", async () => {
    await seedEvent({ title: "Concerto per il confronto", titleTranslations: { en: "Concert for the comparison" } });
    const data = await loadHomeData(testDb(), Date.now());
    for (const lang of ["it", "en"] as const) {
      const expected = await streamedPage(shellFor(lang), data, lang);
      for (let i = 0; i < 2; i++) {
        const shell = new Response(shellFor(lang), { headers: { ETag: `"compare-${lang}"` } });
        expect(await (await renderHomePage(shell, data, lang)).text()).toBe(expected);
      }
    }
  });

  // Fails if a page were served from memory after a row it shows changed: name, price, free spaces.
  it("shows a change to an event's name, price or free spaces on the very next request", async () => {
    const { eventId, rateId } = await seedEvent({ title: "Concerto prima del cambio", totalSpots: 5, rates: [{ priceCents: 1734 }] });
    const first = await visit();
    expect(shown(first.html)).toContain("Concerto prima del cambio");
    expect(shown(first.html)).toContain("€ 17,34");
    expect(shown(first.html)).toContain("5 posti liberi");
    expect((await visit()).html).toBe(first.html);

    await testDb().update(events).set({ title: "Concerto dopo il cambio" }).where(eq(events.id, eventId));
    const renamed = shown((await visit()).html);
    expect(renamed).toContain("Concerto dopo il cambio");
    expect(renamed).not.toContain("Concerto prima del cambio");

    await testDb().update(rates).set({ priceCents: 2199 }).where(eq(rates.id, rateId));
    const repriced = shown((await visit()).html);
    expect(repriced).toContain("€ 21,99");
    expect(repriced).not.toContain("€ 17,34");

    const booked = await api("/api/bookings", { method: "POST", json: customerFor(eventId, rateId), headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(booked.status).toBe(201);
    const after = shown((await visit()).html);
    expect(after).toContain("4 posti liberi");
    expect(after).not.toContain("5 posti liberi");
  });

  // Fails if the asset store were asked on every request, or the kept shell lost the headers it came with.
  it("asks the asset store for each language's shell once, and sends every page with the shell's headers", async () => {
    await seedEvent({ title: "Concerto senza altre richieste" });
    await visit("/");
    await visit("/?lang=en");
    const before = shellFetches.length;
    for (const path of ["/", "/?lang=en", "/", "/?lang=en"]) {
      const { res } = await visit(path);
      expect(res.headers.get("X-Shell-Build")).toBe(SHELL_HEADER);
      expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("ETag")).toBeNull();
    }
    expect(shellFetches.length).toBe(before);
  });

  // Fails if one visitor's language reached the next visitor through the kept page.
  it("keeps each visitor's language: English by parameter, cookie or browser, Italian otherwise, in any order", async () => {
    await seedEvent({ title: "Partita in italiano", titleTranslations: { en: "Match in English" }, totalSpots: 6 });
    const visits = [
      { headers: {}, path: "/", lang: "it" },
      { headers: {}, path: "/?lang=en", lang: "en" },
      { headers: {}, path: "/", lang: "it" },
      { headers: { Cookie: "pe_lang=en" }, path: "/", lang: "en" },
      { headers: { "Accept-Language": "en-GB,en;q=0.9" }, path: "/", lang: "en" },
      { headers: { Cookie: "pe_lang=it" }, path: "/", lang: "it" },
      { headers: { "Accept-Language": "en-GB,en;q=0.9" }, path: "/?lang=it", lang: "it" },
    ] as const;
    for (const v of visits) {
      const { res, html } = await visit(v.path, v.headers);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("Set-Cookie")).toBeNull();
      expect(html).toContain(`<html lang="${v.lang}">`);
      expect(shown(html)).toContain(v.lang === "en" ? "Match in English" : "Partita in italiano");
      expect(shown(html)).toContain(v.lang === "en" ? "6 free spaces" : "6 posti liberi");
      expect(shown(html)).not.toContain(v.lang === "en" ? "posti liberi" : "free spaces");
    }
  });
});
