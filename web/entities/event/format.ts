import championsImage from "../../assets/fallback/champions.webp";
import edenlandiaImage from "../../assets/fallback/edenlandia.webp";
import elodieImage from "../../assets/fallback/elodie.webp";
import napoliImage from "../../assets/fallback/napoli.webp";
import pinguiniImage from "../../assets/fallback/pinguini.webp";
import type { Catalogue, Lang } from "../../i18n/catalogue";
import { formatLongDateTime, truncate } from "../../lib/format-basic";
import { formatDistance, formatDuration } from "../../../shared/lifecycle/event";
import type { EventDto, RateDto } from "./types";
import { DEFAULT_LANG } from "../../../shared/lang";
import { translated, type Translations } from "../../../shared/translations";

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
 * The event as a visitor of `lang` reads it: the garage's title, description, rate names, category and presale texts
 * in their language, else English, else the Italian (shared/translations.ts). The image keeps following the Italian title.
 */
export function inLanguage(event: EventDto, lang: Lang): EventDto {
  if (lang === DEFAULT_LANG) return event;
  const presale = (italian: string | null, translations: Translations) => (italian == null ? null : translated(italian, translations, lang));
  return {
    ...event,
    title: translated(event.title, event.titleTranslations, lang),
    description: translated(event.description, event.descriptionTranslations, lang),
    rates: event.rates.map((r) => ({ ...r, name: translated(r.name, r.nameTranslations, lang), description: translated(r.description, r.descriptionTranslations, lang) })),
    category: event.category && { ...event.category, name: translated(event.category.name, event.category.nameTranslations, lang) },
    prevendita_title: presale(event.prevendita_title, event.prevenditaTitleTranslations),
    prevendita_description: presale(event.prevendita_description, event.prevenditaDescriptionTranslations),
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
