import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import { GARAGE_TIME_ZONE } from "../../shared/rules";
import { messages, type Field } from "../i18n/it";
import { textField } from "../lib/text";
import { parseAmountToCents } from "../../shared/lifecycle/money";
import { MAX_DISTANCE_METERS, MAX_EVENT_MINUTES } from "../../shared/lifecycle/event";
import type { EventInput, EventSave, EventToggle, RateInput } from "../services/admin-events";
import { normaliseImagePath } from "../services/uploads";

// The spec §7 event payload, validated and normalised here at the boundary (prices in cents,
// instants in ms) so the service only ever sees an EventSave.

const MAX_PRICE_CENTS = 100_000_00;
/** 30 days: a longer deadline would close customer cancellation before most events are even on sale. */
const MAX_CANCEL_DEADLINE_HOURS = 720;

const text = (max: number) => z.string({ error: messages.invalidData }).max(max, messages.textTooLong(max)).nullish();
/** What visitors read: the one text rule (one line and no invisible characters in titles and names). */
const line = (field: Field, max: number) => textField({ field, max, strict: true }).nullish();
const paragraph = (field: Field, max: number) => textField({ field, max, multiline: true }).nullish();
const numberish = z.union([z.number(), z.string()], { error: messages.invalidData }).nullish();
const flag = z.boolean({ error: messages.invalidData }).nullish();

const rawEvent = z.object({
  title: line("title", 200),
  description: paragraph("description", 5000),
  title_en: line("titleEn", 200),
  description_en: paragraph("descriptionEn", 5000),
  datetime: text(40),
  // Whole minutes and whole metres (issue #25): each language writes them its own way.
  durationMinutes: numberish,
  distanceMeters: numberish,
  totalSpots: numberish,
  reservedSpots: numberish,
  occupiedSpots: numberish,
  imageUrl: text(2000),
  isAlwaysActive: flag,
  prevendita_title: line("presaleTitle", 200),
  prevendita_description: paragraph("presaleDescription", 2000),
  prevendita_title_en: line("presaleTitleEn", 200),
  prevendita_description_en: paragraph("presaleDescriptionEn", 2000),
  prevendita_price: numberish,
  isPrevenditaVisible: flag,
  isPrevenditaPayable: flag,
  categoryId: numberish,
  isActive: z.boolean({ error: messages.invalidData }).optional(),
  cancelDeadlineHours: numberish,
});

const rawRate = z.object({
  id: z.number({ error: messages.rateNotFound }).int(messages.rateNotFound).positive(messages.rateNotFound).nullish(),
  name: line("rateName", 200),
  description: paragraph("rateDescription", 2000),
  name_en: line("rateNameEn", 200),
  description_en: paragraph("rateDescriptionEn", 2000),
  price: numberish,
  isVisible: flag,
  isPayable: flag,
  sortOrder: z.number({ error: messages.invalidData }).int(messages.invalidData).nullish(),
  // The validity window (issue 23): whole minutes before the start and after the end, blank for none.
  minutesBeforeStart: numberish,
  minutesAfterEnd: numberish,
});

/** A week: a wider window around one event would be a different product. */
const MAX_WINDOW_MINUTES = 7 * 24 * 60;


const blank = (v: string | number | null | undefined) => v == null || (typeof v === "string" && v.trim() === "");
const trimmed = (v: string | null | undefined) => (v ?? "").trim();

/** A count from a number or a numeric string; null when blank, NaN when not a whole number. */
function toCount(v: string | number | null | undefined): number | null {
  if (blank(v)) return null;
  const n = typeof v === "number" ? v : Number(v!.trim());
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

/**
 * An ISO instant ("2026-03-14T20:00:00.000Z", with offset) or the local Rome time an
 * <input type="datetime-local"> gives ("2026-03-14T21:00").
 */
export function parseEventDatetime(value: string): number | null {
  const v = value.trim();
  try {
    if (/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:?\d\d)$/i.test(v)) return Temporal.Instant.from(v).epochMilliseconds;
    if (/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?$/.test(v)) {
      return Temporal.PlainDateTime.from(v).toZonedDateTime(GARAGE_TIME_ZONE).epochMilliseconds;
    }
  } catch {
    return null;
  }
  return null;
}

