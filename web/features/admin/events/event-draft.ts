import * as InstantFns from "temporal-polyfill/fns/Instant";
import { itAdmin } from "../../../i18n/it-admin";
import { GARAGE_TIME_ZONE } from "../../../lib/format";
import { centsToDecimal, parseAmountToCents } from "../../../../shared/lifecycle/money";
import { DEFAULT_EVENT_MINUTES } from "../../../../shared/lifecycle/event";
import { eventFormProblem } from "../../../../shared/forms/admin-event-form";
import type { EventDto, RateDto } from "./types";
import { cleanTranslations, type Translations } from "../../../../shared/translations";

/** A rate as the form edits it: its texts, price and switches as the API gives them; its window and VAT as typed. */
export type RateDraft = Pick<RateDto, "name" | "description" | "nameTranslations" | "descriptionTranslations" | "price" | "isVisible" | "isPayable"> & {
  /** Stable key for React and dnd-kit; existing rates use their id. */
  key: string;
  id?: number;
  /** The validity window in hours ("4", "1.5"), blank for none: from before the start, until after the end. */
  hoursBefore?: string;
  hoursAfter?: string;
  /** The rate's own VAT in percent ("10"), blank for the garage's. */
  vatRate?: string;
};

export type EventDraft = {
  title: string;
  description: string;
  titleTranslations: Translations;
  descriptionTranslations: Translations;
  categoryId: string;
  /** "YYYY-MM-DDTHH:mm" in Rome, as <input type="datetime-local"> gives it. */
  datetime: string;
  isAlwaysActive: boolean;
  /** Hours, decimals allowed ("2,5" is two and a half hours); sent as whole minutes. */
  durationHours: string;
  /** Whole metres from the venue. */
  distanceMeters: string;
  totalSpots: string;
  reservedSpots: string;
  occupiedSpots: string;
  imageUrl: string | null;
  prevenditaTitle: string;
  prevenditaDescription: string;
  prevenditaTitleTranslations: Translations;
  prevenditaDescriptionTranslations: Translations;
  prevenditaPrice: string;
  isPrevenditaVisible: boolean;
  isPrevenditaPayable: boolean;
  /** Hours before the start until which a customer may cancel; "" is the default (24). */
  cancelDeadlineHours: string;
  rates: RateDraft[];
};

export type EventPayload = {
  event: {
    title: string;
    description: string;
    title_translations: Translations;
    description_translations: Translations;
    datetime: string | null;
    durationMinutes: number | string;
    distanceMeters: number | string;
    totalSpots: number | string;
    reservedSpots: number | string;
    occupiedSpots: number | string;
    imageUrl: string | null;
    isAlwaysActive: boolean;
    prevendita_title: string | null;
    prevendita_description: string | null;
    prevendita_title_translations: Translations;
    prevendita_description_translations: Translations;
    prevendita_price: string | null;
    isPrevenditaVisible: boolean;
    isPrevenditaPayable: boolean;
    categoryId: number | null;
    cancelDeadlineHours: number | string | null;
  };
  rates: { id?: number; name: string; description: string; name_translations: Translations; description_translations: Translations; price: string; isVisible: boolean; isPayable: boolean; sortOrder: number; minutesBeforeStart: number | string | null; minutesAfterEnd: number | string | null; vatRate: string | null }[];
};

let draftKey = 0;
export function newRateDraft(): RateDraft {
  draftKey += 1;
  return { key: `new-${draftKey}`, name: "", description: "", nameTranslations: {}, descriptionTranslations: {}, price: "", isVisible: true, isPayable: true, hoursBefore: "", hoursAfter: "", vatRate: "" };
}

export function emptyDraft(): EventDraft {
  return {
    title: "",
    description: "",
    titleTranslations: {},
    descriptionTranslations: {},
    categoryId: "",
    datetime: "",
    isAlwaysActive: false,
    durationHours: String(DEFAULT_EVENT_MINUTES / 60),
    distanceMeters: "",
    totalSpots: "",
    reservedSpots: "0",
    occupiedSpots: "0",
    imageUrl: null,
    prevenditaTitle: "",
    prevenditaDescription: "",
    prevenditaTitleTranslations: {},
    prevenditaDescriptionTranslations: {},
    prevenditaPrice: "",
    isPrevenditaVisible: false,
    isPrevenditaPayable: false,
    cancelDeadlineHours: "",
    rates: [newRateDraft()],
  };
}

