import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eventPath } from "../../shared/event-path";
import { DEFAULT_OG_IMAGE, OG_IMAGE_MAX_BYTES, ogImagePath } from "../services/event-page-head";
import { postponeEvent } from "../services/event-postponement";
import { inlineBootFor } from "../services/home-page";
import { eventPageCacheKey } from "./event-pages";
import { api, customerFor, ORIGIN, seedBooking, seedEvent, testDb } from "../test/helpers";
import { LANGS, type Lang } from "../../shared/lang";

/** Workers' caches.default (the program's DOM types do not know it). */
const edgeCache = () => (caches as unknown as { default: Cache }).default;
const BASE = env.PUBLIC_BASE_URL.replace(/\/$/, "");
const MARCH_14_21H_ROME = Date.parse("2027-03-14T20:00:00Z");

const page = (path: string, headers: Record<string, string> = {}) => api(path, { headers, redirect: "manual" });

function meta(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match ? match[1].replace(/&quot;/g, '"').replace(/&amp;/g, "&") : null;
}

function jsonLd(html: string): Record<string, any> {
  const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(text, "the page has no JSON-LD").toBeTruthy();
  return JSON.parse(text!);
}

/** The edge cache entry the route keeps (its key: the page in one language); waits for the route's background write. */
async function cachedEntry(path: string, lang: Lang = "it") {
  const key = eventPageCacheKey(new URL(`${ORIGIN}${path}`), lang, await inlineBootFor(env.ASSETS, ORIGIN));
  for (let i = 0; i < 50; i++) {
    if (await edgeCache().match(key)) return key;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} never reached the edge cache`);
}

describe("robots.txt and sitemap.xml", () => {
  // Fails if they fell through to the app's HTML (the bug the issue reports) or named a relative sitemap.
  it("robots.txt is plain text, keeps crawlers out of the admin and the API, and names the sitemap by absolute URL", async () => {
    const res = await api("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/admin$/m);
    expect(body).toMatch(/^Disallow: \/api\/$/m);
    expect(body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  // Fails if a switched-off, cancelled or ended event reached the sitemap, or a live one were missing.
  it("sitemap.xml lists the home and every live event page, never a switched-off one", async () => {
    const live = await seedEvent({ title: "Napoli – Inter sitemap" });
    const off = await seedEvent({ title: "Spento sitemap", isActive: false });
    const cancelled = await seedEvent({ title: "Annullato sitemap", isActive: false, cancelledAt: Date.now() });
    const over = await seedEvent({ title: "Finito sitemap", datetime: Date.now() - 10 * 86_400_000 });
    const res = await api("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const body = await res.text();
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect(body).toContain(`<loc>${BASE}/</loc>`);
    // Fails if a language's address of a page is missing, or an entry does not name the others.
    for (const lang of LANGS) {
      expect(body).toContain(`<loc>${BASE}/?lang=${lang}</loc>`);
      expect(body).toContain(`<loc>${BASE}${eventPath(live.event)}?lang=${lang}</loc>`);
      expect(body).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="${BASE}${eventPath(live.event)}?lang=${lang}"/>`);
    }
    expect(body).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${BASE}${eventPath(live.event)}"/>`);
    expect(body).toContain(`<loc>${BASE}${eventPath(live.event)}</loc><lastmod>${new Date(live.event.createdAt).toISOString().slice(0, 10)}</lastmod>`);
    for (const hidden of [off, cancelled, over]) expect(body).not.toContain(`/eventi/${hidden.eventId}-`);
  });
});

