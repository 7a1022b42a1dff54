import { eventPath } from "../../shared/event-path";
import { LANGUAGES, type Lang } from "../../shared/lang";
import { translatedTogether } from "../../shared/translations";
import type { EventPageEvent } from "./event-page";
import { eventHead } from "./event-page-head";
import { bootAfterFirstPaint, pageHeaders, scriptSafeJson, type InlineBoot } from "./home-page";
import { languageLinkTags } from "./language-links";
import { catalogueFor, EVENT_PAGE_DATA_ID, formatLongDateTime, renderEventRoute, type Catalogue, type InjectedEventPage } from "./islands";

/** How long an edge cache may keep an event's page: its free-spots figure is at most this old (booking checks live). */
export const EVENT_PAGE_S_MAXAGE = 60;

const attr = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The latest notice in the page's language (else English, else the Italian), dated as the page writes dates. */
function noticeFor(page: EventPageEvent | null, lang: Lang, t: Catalogue): InjectedEventPage["notice"] {
  const notice = page?.notice;
  if (!notice) return null;
  const { subject, body } = translatedTogether({ subject: notice.subject, body: notice.body }, { subject: notice.subjectTranslations, body: notice.bodyTranslations }, lang);
  const createdAt = new Date(notice.createdAt).toISOString();
  return {
    subject,
    body,
    createdAt,
    postedAt: t.notices.postedAt(formatLongDateTime(createdAt, t.dates)),
  };
}

/**
 * An event's page (or its 404 screen, `page` null): the build's shell with the app's route frame
 * rendered for `path` in its root, the same tree the browser hydrates, its <head> saying what the
 * page is (title, description, canonical, share card, schema.org Event) and the data for hydration.
 */
export function renderEventPage(shell: Response, input: { id: number; path: string; page: EventPageEvent | null; lang: Lang; baseUrl: string }, boot: InlineBoot | null): Response {
  const { id, path, page, lang, baseUrl } = input;
  const t = catalogueFor(lang);
  const datetime = page?.event.datetime;
  const injected: InjectedEventPage = {
    id,
    event: page?.event ?? null,
    ended: page?.ended ?? false,
    longDates: { locale: t.dates.locale, texts: datetime ? { [datetime]: formatLongDateTime(datetime, t.dates) } : {} },
    notice: noticeFor(page, lang, t),
  };
  const { preloads, html } = renderEventRoute(path, lang, injected);

  const head = page ? eventHead(page, lang, t, baseUrl) : null;
  const title = head?.title ?? t.notFound.title;
  let tags = `${preloads}<script type="application/json" id="${EVENT_PAGE_DATA_ID}">${scriptSafeJson(injected)}</script>`;
  if (head) {
    const meta = (property: string, content: string) => `<meta property="${property}" content="${attr(content)}">`;
    const named = (name: string, content: string) => `<meta name="${name}" content="${attr(content)}">`;
    tags += [
      languageLinkTags(baseUrl, eventPath(page!.event), lang),
      meta("og:type", "website"),
      meta("og:site_name", "Parcheggi Eventi"),
      meta("og:locale", LANGUAGES[lang].ogLocale),
      meta("og:title", head.title),
      meta("og:description", head.description),
      meta("og:url", head.canonical),
      meta("og:image", head.image),
      named("twitter:card", "summary_large_image"),
      named("twitter:title", head.title),
      named("twitter:description", head.description),
      named("twitter:image", head.image),
      // JSON-LD is data, not a script the browser runs: the CSP has no say over it.
      `<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>`,
    ].join("");
  } else {
    tags += `<meta name="robots" content="noindex">`;
  }

  const rewriter = bootAfterFirstPaint(new HTMLRewriter(), boot)
    .on("#root", {
      element(el) {
        el.removeAttribute("hidden");
        el.setInnerContent(html, { html: true });
      },
    })
    .on("title", {
      element(el) {
        // setInnerContent escapes plain text itself: escaping it here too showed "&amp;" in the tab.
        el.setInnerContent(title);
      },
    })
    .on('meta[name="description"]', {
      element(el) {
        if (head) el.setAttribute("content", head.description);
        else el.remove();
      },
    })
    .on("head", {
      element(el) {
        el.append(tags, { html: true });
      },
    });
  const headers = pageHeaders(shell);
  // One URL, two languages: caches keep each language apart by what the visitor's browser and switch say.
  headers.set("Vary", "Accept-Language, Cookie");
  headers.set("Content-Language", lang);
  headers.set("Cache-Control", page ? `public, max-age=0, s-maxage=${EVENT_PAGE_S_MAXAGE}` : "no-store");
  return new Response(rewriter.transform(shell).body, { status: page ? 200 : 404, headers });
}