type Ctx = z.core.$RefinementCtx;

function refuse(ctx: Ctx, message: string, path: (string | number)[] = []): typeof z.NEVER {
  ctx.addIssue({ code: "custom", message, path });
  return z.NEVER;
}

function normaliseEvent(e: z.output<typeof rawEvent>, ctx: Ctx): EventInput {
  const isAlwaysActive = e.isAlwaysActive ?? false;
  const totalSpots = toCount(e.totalSpots);
  const missing = [e.title, e.description, e.durationMinutes, e.distanceMeters].some(blank) || totalSpots === null;
  const dateMissing = !isAlwaysActive && blank(e.datetime);
  if (missing) return refuse(ctx, messages.requiredFields, ["event"]);
  if (dateMissing) return refuse(ctx, messages.dateRequired, ["event", "datetime"]);

  const datetime = isAlwaysActive ? null : parseEventDatetime(e.datetime!);
  if (!isAlwaysActive && datetime === null) return refuse(ctx, messages.invalidDatetime, ["event", "datetime"]);
  const durationMinutes = toCount(e.durationMinutes)!;
  if (!(durationMinutes >= 1 && durationMinutes <= MAX_EVENT_MINUTES)) return refuse(ctx, messages.invalidDuration, ["event", "durationMinutes"]);
  const distanceMeters = toCount(e.distanceMeters)!;
  if (!(distanceMeters >= 0 && distanceMeters <= MAX_DISTANCE_METERS)) return refuse(ctx, messages.invalidDistance, ["event", "distanceMeters"]);
  if (!(totalSpots! >= 1)) return refuse(ctx, messages.invalidTotalSpots, ["event", "totalSpots"]);
  const reservedSpots = toCount(e.reservedSpots) ?? 0;
  const occupiedSpots = toCount(e.occupiedSpots) ?? 0;
  if (!(reservedSpots >= 0) || !(occupiedSpots >= 0)) {
    return refuse(ctx, messages.invalidHeldSpots, ["event"]);
  }

  let imageUrl: string | null = null;
  if (!blank(e.imageUrl)) {
    imageUrl = normaliseImagePath(e.imageUrl!);
    if (!imageUrl) return refuse(ctx, messages.invalidImageUrl, ["event", "imageUrl"]);
  }

  let categoryId: number | null = null;
  if (!blank(e.categoryId)) {
    categoryId = toCount(e.categoryId);
    if (!(categoryId! > 0)) return refuse(ctx, messages.categoryNotFound, ["event", "categoryId"]);
  }

  const isPrevenditaPayable = e.isPrevenditaPayable ?? false;
  let prevenditaPriceCents: number | null = null;
  if (!blank(e.prevendita_price)) {
    prevenditaPriceCents = parseAmountToCents(e.prevendita_price!);
    if (prevenditaPriceCents === null || prevenditaPriceCents > MAX_PRICE_CENTS) {
      return refuse(ctx, messages.invalidPresalePrice, ["event", "prevendita_price"]);
    }
  }
  if (isPrevenditaPayable && !(prevenditaPriceCents! > 0)) {
    return refuse(ctx, messages.presalePriceRequired, ["event", "prevendita_price"]);
  }

  // Always-active events have no start, so no deadline (the pass can be cancelled until used).
  let cancelDeadlineHours: number | null = null;
  if (!isAlwaysActive && !blank(e.cancelDeadlineHours)) {
    cancelDeadlineHours = toCount(e.cancelDeadlineHours);
    if (!(cancelDeadlineHours! >= 0 && cancelDeadlineHours! <= MAX_CANCEL_DEADLINE_HOURS)) {
      return refuse(ctx, messages.invalidCancelDeadline, ["event", "cancelDeadlineHours"]);
    }
  }

  return {
    title: trimmed(e.title),
    description: trimmed(e.description),
    titleEn: blank(e.title_en) ? null : trimmed(e.title_en),
    descriptionEn: blank(e.description_en) ? null : trimmed(e.description_en),
    datetime,
    isAlwaysActive,
    durationMinutes,
    distanceMeters,
    totalSpots: totalSpots!,
    reservedSpots,
    occupiedSpots,
    imageUrl,
    categoryId,
    ...(e.isActive === undefined ? {} : { isActive: e.isActive }),
    prevenditaTitle: blank(e.prevendita_title) ? null : trimmed(e.prevendita_title),
    prevenditaDescription: blank(e.prevendita_description) ? null : trimmed(e.prevendita_description),
    prevenditaTitleEn: blank(e.prevendita_title_en) ? null : trimmed(e.prevendita_title_en),
    prevenditaDescriptionEn: blank(e.prevendita_description_en) ? null : trimmed(e.prevendita_description_en),
    prevenditaPriceCents,
    isPrevenditaVisible: e.isPrevenditaVisible ?? false,
    isPrevenditaPayable,
    cancelDeadlineHours,
  };
}