describe("an event's page", () => {
  it("answers a live event with its rates, spots and date in the first HTML", async () => {
    const { event } = await seedEvent({ title: "Napoli – Inter", datetime: MARCH_14_21H_ROME, totalSpots: 37, rates: [{ name: "Posto auto", priceCents: 1500 }] });
    const res = await page(eventPath(event));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('data-testid="event-page"');
    expect(html).toContain("Posto auto");
    expect(html).toContain("€ 15,00");
    expect(html).toContain("Ancora 37 posti liberi");
    expect(html).toContain("domenica 14 marzo 2027 ore 21:00");
    expect(html).not.toMatch(/<div id="root" hidden/);
  });

  // Fails if a switched-off or unknown event's page answered 200 (search engines would keep it).
  it("is the 404 screen with status 404 for a switched-off or unknown event", async () => {
    const off = await seedEvent({ title: "Evento spento", isActive: false });
    for (const path of [eventPath(off.event), "/eventi/999999999-nessuno", "/eventi/non-un-numero"]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain("404 Page Not Found");
      expect(html).not.toContain("Evento spento");
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
  });

  // Fails if an old or missing slug served a duplicate page instead of sending to the one URL.
  it("redirects a wrong or missing slug with 301 to the event's own path", async () => {
    const { event } = await seedEvent({ title: "Pinguini Tattici Nucleari" });
    for (const path of [`/eventi/${event.id}-vecchio-titolo`, `/eventi/${event.id}`]) {
      const res = await page(`${path}?lang=en`);
      expect(res.status, path).toBe(301);
      expect(res.headers.get("Location")).toBe(`${eventPath(event)}?lang=en`);
    }
    expect(eventPath(event)).toBe(`/eventi/${event.id}-pinguini-tattici-nucleari`);
  });

  it("keeps a cancelled event's page: it says Annullato, offers nothing and is cancelled in the JSON-LD", async () => {
    const { event } = await seedEvent({ title: "Concerto annullato", isActive: false, cancelledAt: Date.now() });
    const res = await page(eventPath(event));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Annullato");
    expect(html).not.toMatch(/>Prenota</);
    const ld = jsonLd(html);
    expect(ld.eventStatus).toBe("https://schema.org/EventCancelled");
    expect(ld.offers).toBeUndefined();
  });

  it("says a sold-out event is sold out", async () => {
    const { eventId, event, rateId } = await seedEvent({ title: "Tutto esaurito", totalSpots: 1 });
    await seedBooking({ eventId, rateId, status: "paid" });
    const html = await (await page(eventPath(event))).text();
    expect(meta(html, "og:description")).toContain("Esaurito");
    expect(html).toContain("Non ci sono più posti liberi per questo evento.");
    expect(html).not.toMatch(/>Prenota</);
  });

  // Fails if the structured data disagreed with the page: another price, a lost offer, dates without Rome's offset.
  it("carries schema.org JSON-LD that agrees with the event and its rates, down to sold out", async () => {
    const { event, eventId, rates } = await seedEvent({
      title: "Napoli – Inter JSON-LD",
      datetime: MARCH_14_21H_ROME,
      durationMinutes: 120,
      totalSpots: 2,
      rates: [{ name: "Posto auto", priceCents: 1500 }, { name: "Posto moto", priceCents: 850 }, { name: "Solo in loco", priceCents: 2000, isPayable: false }, { name: "Nascosta", priceCents: 100, isVisible: false }],
    });
    const ld = jsonLd(await (await page(eventPath(event))).text());
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("Event");
    expect(ld.name).toBe("Napoli – Inter JSON-LD");
    expect(ld.inLanguage).toBe("it");
    expect(ld.startDate).toBe("2027-03-14T21:00:00+01:00");
    expect(ld.endDate).toBe("2027-03-14T23:00:00+01:00");
    expect(ld.eventStatus).toBe("https://schema.org/EventScheduled");
    expect(ld.location).toMatchObject({ "@type": "Place", address: { "@type": "PostalAddress", streetAddress: "Via Giambattista Marino 14", postalCode: "80125", addressLocality: "Napoli", addressCountry: "IT" } });
    expect(ld.offers.map((o: Record<string, string>) => [o.name, o.price, o.priceCurrency, o.availability, o.url])).toEqual([
      ["Posto auto", "15.00", "EUR", "https://schema.org/LimitedAvailability", `${BASE}${eventPath(event)}?lang=it`],
      ["Posto moto", "8.50", "EUR", "https://schema.org/LimitedAvailability", `${BASE}${eventPath(event)}?lang=it`],
    ]);
    await seedBooking({ eventId, rateId: rates[0].id, status: "paid" });
    await seedBooking({ eventId, rateId: rates[1].id, status: "paid" });
    await edgeCache().delete(await cachedEntry(eventPath(event)));
    const soldOut = jsonLd(await (await page(eventPath(event))).text());
    expect(soldOut.offers.map((o: Record<string, string>) => o.availability)).toEqual(["https://schema.org/SoldOut", "https://schema.org/SoldOut"]);
  });

  it("is InStock with many spots, and rescheduled with its previous start after a Rinvia", async () => {
    const { event } = await seedEvent({ title: "Rinviato", datetime: MARCH_14_21H_ROME, previousDatetime: MARCH_14_21H_ROME - 7 * 86_400_000, totalSpots: 500 });
    const ld = jsonLd(await (await page(eventPath(event))).text());
    expect(ld.offers[0].availability).toBe("https://schema.org/InStock");
    expect(ld.eventStatus).toBe("https://schema.org/EventRescheduled");
    expect(ld.previousStartDate).toBe("2027-03-07T21:00:00+01:00");
  });

  // Fails if "Rinvia" forgot the old date: the structured data could not say the event moved.
  it("after Rinvia, is rescheduled in the JSON-LD with the old start as previousStartDate", async () => {
    const { event, eventId } = await seedEvent({ title: "Da rinviare", datetime: MARCH_14_21H_ROME });
    const moved = await postponeEvent(testDb(), eventId, { datetime: MARCH_14_21H_ROME + 7 * 86_400_000, cancelWindowDays: 3 }, Date.now());
    expect(moved.ok).toBe(true);
    const ld = jsonLd(await (await page(eventPath(event))).text());
    expect(ld.eventStatus).toBe("https://schema.org/EventRescheduled");
    expect(ld.previousStartDate).toBe("2027-03-14T21:00:00+01:00");
    expect(ld.startDate).toBe("2027-03-21T21:00:00+01:00");
  });

  it("has the share card in its head: title, description with date and spots, absolute image, url, canonical, twitter card", async () => {
    const { event } = await seedEvent({ title: "Napoli – Inter card", datetime: MARCH_14_21H_ROME, totalSpots: 37 });
    const html = await (await page(eventPath(event))).text();
    // The page's own language's address (`?lang=it`): the one its hreflang alternates name for Italian.
    const url = `${BASE}${eventPath(event)}?lang=it`;
    expect(meta(html, "og:title")).toContain("Napoli – Inter card");
    expect(meta(html, "og:description")).toContain("domenica 14 marzo 2027 ore 21:00");
    expect(meta(html, "og:description")).toContain("Ancora 37 posti liberi");
    expect(meta(html, "description")).toBe(meta(html, "og:description"));
    expect(meta(html, "og:url")).toBe(url);
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    // Fails if a language's page stops naming the others (and the bare address as x-default) for search engines.
    for (const lang of LANGS) expect(html).toContain(`<link rel="alternate" hreflang="${lang}" href="${BASE}${eventPath(event)}?lang=${lang}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${BASE}${eventPath(event)}">`);
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    // The title says Napoli: its bundled WebP, by absolute URL.
    expect(meta(html, "og:image")).toMatch(new RegExp(`^${BASE}/.*napoli.*\\.webp$`));
    expect(html).toMatch(/<title>Parcheggio Napoli – Inter card — Parcheggi Eventi Napoli<\/title>/);
  });

  // Finding 11 of issue #40: the <title> read "Parcheggio Pizza &amp;amp; Birra" (escaped by hand, then again by HTMLRewriter).
  it("escapes the event's title once in <title>: an & reads as &", async () => {
    const { event } = await seedEvent({ title: "Pizza & Birra <live>" });
    const html = await (await page(eventPath(event))).text();
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe("Parcheggio Pizza &amp; Birra &lt;live&gt; — Parcheggi Eventi Napoli");
  });

  // Fails if a chat would get an image it drops (SVG, over 600 KB) instead of one it shows.
  it("picks a share image chats show", () => {
    const base = { title: "Passeggiata", imageUrl: null } as never as { title: string; imageUrl: string | null };
    const of = (imageUrl: string | null, imageBytes: number | null, title = "Passeggiata") => ogImagePath({ event: { ...base, title, imageUrl } as never, imageBytes });
    expect(of("/objects/uploads/a.jpg", 200_000)).toBe("/objects/uploads/a.jpg");
    expect(of("/objects/uploads/a.jpg", OG_IMAGE_MAX_BYTES + 1)).toBe(DEFAULT_OG_IMAGE);
    expect(of("/objects/uploads/a.jpg", OG_IMAGE_MAX_BYTES + 1, "Elodie live")).toMatch(/elodie/);
    expect(of("/objects/uploads/a.svg", 1_000)).toBe(DEFAULT_OG_IMAGE);
    expect(of(null, null)).toBe(DEFAULT_OG_IMAGE);
  });

  // Fails if the share card's figure were frozen, or if the edge cache were skipped (every preview a D1 read).
  it("is cached at the edge for a minute, and its og:description's free spots drop after a booking", async () => {
    const { event, eventId, rateId } = await seedEvent({ title: "Concerto che si riempie", totalSpots: 3 });
    const first = await page(eventPath(event));
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
    expect(meta(await first.text(), "og:description")).toContain("Ancora 3 posti liberi");
    const key = await cachedEntry(eventPath(event));
    const res = await api("/api/bookings", { method: "POST", json: customerFor(eventId, rateId!), headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(res.status).toBe(201);
    // Within the minute the edge answers what it has.
    expect(meta(await (await page(eventPath(event))).text(), "og:description")).toContain("Ancora 3 posti liberi");
    // Once it expires, the page is read again.
    await edgeCache().delete(key);
    expect(meta(await (await page(eventPath(event))).text(), "og:description")).toContain("Ancora 2 posti liberi");
  });

  // Fails if one cached language were served to the other, or the page did not say its language.
  it("answers in the visitor's language at the same URL, with Vary and lang", async () => {
    const { event } = await seedEvent({ title: "Concerto in italiano", titleTranslations: { en: "Concert in English" }, totalSpots: 5 });
    const english = await page(eventPath(event), { "Accept-Language": "en-GB,en;q=0.9" });
    expect(english.headers.get("Vary")).toMatch(/Accept-Language/);
    expect(english.headers.get("Vary")).toMatch(/Cookie/);
    const enHtml = await english.text();
    expect(enHtml).toMatch(/<html lang="en"/);
    expect(meta(enHtml, "og:description")).toContain("5 free spaces left");
    expect(enHtml).toContain("Concert in English");
    const italian = await (await page(eventPath(event), { "Accept-Language": "it-IT" })).text();
    expect(italian).toMatch(/<html lang="it"/);
    expect(meta(italian, "og:description")).toContain("Ancora 5 posti liberi");
    const chosen = await (await page(eventPath(event), { "Accept-Language": "it-IT", Cookie: "pe_lang=en" })).text();
    expect(meta(chosen, "og:description")).toContain("5 free spaces left");
  });
});


describe("the garage's latest notice on the event's page (issue #31)", () => {
  it("shows the latest notice, in English on the English page when staff wrote one, as text; none once the event has ended", async () => {
    const { notices } = await import("../../db/schema");
    const start = Date.now() + 3 * 86_400_000;
    const { eventId } = await seedEvent({ title: "Napoli - Milan", datetime: start });
    const event = { id: eventId, title: "Napoli - Milan" };
    const write = (subject: string, createdAt: number, en?: { subject: string; body: string }) =>
      testDb().insert(notices).values({
        id: crypto.randomUUID(),
        eventId,
        subject,
        body: "Ingresso da via Cintia <b>chiuso</b>",
        subjectTranslations: en ? { en: en.subject } : {},
        bodyTranslations: en ? { en: en.body } : {},
        idempotencyKey: crypto.randomUUID(),
        recipients: 1,
        createdAt,
      });
    await write("Vecchio avviso", Date.now() - 60_000);
    await write("Ingresso spostato", Date.now() - 1_000, { subject: "Entrance moved", body: "Use via Claudio" });
    const it = await (await page(`${eventPath(event)}?lang=it`)).text();
    expect(it).toContain("Ingresso spostato");
    expect(it).not.toContain("Vecchio avviso");
    expect(it).toContain("Ingresso da via Cintia &lt;b&gt;chiuso&lt;/b&gt;");
    const en = await (await page(`${eventPath(event)}?lang=en`)).text();
    expect(en).toContain("Entrance moved");
    expect(en).toContain("Use via Claudio");

    const ended = await seedEvent({ title: "Finita", datetime: Date.now() - 2 * 86_400_000 });
    await testDb().insert(notices).values({ id: crypto.randomUUID(), eventId: ended.eventId, subject: "Avviso scaduto", body: "x", idempotencyKey: crypto.randomUUID(), createdAt: Date.now() - 3 * 86_400_000 });
    const over = await (await page(`${eventPath({ id: ended.eventId, title: "Finita" })}?lang=it`)).text();
    expect(over).not.toContain("Avviso scaduto");
  });
});
