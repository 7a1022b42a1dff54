import type { Translations } from "../../shared/translations";
import { and, asc, eq, getTableName, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { translatedSql } from "./translations";
import { rateOfBp } from "../../shared/fiscal";
import { bookings, categories, events, rates, type Category, type Event, type Rate } from "../../db/schema";
import type { Db } from "../db";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { toIso } from "../lib/time";
import { eventEndsAt } from "../../shared/lifecycle/event";
import { activeHoldText, centsToDecimalText, eventEndsAtText, eventNotEndedSql, eventNotEndedText, freeSpotsText, paidText } from "../../shared/lifecycle/sql";
import { computeAvailability, spotUsageByEvent, spotUsageQuery, toUsageMap, type SpotUsage } from "./availability";

export type RateDto = {
  id: number;
  eventId: number;
  name: string;
  description: string;
  /** The name and description in other languages (shared/translations.ts: theirs, else English, else the Italian). */
  nameTranslations: Translations;
  descriptionTranslations: Translations;
  price: string;
  isVisible: boolean;
  isPayable: boolean;
  sortOrder: number;
  /** The rate's validity window around the event, in minutes (null: none on that side); the gate counts overstay from its end. */
  minutesBeforeStart?: number | null;
  minutesAfterEnd?: number | null;
  /** The rate's own VAT ("10.00"); null: the garage's. */
  vatRate?: string | null;
};

/** nameTranslations: the name in other languages (shared/translations.ts). */
export type CategoryDto = { id: number; name: string; nameTranslations: Translations; color: string };

/** A booking's event title and rate name in the booking's language (theirs, else English, else the Italian). */
export const eventTitleInBookingLang = translatedSql(events.title, events.titleTranslations, bookings.lang);
export const rateNameInBookingLang = translatedSql(rates.name, rates.nameTranslations, bookings.lang) as SQL<string | null>;

export type EventDto = {
  id: number;
  title: string;
  description: string;
  /** The title and description in other languages (shared/translations.ts). */
  titleTranslations: Translations;
  descriptionTranslations: Translations;
  datetime: string | null;
  /** Start + duration: past it the event is over (null for always-active or undated events). */
  endsAt: string | null;
  isAlwaysActive: boolean;
  /** Whole minutes and metres (null: distance not given); the screens write them per language. */
  durationMinutes: number;
  distanceMeters: number | null;
  totalSpots: number;
  reservedSpots: number;
  occupiedSpots: number;
  availableSpots: number;
  heldSpots: number;
  paidSpots: number;
  counters: { liberi: number; prenotati: number; opzionati: number };
  imageUrl: string | null;
  categoryId: number | null;
  category: CategoryDto | null;
  isActive: boolean;
  /** "Annullato" (issue #12): cancelled by the garage, shown on the home until it ends, never bookable. */
  cancelled: boolean;
  postponedFrom: string | null;
  sortOrder: number;
  rates: RateDto[];
  prevendita_title: string | null;
  prevendita_description: string | null;
  /** The presale title and text in other languages (shared/translations.ts). */
  prevenditaTitleTranslations: Translations;
  prevenditaDescriptionTranslations: Translations;
  prevendita_price: string | null;
  isPrevenditaVisible: boolean;
  isPrevenditaPayable: boolean;
  /** Customer cancellation closes this many hours before the start (null: the default 24). */
  cancelDeadlineHours: number | null;
};

export function toRateDto(rate: Rate): RateDto {
  return {
    id: rate.id,
    eventId: rate.eventId,
    name: rate.name,
    description: rate.description,
    nameTranslations: rate.nameTranslations,
    descriptionTranslations: rate.descriptionTranslations,
    price: centsToDecimal(rate.priceCents),
    isVisible: rate.isVisible,
    isPayable: rate.isPayable,
    sortOrder: rate.sortOrder,
    minutesBeforeStart: rate.minutesBeforeStart,
    minutesAfterEnd: rate.minutesAfterEnd,
    vatRate: rate.vatRateBp == null ? null : rateOfBp(rate.vatRateBp),
  };
}

export function toCategoryDto(category: Category): CategoryDto {
  return { id: category.id, name: category.name, nameTranslations: category.nameTranslations, color: category.color };
}

export function toEventDto(event: Event, category: CategoryDto | null, eventRates: Rate[], usage: SpotUsage | undefined): EventDto {
  const a = computeAvailability(event, usage);
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    titleTranslations: event.titleTranslations,
    descriptionTranslations: event.descriptionTranslations,
    datetime: event.isAlwaysActive ? null : toIso(event.datetime),
    endsAt: toIso(eventEndsAt(event)),
    isAlwaysActive: event.isAlwaysActive,
    durationMinutes: event.durationMinutes,
    distanceMeters: event.distanceMeters,
    totalSpots: event.totalSpots,
    reservedSpots: event.reservedSpots,
    occupiedSpots: event.occupiedSpots,
    availableSpots: a.availableSpots,
    heldSpots: a.activeHolds,
    paidSpots: a.paidSpots,
    counters: { liberi: a.availableSpots, prenotati: a.prenotati, opzionati: a.opzionati },
    imageUrl: event.imageUrl,
    categoryId: event.categoryId,
    category: category ? { id: category.id, name: category.name, nameTranslations: category.nameTranslations, color: category.color } : null,
    isActive: event.isActive,
    cancelled: event.cancelledAt != null,
    // Moved by "Rinvia": the card and the page call it postponed (a cancelled event is just cancelled).
    postponedFrom: event.cancelledAt != null || event.isAlwaysActive ? null : toIso(event.previousDatetime),
    sortOrder: event.sortOrder,
    rates: eventRates.map(toRateDto),
    prevendita_title: event.prevenditaTitle,
    prevendita_description: event.prevenditaDescription,
    prevenditaTitleTranslations: event.prevenditaTitleTranslations,
    prevenditaDescriptionTranslations: event.prevenditaDescriptionTranslations,
    prevendita_price: event.prevenditaPriceCents == null ? null : centsToDecimal(event.prevenditaPriceCents),
    isPrevenditaVisible: event.isPrevenditaVisible,
    isPrevenditaPayable: event.isPrevenditaPayable,
    cancelDeadlineHours: event.cancelDeadlineHours,
  };
}

