/**
 * The rules of the admin's event form (spec §5, §7), written once: the Worker validates POST/PUT /api/events
 * with them and the staff screen checks the payload it is about to send with them. zod's mini build, loaded
 * with the admin chunks only. A problem is a code; each side words it from its catalogue (`EventFormWords`).
 * What the form cannot get wrong (the date picker's format, an uploaded image's path, a category from a list)
 * and the one text rule for characters stay the Worker's (worker/routes/admin-events-input.ts).
 */
import * as z from "zod/mini";
import { parseAmountToCents } from "../lifecycle/money";
import { MAX_DISTANCE_METERS, MAX_EVENT_MINUTES } from "../lifecycle/event";

export const EVENT_PROBLEMS = [
  "requiredFields",
  "dateRequired",
  "invalidDuration",
  "invalidDistance",
  "invalidTotalSpots",
  "invalidHeldSpots",
  "invalidPresalePrice",
  "presalePriceRequired",
  "invalidCancelDeadline",
  "rateRequired",
  "rateIncomplete",
  "invalidRatePrice",
  "invalidRateWindow",
  "invalidRateVat",
  "repeatedRate",
  "tooManyRates",
] as const;
export type EventProblem = (typeof EVENT_PROBLEMS)[number];
export type EventFormWords = Record<EventProblem, string>;

export const MAX_PRICE_CENTS = 100_000_00;
/** 30 days: a longer deadline would close customer cancellation before most events are even on sale. */
export const MAX_CANCEL_DEADLINE_HOURS = 720;
/** A week: a wider window around one event would be a different product. */
export const MAX_WINDOW_MINUTES = 7 * 24 * 60;
export const MAX_RATES = 50;

type Value = string | number | null | undefined;

export const blank = (v: Value) => v == null || (typeof v === "string" && v.trim() === "");

/** A count from a number or a numeric string; null when blank, NaN when not a whole number. */
export function toCount(v: Value): number | null {
  if (blank(v)) return null;
  const n = typeof v === "number" ? v : Number(v!.trim());
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

/** The fields of the spec §7 event the rules read; the rest (texts, image, category) pass through. */
export type EventFields = {
  title?: Value;
  description?: Value;
  datetime?: Value;
  isAlwaysActive?: boolean | null;
  durationMinutes?: Value;
  distanceMeters?: Value;
  totalSpots?: Value;
  reservedSpots?: Value;
  occupiedSpots?: Value;
  prevendita_price?: Value;
  isPrevenditaPayable?: boolean | null;
  cancelDeadlineHours?: Value;
};
export type RateFields = { id?: number | null; name?: Value; description?: Value; price?: Value; minutesBeforeStart?: Value; minutesAfterEnd?: Value; vatRate?: Value };

/** A row of the rates editor left entirely empty: ignored rather than refused. */
export const isEmptyRate = (r: RateFields) => blank(r.name) && blank(r.price) && blank(r.description) && r.id == null;

/** A rate that passed: its position among the rows kept, its price in cents, its validity window in minutes. */
export type RateNumbers = { index: number; priceCents: number; minutesBeforeStart: number | null; minutesAfterEnd: number | null; vatRateBp: number | null };

/** A VAT rate as typed ("10", "10,00", 4) in basis points; null when it is not one (0–100 %, two decimals at most). */
export function parseVatRateBp(value: string | number): number | null {
  const v = String(value).trim().replace(",", ".");
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(v) || Number(v) > 100) return null;
  return Math.round(Number(v) * 100);
}

type Ctx = { issues: z.core.$ZodRawIssue[] };

