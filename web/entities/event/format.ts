import championsImage from "../../assets/fallback/champions.webp";
import edenlandiaImage from "../../assets/fallback/edenlandia.webp";
import elodieImage from "../../assets/fallback/elodie.webp";
import napoliImage from "../../assets/fallback/napoli.webp";
import pinguiniImage from "../../assets/fallback/pinguini.webp";
import type { Catalogue, Lang } from "../../i18n/catalogue";
import { formatLongDateTime, truncate } from "../../lib/format-basic";
import { formatDistance, formatDuration } from "../../../shared/lifecycle/event";
import type { EventDto, RateDto } from "./types";
import { readsEnglishTwin } from "../../../shared/lang";

const RATE_NAME_MAX = 20;
const READ_MORE_OVER = 80;

// Spec §2: the five keywords, checked in this order, case-insensitive.
const FALLBACKS: [keyword: string, image: string][] = [
  ["pinguini", pinguiniImage],
  ["champions", championsImage],
  ["edenlandia", edenlandiaImage],
  ["napoli", napoliImage],
  ["elodie", elodieImage],
];

/** The event's own image, else the bundled image of the first keyword in its title, else null (placeholder icon). */
export function eventImage(event: Pick<EventDto, "imageUrl" | "title">): string | null {
  if (event.imageUrl) return event.imageUrl;
  const title = event.title.toLowerCase();
  return FALLBACKS.find(([keyword]) => title.includes(keyword))?.[1] ?? null;
}

/** The bundled image of the first keyword in the title, whatever the event's own image: the fallback when that one fails to load. */
export function fallbackImage(event: Pick<EventDto, "title">): string | null {
  return eventImage({ imageUrl: null, title: event.title });
}

/**
 * The event as a visitor of `lang` reads it: in any language but Italian, the garage's English title, description, rate
 * names, category and presale texts where it gave them, else its Italian ones. The image keeps following the Italian title.
 */
export function inLanguage(event: EventDto, lang: Lang): EventDto {
  if (!readsEnglishTwin(lang)) return event;
  return {
    ...event,
    title: event.titleEn || event.title,
    description: event.descriptionEn || event.description,
    rates: event.rates.map((r) => ({ ...r, name: r.nameEn || r.name, description: r.descriptionEn || r.description })),
    category: event.category && { ...event.category, name: event.category.nameEn || event.category.name },
    prevendita_title: event.prevenditaTitleEn || event.prevendita_title,
    prevendita_description: event.prevenditaDescriptionEn || event.prevendita_description,
  };
}

/** Past its start + duration (the server's rule, sent as endsAt): no more booking. */
export function hasEnded(event: Pick<EventDto, "endsAt">, now: number): boolean {
  return event.endsAt !== null && Date.parse(event.endsAt) <= now;
}

/** 'Attivo' for always-active events, the long date, or 'Data non specificata' (in `tr`'s words). */
export function eventWhen(event: Pick<EventDto, "isAlwaysActive" | "datetime">, tr: Catalogue): string {
  if (event.isAlwaysActive) return tr.eventCard.alwaysActive;
  return event.datetime ? formatLongDateTime(event.datetime, tr.dates) : tr.eventCard.noDate;
}

/** "3 ore" / "3 hours". */
export const eventDuration = (event: Pick<EventDto, "durationMinutes">, lang: Lang) => formatDuration(event.durationMinutes, lang);
/** "300 m", "1,5 km" / "1.5 km"; null when the garage gave no distance. */
export const eventDistance = (event: Pick<EventDto, "distanceMeters">, lang: Lang) =>
  event.distanceMeters == null ? null : formatDistance(event.distanceMeters, lang);

export const rateLabel = (rate: Pick<RateDto, "name">) => truncate(rate.name, RATE_NAME_MAX);
export const needsReadMore = (description: string) => description.length > READ_MORE_OVER;
export const isSoldOut = (event: Pick<EventDto, "availableSpots">) => event.availableSpots <= 0;

/** The lowest price among the rates that can be booked online, for the "da €X" badge, in the catalogue's money. */
export function lowestPayablePrice(rates: Pick<RateDto, "price" | "isPayable">[], money: Catalogue["money"]): string | null {
  const prices = rates.filter((r) => r.isPayable).map((r) => Number(r.price));
  return prices.length ? money(String(Math.min(...prices))) : null;
}

/** Why a rate cannot be paid online: presale rates say so in their own words. */
export function unavailableMessage(rate: Pick<RateDto, "name">, tr: Catalogue): string {
  return rate.name.toLowerCase().includes("prevendita") ? tr.booking.presaleNotAvailable : tr.booking.rateNotAvailable;
}