/**
 * Events with category, rates and availability: three queries in one D1 batch (one round trip),
 * however many events there are. Public: active or cancelled events that have not ended (a cancelled
 * one stays visible as "Annullato"), visible rates only.
 * Admin: everything.
 */
export async function listEvents(db: Db, now: number, opts: { includeInactive: boolean }): Promise<EventDto[]> {
  const isPublic = and(or(eq(events.isActive, true), isNotNull(events.cancelledAt)), eventNotEndedSql(now, `"${getTableName(events)}"`));
  const activeIds = db.select({ id: events.id }).from(events).where(isPublic);
  // Category columns are aliased: drizzle's D1 batch mixes up same-named columns of joined tables.
  const [eventRows, rateRows, usageRows] = await db.batch([
    db
      .select({ event: events, categoryName: categories.name, categoryNameTranslations: categories.nameTranslations, categoryColor: categories.color })
      .from(events)
      .leftJoin(categories, eq(events.categoryId, categories.id))
      .where(opts.includeInactive ? undefined : isPublic)
      .orderBy(asc(events.sortOrder), asc(events.id)),
    db
      .select()
      .from(rates)
      .where(opts.includeInactive ? undefined : and(inArray(rates.eventId, activeIds), eq(rates.isVisible, true)))
      .orderBy(asc(rates.sortOrder), asc(rates.id)),
    spotUsageQuery(db, now, opts.includeInactive ? undefined : sql`(select ${events.id} from ${events} where ${isPublic})`),
  ]);
  const ratesByEvent = Map.groupBy(rateRows, (r) => r.eventId);
  const usage = toUsageMap(usageRows);
  return eventRows.map(({ event, categoryName, categoryNameTranslations, categoryColor }) =>
    toEventDto(
      event,
      event.categoryId != null && categoryName != null ? { id: event.categoryId, name: categoryName, nameTranslations: categoryNameTranslations ?? {}, color: categoryColor! } : null,
      ratesByEvent.get(event.id) ?? [],
      usage.get(event.id),
    ),
  );
}

export async function getEvent(db: Db, id: number, now: number, opts: { includeInactive: boolean }): Promise<EventDto | null> {
  const row = await db
    .select({ event: events, category: categories })
    .from(events)
    .leftJoin(categories, eq(events.categoryId, categories.id))
    .where(opts.includeInactive ? eq(events.id, id) : and(eq(events.id, id), eq(events.isActive, true)))
    .get();
  if (!row) return null;
  const [rateRows, usage] = await Promise.all([
    db
      .select()
      .from(rates)
      .where(opts.includeInactive ? eq(rates.eventId, id) : and(eq(rates.eventId, id), eq(rates.isVisible, true)))
      .orderBy(asc(rates.sortOrder), asc(rates.id)),
    spotUsageByEvent(db, now, [id]),
  ]);
  return toEventDto(row.event, row.category, rateRows, usage.get(id));
}

/** Visible rates of a public event (on sale, or cancelled and still listed as such); null otherwise. */
export async function listPublicRates(db: Db, eventId: number): Promise<RateDto[] | null> {
  const event = await db.select({ id: events.id }).from(events).where(and(eq(events.id, eventId), or(eq(events.isActive, true), isNotNull(events.cancelledAt)))).get();
  if (!event) return null;
  const rows = await db
    .select()
    .from(rates)
    .where(and(eq(rates.eventId, eventId), eq(rates.isVisible, true)))
    .orderBy(asc(rates.sortOrder), asc(rates.id));
  return rows.map(toRateDto);
}