/** Empty rows of the form are ignored; a half-filled one is an error rather than silently dropped. */
function normaliseRates(list: z.output<typeof rawRate>[], ctx: Ctx): RateInput[] {
  const rows = list.filter((r) => !(blank(r.name) && blank(r.price) && r.id == null));
  const out: RateInput[] = [];
  const ids = new Set<number>();
  for (const [i, r] of rows.entries()) {
    if (blank(r.name) || blank(r.price)) return refuse(ctx, rows.length === 1 ? messages.rateRequired : messages.rateIncomplete, ["rates", i]);
    const priceCents = parseAmountToCents(r.price!);
    if (priceCents === null || priceCents > MAX_PRICE_CENTS) return refuse(ctx, messages.invalidRatePrice, ["rates", i, "price"]);
    const window = [r.minutesBeforeStart, r.minutesAfterEnd].map(toCount);
    for (const [k, field] of (["minutesBeforeStart", "minutesAfterEnd"] as const).entries()) {
      const minutes = window[k];
      if (minutes !== null && !(Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_WINDOW_MINUTES)) return refuse(ctx, messages.invalidRateWindow, ["rates", i, field]);
    }
    if (r.id != null) {
      if (ids.has(r.id)) return refuse(ctx, messages.repeatedRate, ["rates", i, "id"]);
      ids.add(r.id);
    }
    out.push({
      id: r.id ?? null,
      name: trimmed(r.name),
      description: trimmed(r.description),
      nameEn: blank(r.name_en) ? null : trimmed(r.name_en),
      descriptionEn: blank(r.description_en) ? null : trimmed(r.description_en),
      priceCents,
      isVisible: r.isVisible ?? true,
      isPayable: r.isPayable ?? true,
      sortOrder: r.sortOrder ?? i + 1,
      minutesBeforeStart: window[0],
      minutesAfterEnd: window[1],
    });
  }
  if (out.length === 0) return refuse(ctx, messages.rateRequired, ["rates"]);
  return out;
}

const fullBody = z.object({
  event: rawEvent,
  rates: z.array(rawRate, { error: messages.rateRequired }).max(50, messages.tooManyRates).nullish(),
});

/** POST /api/events: the spec §7 payload, validated and normalised (prices in cents, instants in ms). */
export const eventCreateBody = fullBody.transform((body, ctx): EventSave => {
  const event = normaliseEvent(body.event, ctx);
  if (ctx.issues.length) return z.NEVER;
  return { kind: "full", event, rates: normaliseRates(body.rates ?? [], ctx) };
});

/** PUT /api/events/:id: the full payload, or `{event:{isActive}}` alone (the table's toggle). */
export const eventUpdateBody = fullBody.transform((body, ctx): EventSave | EventToggle => {
  const keys = Object.keys(body.event).filter((k) => body.event[k as keyof typeof body.event] !== undefined);
  if (body.rates == null && keys.length === 1 && keys[0] === "isActive") return { kind: "toggle", isActive: body.event.isActive! };
  const event = normaliseEvent(body.event, ctx);
  if (ctx.issues.length) return z.NEVER;
  return { kind: "full", event, rates: normaliseRates(body.rates ?? [], ctx) };
});
