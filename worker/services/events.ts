import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { categories, events, rates, type Category, type Event, type Rate } from "../../db/schema";
import type { Db } from "../db";
import { centsToDecimal } from "../lib/money";
import { toIso } from "../lib/time";
import { computeAvailability, spotUsageByEvent, spotUsageQuery, toUsageMap, type SpotUsage } from "./availability";

export type RateDto = {
  id: number;
  eventId: number;
  name: string;
  description: string;
  price: string;
  isVisible: boolean;
  isPayable: boolean;
  sortOrder: number;
};

export type CategoryDto = { id: number; name: string; color: string };

export type EventDto = {
  id: number;
  title: string;
  description: string;
  datetime: string | null;
  isAlwaysActive: boolean;
  duration: string;
  distance: string;
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
  sortOrder: number;
  rates: RateDto[];
  prevendita_title: string | null;
  prevendita_description: string | null;
  prevendita_price: string | null;
  isPrevenditaVisible: boolean;
  isPrevenditaPayable: boolean;
};

export function toRateDto(rate: Rate): RateDto {
  return {
    id: rate.id,
    eventId: rate.eventId,
    name: rate.name,
    description: rate.description,
    price: centsToDecimal(rate.priceCents),
    isVisible: rate.isVisible,
    isPayable: rate.isPayable,
    sortOrder: rate.sortOrder,
  };
}

export function toCategoryDto(category: Category): CategoryDto {
  return { id: category.id, name: category.name, color: category.color };
}

export function toEventDto(event: Event, category: CategoryDto | null, eventRates: Rate[], usage: SpotUsage | undefined): EventDto {
  const a = computeAvailability(event, usage);
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    datetime: event.isAlwaysActive ? null : toIso(event.datetime),
    isAlwaysActive: event.isAlwaysActive,
    duration: event.duration,
    distance: event.distance,
    totalSpots: event.totalSpots,
    reservedSpots: event.reservedSpots,
    occupiedSpots: event.occupiedSpots,
    availableSpots: a.availableSpots,
    heldSpots: a.activeHolds,
    paidSpots: a.paidSpots,
    counters: { liberi: a.availableSpots, prenotati: a.prenotati, opzionati: a.opzionati },
    imageUrl: event.imageUrl,
    categoryId: event.categoryId,
    category: category ? { id: category.id, name: category.name, color: category.color } : null,
    isActive: event.isActive,
    sortOrder: event.sortOrder,
    rates: eventRates.map(toRateDto),
    prevendita_title: event.prevenditaTitle,
    prevendita_description: event.prevenditaDescription,
    prevendita_price: event.prevenditaPriceCents == null ? null : centsToDecimal(event.prevenditaPriceCents),
    isPrevenditaVisible: event.isPrevenditaVisible,
    isPrevenditaPayable: event.isPrevenditaPayable,
  };
}

/**
 * Events with category, rates and availability: three queries in one D1 batch (one round trip),
 * however many events there are. Public: active events and visible rates only. Admin: everything.
 */
export async function listEvents(db: Db, now: number, opts: { includeInactive: boolean }): Promise<EventDto[]> {
  const activeIds = db.select({ id: events.id }).from(events).where(eq(events.isActive, true));
  // Category columns are aliased: drizzle's D1 batch mixes up same-named columns of joined tables.
  const [eventRows, rateRows, usageRows] = await db.batch([
    db
      .select({ event: events, categoryName: categories.name, categoryColor: categories.color })
      .from(events)
      .leftJoin(categories, eq(events.categoryId, categories.id))
      .where(opts.includeInactive ? undefined : eq(events.isActive, true))
      .orderBy(asc(events.sortOrder), asc(events.id)),
    db
      .select()
      .from(rates)
      .where(opts.includeInactive ? undefined : and(inArray(rates.eventId, activeIds), eq(rates.isVisible, true)))
      .orderBy(asc(rates.sortOrder), asc(rates.id)),
    spotUsageQuery(db, now, opts.includeInactive ? undefined : sql`(select ${events.id} from ${events} where ${events.isActive} = 1)`),
  ]);
  const ratesByEvent = Map.groupBy(rateRows, (r) => r.eventId);
  const usage = toUsageMap(usageRows);
  return eventRows.map(({ event, categoryName, categoryColor }) =>
    toEventDto(
      event,
      event.categoryId != null && categoryName != null ? { id: event.categoryId, name: categoryName, color: categoryColor! } : null,
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

/** Visible rates of an active event; null when the event is not public. */
export async function listPublicRates(db: Db, eventId: number): Promise<RateDto[] | null> {
  const event = await db.select({ id: events.id }).from(events).where(and(eq(events.id, eventId), eq(events.isActive, true))).get();
  if (!event) return null;
  const rows = await db
    .select()
    .from(rates)
    .where(and(eq(rates.eventId, eventId), eq(rates.isVisible, true)))
    .orderBy(asc(rates.sortOrder), asc(rates.id));
  return rows.map(toRateDto);
}