function eventNumbers(e: EventFields, w: EventFormWords, ctx: Ctx) {
  const refuse = (code: EventProblem, field?: string) => (ctx.issues.push({ code: "custom", message: w[code], path: field ? ["event", field] : ["event"], input: e }), null);
  const isAlwaysActive = e.isAlwaysActive ?? false;
  const totalSpots = toCount(e.totalSpots);
  // Spec §5: the date's own message whenever it is missing, else the general one.
  if (!isAlwaysActive && blank(e.datetime)) return refuse("dateRequired", "datetime");
  if ([e.title, e.description, e.durationMinutes, e.distanceMeters].some(blank) || totalSpots === null) return refuse("requiredFields");
  const durationMinutes = toCount(e.durationMinutes)!;
  if (!(durationMinutes >= 1 && durationMinutes <= MAX_EVENT_MINUTES)) return refuse("invalidDuration", "durationMinutes");
  const distanceMeters = toCount(e.distanceMeters)!;
  if (!(distanceMeters >= 0 && distanceMeters <= MAX_DISTANCE_METERS)) return refuse("invalidDistance", "distanceMeters");
  if (!(totalSpots >= 1)) return refuse("invalidTotalSpots", "totalSpots");
  const reservedSpots = toCount(e.reservedSpots) ?? 0;
  const occupiedSpots = toCount(e.occupiedSpots) ?? 0;
  if (!(reservedSpots >= 0) || !(occupiedSpots >= 0)) return refuse("invalidHeldSpots");

  let prevenditaPriceCents: number | null = null;
  if (!blank(e.prevendita_price)) {
    prevenditaPriceCents = parseAmountToCents(e.prevendita_price!);
    if (prevenditaPriceCents === null || prevenditaPriceCents > MAX_PRICE_CENTS) return refuse("invalidPresalePrice", "prevendita_price");
  }
  if (e.isPrevenditaPayable && !(prevenditaPriceCents! > 0)) return refuse("presalePriceRequired", "prevendita_price");

  // Always-active events have no start, so no deadline (the pass can be cancelled until used).
  let cancelDeadlineHours: number | null = null;
  if (!isAlwaysActive && !blank(e.cancelDeadlineHours)) {
    cancelDeadlineHours = toCount(e.cancelDeadlineHours);
    if (!(cancelDeadlineHours! >= 0 && cancelDeadlineHours! <= MAX_CANCEL_DEADLINE_HOURS)) return refuse("invalidCancelDeadline", "cancelDeadlineHours");
  }
  return { isAlwaysActive, durationMinutes, distanceMeters, totalSpots, reservedSpots, occupiedSpots, prevenditaPriceCents, cancelDeadlineHours };
}

/** Empty rows are ignored; a half-filled one is an error rather than silently dropped. */
function rateNumbers(list: RateFields[], w: EventFormWords, ctx: Ctx): { rows: RateFields[]; numbers: RateNumbers[] } | null {
  const refuse = (code: EventProblem, path: (string | number)[]) => (ctx.issues.push({ code: "custom", message: w[code], path: ["rates", ...path], input: list }), null);
  if (list.length > MAX_RATES) return refuse("tooManyRates", []);
  const rows = list.filter((r) => !isEmptyRate(r));
  const numbers: RateNumbers[] = [];
  const ids = new Set<number>();
  for (const [i, r] of rows.entries()) {
    if (blank(r.name) || blank(r.price)) return refuse(rows.length === 1 ? "rateRequired" : "rateIncomplete", [i]);
    const priceCents = parseAmountToCents(r.price!);
    if (priceCents === null || priceCents > MAX_PRICE_CENTS) return refuse("invalidRatePrice", [i, "price"]);
    const window = [toCount(r.minutesBeforeStart), toCount(r.minutesAfterEnd)] as const;
    for (const [k, field] of (["minutesBeforeStart", "minutesAfterEnd"] as const).entries()) {
      const minutes = window[k];
      if (minutes !== null && !(Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_WINDOW_MINUTES)) return refuse("invalidRateWindow", [i, field]);
    }
    // A rate's own VAT, when it is not the garage's (docs/decisions/055-sdi-sending.md); blank: the garage's.
    const vatRateBp = blank(r.vatRate) ? null : parseVatRateBp(r.vatRate!);
    if (!blank(r.vatRate) && vatRateBp === null) return refuse("invalidRateVat", [i, "vatRate"]);
    if (r.id != null) {
      if (ids.has(r.id)) return refuse("repeatedRate", [i, "id"]);
      ids.add(r.id);
    }
    numbers.push({ index: i, priceCents, minutesBeforeStart: window[0], minutesAfterEnd: window[1], vatRateBp });
  }
  if (numbers.length === 0) return refuse("rateRequired", []);
  return { rows, numbers };
}

/**
 * The event and its rates checked in the spec's order, the first problem only (the form shows one
 * message). Passes: the event's numbers, the rate rows kept and their numbers.
 */
export const eventFormSchema = <E extends EventFields, R extends RateFields>(w: EventFormWords) =>
  z.pipe(
    z.custom<{ event: E; rates?: R[] | null }>(),
    z.transform((body, ctx) => {
      const event = eventNumbers(body.event, w, ctx);
      const rates = event && rateNumbers(body.rates ?? [], w, ctx);
      return { event: event!, rates: (rates?.rows ?? []) as R[], rateNumbers: rates?.numbers ?? [] };
    }),
  );

/** The staff screen's check: the first problem's words and where, or null when the payload may be sent. */
export function eventFormProblem(w: EventFormWords, body: { event: EventFields; rates?: RateFields[] | null }): { message: string; path: (string | number)[] } | null {
  const result = z.safeParse(eventFormSchema(w), body);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { message: issue.message, path: issue.path as (string | number)[] };
}
