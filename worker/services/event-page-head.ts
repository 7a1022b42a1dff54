import { eventPath } from "../../shared/event-path";
import { garage } from "../../shared/garage";
import type { Lang } from "../../shared/lang";
import type { EventPageEvent } from "./event-page";
import { romeIso } from "./event-page";
import { eventWhen, fallbackImage, inLanguage, type Catalogue } from "./islands";
import { languageUrl } from "./language-links";
import { OBJECT_PREFIX } from "./uploads";

/** Chats (WhatsApp, Telegram) drop a share card's image above this size; SVG they never show. */
export const OG_IMAGE_MAX_BYTES = 600 * 1024;
/** The site's own picture for events without a usable image (public/og-default.jpg, 1200×630). */
export const DEFAULT_OG_IMAGE = "/og-default.jpg";
/** At or under this many free spots an offer is LimitedAvailability. */
export const LIMITED_SPOTS = 10;

const SCHEMA = "https://schema.org/";

/** The share card's picture: the uploaded image if a chat can show it, else the title's bundled picture, else the site's. */
export function ogImagePath(page: Pick<EventPageEvent, "event" | "imageBytes">): string {
  const own = page.event.imageUrl;
  const showable = own !== null && /\.(jpe?g|png|webp)$/i.test(own) && (own.startsWith(OBJECT_PREFIX) ? page.imageBytes !== null && page.imageBytes <= OG_IMAGE_MAX_BYTES : true);
  if (showable) return own;
  return fallbackImage(page.event) ?? DEFAULT_OG_IMAGE;
}

/** "Ancora 37 posti liberi", "Esaurito", "Annullato" or "Evento concluso", in `t`'s language. */
export function spotsPhrase(page: Pick<EventPageEvent, "event" | "ended">, t: Catalogue): string {
  if (page.event.cancelled) return t.eventCard.cancelled;
  if (page.ended) return t.eventCard.ended;
  return page.event.availableSpots <= 0 ? t.eventPage.soldOut : t.eventPage.spotsLeft(page.event.availableSpots);
}

export type EventHead = { title: string; description: string; canonical: string; image: string; jsonLd: Record<string, unknown> };

/** Everything the page's <head> says about the event: title, description, share card and schema.org Event. */
export function eventHead(page: EventPageEvent, lang: Lang, t: Catalogue, baseUrl: string): EventHead {
  const event = inLanguage(page.event, lang);
  const canonical = languageUrl(baseUrl, eventPath(page.event), lang);
  const image = new URL(ogImagePath(page), `${baseUrl}/`).href;
  const when = eventWhen(event, t);
  const description = t.eventPage.description(event.title, when, spotsPhrase(page, t));
  return { title: t.eventPage.title(event.title), description, canonical, image, jsonLd: eventJsonLd(page, event, canonical, image, baseUrl, lang) };
}

function availability(free: number): string {
  if (free <= 0) return `${SCHEMA}SoldOut`;
  return free <= LIMITED_SPOTS ? `${SCHEMA}LimitedAvailability` : `${SCHEMA}InStock`;
}

function eventStatus(page: EventPageEvent): string {
  if (page.event.cancelled) return `${SCHEMA}EventCancelled`;
  // "Rinvia" always sets the new date: schema.org's rescheduled (postponed is for an event without one).
  if (page.previousDatetime !== null) return `${SCHEMA}EventRescheduled`;
  return `${SCHEMA}EventScheduled`;
}

/** The address of the garage (garage.address: "Via …, 80125 Napoli") as a schema.org PostalAddress. */
function postalAddress() {
  const [street, rest = ""] = garage.address.split(/,\s*/);
  const [, postalCode = "", locality = rest] = /^(\d{5})\s+(.*)$/.exec(rest) ?? [];
  return { "@type": "PostalAddress", streetAddress: street, postalCode, addressLocality: locality, addressRegion: "NA", addressCountry: "IT" };
}

/**
 * schema.org Event as the page shows it: dates in Rome time with their offset (none for an
 * always-open or undated event), the garage as the place, one Offer per rate that can be paid
 * online while the event sells (a cancelled or ended event offers nothing).
 */
export function eventJsonLd(page: EventPageEvent, event: EventPageEvent["event"], url: string, image: string, baseUrl: string, lang: Lang): Record<string, unknown> {
  const start = event.datetime ? Date.parse(event.datetime) : null;
  const end = event.endsAt ? Date.parse(event.endsAt) : null;
  const selling = !event.cancelled && !page.ended;
  const offers = selling
    ? event.rates
        .filter((r) => r.isPayable)
        .map((r) => ({ "@type": "Offer", name: r.name, price: r.price, priceCurrency: "EUR", availability: availability(event.availableSpots), url }))
    : [];
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    ...(event.description ? { description: event.description } : {}),
    url,
    // The language the page (and so its texts here) is written in.
    inLanguage: lang,
    image: [image],
    ...(start !== null ? { startDate: romeIso(start) } : {}),
    ...(end !== null ? { endDate: romeIso(end) } : {}),
    ...(page.previousDatetime !== null && !event.cancelled ? { previousStartDate: romeIso(page.previousDatetime) } : {}),
    eventStatus: eventStatus(page),
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    location: { "@type": "Place", name: garage.name, address: postalAddress() },
    organizer: { "@type": "Organization", name: garage.name, url: baseUrl },
    ...(offers.length ? { offers } : {}),
  };
}