const bool = (column: string) => `json(case when ${column} then 'true' else 'false' end)`;

/**
 * GET /api/events in ONE statement that answers the JSON text itself: the same document as
 * `listEvents(db, now, { includeInactive: false })` (a test compares the two), without building
 * queries, mapping rows or serialising in the Worker. Holds and paid bookings are counted per event
 * on the (event_id, status, hold_expires_at) index, once per event: the counts are materialised
 * before the document uses them six times (a flattened subquery would run each count at every use).
 * `?1` is now (epoch ms).
 */
export const PUBLIC_EVENTS_SQL = `
with e as materialized (
  select ev.*,
    (select count(*) from bookings b where b.event_id = ev.id and ${activeHoldText("b", "?1")}) as holds,
    (select count(*) from bookings b where b.event_id = ev.id and ${paidText("b")}) as paid
  from events ev where (ev.is_active = 1 or ev.cancelled_at is not null) and ${eventNotEndedText("ev", "?1")}
)
select coalesce(json_group_array(json(doc)), '[]') as body from (
  select json_object(
    'id', e.id,
    'title', e.title,
    'description', e.description,
    'titleTranslations', json(e.title_translations),
    'descriptionTranslations', json(e.description_translations),
    'datetime', case when e.is_always_active or e.datetime is null then null
                     else strftime('%Y-%m-%dT%H:%M:%fZ', e.datetime / 1000.0, 'unixepoch') end,
    'endsAt', case when e.is_always_active or e.datetime is null then null
                   else strftime('%Y-%m-%dT%H:%M:%fZ', ${eventEndsAtText("e")} / 1000.0, 'unixepoch') end,
    'isAlwaysActive', ${bool("e.is_always_active")},
    'durationMinutes', e.duration_minutes,
    'distanceMeters', e.distance_meters,
    'totalSpots', e.total_spots,
    'reservedSpots', e.reserved_spots,
    'occupiedSpots', e.occupied_spots,
    'availableSpots', max(0, ${freeSpotsText("e", "e.holds", "e.paid")}),
    'heldSpots', e.holds,
    'paidSpots', e.paid,
    'counters', json_object(
      'liberi', max(0, ${freeSpotsText("e", "e.holds", "e.paid")}),
      'prenotati', e.reserved_spots + e.paid,
      'opzionati', e.occupied_spots + e.holds),
    'imageUrl', e.image_url,
    'categoryId', e.category_id,
    'category', json(case when c.id is null then null else json_object('id', c.id, 'name', c.name, 'nameTranslations', json(c.name_translations), 'color', c.color) end),
    'isActive', ${bool("e.is_active")},
    'cancelled', ${bool("e.cancelled_at is not null")},
    'postponedFrom', case when e.cancelled_at is not null or e.is_always_active or e.previous_datetime is null then null
                          else strftime('%Y-%m-%dT%H:%M:%fZ', e.previous_datetime / 1000.0, 'unixepoch') end,
    'sortOrder', e.sort_order,
    'rates', json((select coalesce(json_group_array(json(rate)), '[]') from (
      select json_object(
        'id', r.id, 'eventId', r.event_id, 'name', r.name, 'description', r.description,
        'nameTranslations', json(r.name_translations), 'descriptionTranslations', json(r.description_translations),
        'price', ${centsToDecimalText("r.price_cents")}, 'isVisible', ${bool("r.is_visible")},
        'isPayable', ${bool("r.is_payable")}, 'sortOrder', r.sort_order,
        'minutesBeforeStart', r.minutes_before_start, 'minutesAfterEnd', r.minutes_after_end,
        'vatRate', case when r.vat_rate_bp is null then null else printf('%d.%02d', r.vat_rate_bp / 100, r.vat_rate_bp % 100) end) as rate
      from rates r where r.event_id = e.id and r.is_visible = 1 order by r.sort_order, r.id))),
    'prevendita_title', e.prevendita_title,
    'prevendita_description', e.prevendita_description,
    'prevenditaTitleTranslations', json(e.prevendita_title_translations),
    'prevenditaDescriptionTranslations', json(e.prevendita_description_translations),
    'prevendita_price', case when e.prevendita_price_cents is null then null else ${centsToDecimalText("e.prevendita_price_cents")} end,
    'isPrevenditaVisible', ${bool("e.is_prevendita_visible")},
    'isPrevenditaPayable', ${bool("e.is_prevendita_payable")},
    'cancelDeadlineHours', e.cancel_deadline_hours
  ) as doc
  from e
  left join categories c on c.id = e.category_id
  order by e.sort_order, e.id
)`;

/** The public events list as JSON text, straight from D1 (see PUBLIC_EVENTS_SQL). */
export async function publicEventsJson(db: Db, now: number): Promise<string> {
  const row = await db.$client.prepare(PUBLIC_EVENTS_SQL).bind(Math.trunc(now)).first<{ body: string }>();
  return row?.body ?? "[]";
}