/** An instant as the value of a datetime-local input, in the garage's time zone. */
export function toRomeLocalInput(iso: string): string {
  const z = InstantFns.toZonedDateTimeISO(InstantFns.fromString(iso), GARAGE_TIME_ZONE);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${String(z.year).padStart(4, "0")}-${p(z.month)}-${p(z.day)}T${p(z.hour)}:${p(z.minute)}`;
}

export function rateToDraft(rate: RateDto): RateDraft {
  return {
    key: `rate-${rate.id}`,
    id: rate.id,
    name: rate.name,
    description: rate.description,
    nameTranslations: { ...rate.nameTranslations },
    descriptionTranslations: { ...rate.descriptionTranslations },
    price: rate.price,
    isVisible: rate.isVisible,
    isPayable: rate.isPayable,
    hoursBefore: rate.minutesBeforeStart == null ? "" : String(rate.minutesBeforeStart / 60),
    hoursAfter: rate.minutesAfterEnd == null ? "" : String(rate.minutesAfterEnd / 60),
    vatRate: rate.vatRate == null ? "" : rate.vatRate.replace(/\.00$/, ""),
  };
}

/** The duration typed in hours ("2,5") as whole minutes; null when it is not a positive number. */
export function draftMinutes(hours: string): number | null {
  const minutes = toMinutes(hours);
  return typeof minutes === "number" && minutes > 0 ? minutes : null;
}

/** Hours typed in the form as minutes; what is not a number goes as typed, for the server to refuse. */
const toMinutes = (hours: string) => {
  if (blank(hours)) return null;
  const n = Number(hours.trim().replace(",", "."));
  return Number.isFinite(n) ? Math.round(n * 60) : hours;
};

export function draftFromEvent(event: EventDto): EventDraft {
  return {
    title: event.title,
    description: event.description,
    titleTranslations: { ...event.titleTranslations },
    descriptionTranslations: { ...event.descriptionTranslations },
    categoryId: event.categoryId == null ? "" : String(event.categoryId),
    datetime: event.datetime ? toRomeLocalInput(event.datetime) : "",
    isAlwaysActive: event.isAlwaysActive,
    durationHours: String(event.durationMinutes / 60),
    distanceMeters: event.distanceMeters == null ? "" : String(event.distanceMeters),
    totalSpots: String(event.totalSpots),
    reservedSpots: String(event.reservedSpots),
    occupiedSpots: String(event.occupiedSpots),
    imageUrl: event.imageUrl,
    prevenditaTitle: event.prevendita_title ?? "",
    prevenditaDescription: event.prevendita_description ?? "",
    prevenditaTitleTranslations: { ...event.prevenditaTitleTranslations },
    prevenditaDescriptionTranslations: { ...event.prevenditaDescriptionTranslations },
    prevenditaPrice: event.prevendita_price ?? "",
    isPrevenditaVisible: event.isPrevenditaVisible,
    isPrevenditaPayable: event.isPrevenditaPayable,
    cancelDeadlineHours: event.cancelDeadlineHours == null ? "" : String(event.cancelDeadlineHours),
    rates: event.rates.length > 0 ? event.rates.map(rateToDraft) : [newRateDraft()],
  };
}

const blank = (v: string) => v.trim() === "";
const isCount = (v: string) => /^\d+$/.test(v.trim());
/** A count as typed: a number when it is one, else the text, for the rules to refuse. */
const count = (v: string) => (isCount(v) ? Number(v) : v.trim());

/**
 * Spec §5: the message to show, or null when the draft may be saved. The rules are the server's own
 * (shared/forms/admin-event-form.ts), run on the payload the form would send; this only spares a round trip.
 */
export function validateDraft(d: EventDraft): string | null {
  return eventFormProblem(itAdmin.eventModal.errors, toPayload(d))?.message ?? null;
}

/** A price as the API writes it ("15.00"); what is not a price goes as typed, for the rules to refuse. */
const decimal = (v: string) => {
  const cents = parseAmountToCents(v);
  return cents === null ? v.trim() : centsToDecimal(cents);
};
const orNull = (v: string) => (blank(v) ? null : v.trim());

/** The spec §7 payload of POST /api/events and PUT /api/events/:id. Rows left entirely empty are dropped (a cleared rate is removed). */
export function toPayload(d: EventDraft): EventPayload {
  const rates = d.rates
    .filter((r) => !(blank(r.name) && blank(r.price) && blank(r.description)))
    .map((r, i) => ({
      ...(r.id ? { id: r.id } : {}),
      name: r.name.trim(),
      description: r.description.trim(),
      name_translations: cleanTranslations(r.nameTranslations),
      description_translations: cleanTranslations(r.descriptionTranslations),
      price: decimal(r.price),
      isVisible: r.isVisible,
      isPayable: r.isPayable,
      sortOrder: i + 1,
      minutesBeforeStart: toMinutes(r.hoursBefore ?? ""),
      minutesAfterEnd: toMinutes(r.hoursAfter ?? ""),
      vatRate: orNull(r.vatRate ?? ""),
    }));
  return {
    event: {
      title: d.title.trim(),
      description: d.description.trim(),
      title_translations: cleanTranslations(d.titleTranslations),
      description_translations: cleanTranslations(d.descriptionTranslations),
      datetime: d.isAlwaysActive ? null : d.datetime,
      durationMinutes: toMinutes(d.durationHours) ?? "",
      distanceMeters: count(d.distanceMeters),
      totalSpots: count(d.totalSpots),
      reservedSpots: blank(d.reservedSpots) ? 0 : count(d.reservedSpots),
      occupiedSpots: blank(d.occupiedSpots) ? 0 : count(d.occupiedSpots),
      imageUrl: d.imageUrl,
      isAlwaysActive: d.isAlwaysActive,
      prevendita_title: orNull(d.prevenditaTitle),
      prevendita_description: orNull(d.prevenditaDescription),
      prevendita_title_translations: cleanTranslations(d.prevenditaTitleTranslations),
      prevendita_description_translations: cleanTranslations(d.prevenditaDescriptionTranslations),
      prevendita_price: blank(d.prevenditaPrice) ? null : decimal(d.prevenditaPrice),
      isPrevenditaVisible: d.isPrevenditaVisible,
      isPrevenditaPayable: d.isPrevenditaPayable,
      categoryId: d.categoryId === "" ? null : Number(d.categoryId),
      // Always-active events have no start, so no deadline.
      cancelDeadlineHours: d.isAlwaysActive || blank(d.cancelDeadlineHours) ? null : count(d.cancelDeadlineHours),
    },
    rates,
  };
}
