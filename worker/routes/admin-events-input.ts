import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import { GARAGE_TIME_ZONE } from "../../shared/rules";
import { messages, type Field } from "../i18n/it";
import { textField, type TextRule } from "../lib/text";
import { translationsInput } from "../lib/translations-input";
import * as zm from "zod/mini";
import { blank, eventFormSchema, toCount } from "../../shared/forms/admin-event-form";
import type { EventInput, EventSave, EventToggle, RateInput } from "../services/admin-events";
import { normaliseImagePath } from "../services/uploads";

// The spec §7 event payload, validated and normalised here at the boundary (prices in cents,
// instants in ms) so the service only ever sees an EventSave.

const text = (max: number) => z.string({ error: messages.invalidData }).max(max, messages.textTooLong(max)).nullish();
const italian = (rule: TextRule) => textField(rule).nullish();
/**
 * A text visitors read under `key`, and its other languages under `key_translations` ({ en: "…", de: "…" },
 * decision 062), both under the one text rule: one line and no invisible characters in titles and names.
 */
const translatable = <K extends string>(key: K, rule: TextRule) =>
  ({ [key]: italian(rule), [`${key}_translations`]: translationsInput(rule) }) as Record<K, ReturnType<typeof italian>> &
    Record<`${K}_translations`, ReturnType<typeof translationsInput>>;
const line = <K extends string>(key: K, field: Field, max: number) => translatable(key, { field, max, strict: true });
const paragraph = <K extends string>(key: K, field: Field, max: number) => translatable(key, { field, max, multiline: true });
const numberish = z.union([z.number(), z.string()], { error: messages.invalidData }).nullish();
const flag = z.boolean({ error: messages.invalidData }).nullish();

const rawEvent = z.object({
  ...line("title", "title", 200),
  ...paragraph("description", "description", 5000),
  datetime: text(40),
  // Whole minutes and whole metres (issue #25): each language writes them its own way.
  durationMinutes: numberish,
  distanceMeters: numberish,
  totalSpots: numberish,
  reservedSpots: numberish,
  occupiedSpots: numberish,
  imageUrl: text(2000),
  isAlwaysActive: flag,
  ...line("prevendita_title", "presaleTitle", 200),
  ...paragraph("prevendita_description", "presaleDescription", 2000),
  prevendita_price: numberish,
  isPrevenditaVisible: flag,
  isPrevenditaPayable: flag,
  categoryId: numberish,
  isActive: z.boolean({ error: messages.invalidData }).optional(),
  cancelDeadlineHours: numberish,
});

const rawRate = z.object({
  id: z.number({ error: messages.rateNotFound }).int(messages.rateNotFound).positive(messages.rateNotFound).nullish(),
  ...line("name", "rateName", 200),
  ...paragraph("description", "rateDescription", 2000),
  price: numberish,
  isVisible: flag,
  isPayable: flag,
  sortOrder: z.number({ error: messages.invalidData }).int(messages.invalidData).nullish(),
  // The validity window (issue 23): whole minutes before the start and after the end, blank for none.
  minutesBeforeStart: numberish,
  minutesAfterEnd: numberish,
  // The rate's own VAT in percent ("10", "10,00"); blank or absent: the garage's.
  vatRate: numberish,
});

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

const trimmed = (v: string | null | undefined) => (v ?? "").trim();
const textOrNull = (v: string | null | undefined) => (blank(v) ? null : trimmed(v));

/** The form's rules (shared) with the Worker's words, then what only the Worker checks: the date's format, the image, the category. */
const formRules = eventFormSchema<z.output<typeof rawEvent>, z.output<typeof rawRate>>(messages);

function normalise(body: z.output<typeof fullBody>, ctx: Ctx): { event: EventInput; rates: RateInput[] } {
  const checked = zm.safeParse(formRules, body);
  if (!checked.success) return refuse(ctx, checked.error.issues[0].message, checked.error.issues[0].path as (string | number)[]);
  const { event: n, rateNumbers } = checked.data;
  const e = body.event;

  const datetime = n.isAlwaysActive ? null : parseEventDatetime(e.datetime!);
  if (!n.isAlwaysActive && datetime === null) return refuse(ctx, messages.invalidDatetime, ["event", "datetime"]);

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

  const event: EventInput = {
    title: trimmed(e.title),
    description: trimmed(e.description),
    titleTranslations: e.title_translations ?? {},
    descriptionTranslations: e.description_translations ?? {},
    datetime,
    isAlwaysActive: n.isAlwaysActive,
    durationMinutes: n.durationMinutes,
    distanceMeters: n.distanceMeters,
    totalSpots: n.totalSpots,
    reservedSpots: n.reservedSpots,
    occupiedSpots: n.occupiedSpots,
    imageUrl,
    categoryId,
    ...(e.isActive === undefined ? {} : { isActive: e.isActive }),
    prevenditaTitle: textOrNull(e.prevendita_title),
    prevenditaDescription: textOrNull(e.prevendita_description),
    prevenditaTitleTranslations: e.prevendita_title_translations ?? {},
    prevenditaDescriptionTranslations: e.prevendita_description_translations ?? {},
    prevenditaPriceCents: n.prevenditaPriceCents,
    isPrevenditaVisible: e.isPrevenditaVisible ?? false,
    isPrevenditaPayable: e.isPrevenditaPayable ?? false,
    cancelDeadlineHours: n.cancelDeadlineHours,
  };
  const rates = checked.data.rates.map((r, k): RateInput => {
    const { index: i, priceCents, minutesBeforeStart, minutesAfterEnd, vatRateBp } = rateNumbers[k];
    return {
      id: r.id ?? null,
      name: trimmed(r.name),
      description: trimmed(r.description),
      nameTranslations: r.name_translations ?? {},
      descriptionTranslations: r.description_translations ?? {},
      priceCents,
      isVisible: r.isVisible ?? true,
      isPayable: r.isPayable ?? true,
      sortOrder: r.sortOrder ?? i + 1,
      minutesBeforeStart,
      minutesAfterEnd,
      vatRateBp,
    };
  });
  return { event, rates };
}

const fullBody = z.object({
  event: rawEvent,
  rates: z.array(rawRate, { error: messages.rateRequired }).nullish(),
});

/** POST /api/events: the spec §7 payload, validated and normalised (prices in cents, instants in ms). */
export const eventCreateBody = fullBody.transform((body, ctx): EventSave => {
  return { kind: "full", ...normalise(body, ctx) };
});

/** PUT /api/events/:id: the full payload, or `{event:{isActive}}` alone (the table's toggle). */
export const eventUpdateBody = fullBody.transform((body, ctx): EventSave | EventToggle => {
  const keys = Object.keys(body.event).filter((k) => body.event[k as keyof typeof body.event] !== undefined);
  if (body.rates == null && keys.length === 1 && keys[0] === "isActive") return { kind: "toggle", isActive: body.event.isActive! };
  return { kind: "full", ...normalise(body, ctx) };
});
