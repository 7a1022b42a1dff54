import type { Translations } from "../../shared/translations";
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bookings, categories, events, rates } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Failure, type Outcome } from "../lib/errors";
import { messages } from "../i18n/it";
import { isEventEditable } from "../../shared/lifecycle/event";
import { freeSpotsOfSql, takesSpotSql } from "../../shared/lifecycle/sql";
import { spotUsageByEvent } from "./availability";
import { toRateDto, type RateDto } from "./events";
import { findUpload } from "./uploads";

// ---------- what the route hands over (validated and normalised in routes/admin-events-input.ts) ----------

export type RateInput = {
  id: number | null;
  name: string;
  description: string;
  nameTranslations: Translations;
  descriptionTranslations: Translations;
  priceCents: number;
  isVisible: boolean;
  isPayable: boolean;
  sortOrder: number;
  /** The validity window (minutes before the start, after the end); absent or null: none. */
  minutesBeforeStart?: number | null;
  minutesAfterEnd?: number | null;
  /** The rate's own VAT in basis points; absent or null: the garage's. */
  vatRateBp?: number | null;
};

export type EventInput = {
  title: string;
  description: string;
  titleTranslations: Translations;
  descriptionTranslations: Translations;
  datetime: number | null;
  isAlwaysActive: boolean;
  durationMinutes: number;
  distanceMeters: number;
  totalSpots: number;
  reservedSpots: number;
  occupiedSpots: number;
  imageUrl: string | null;
  categoryId: number | null;
  isActive?: boolean;
  prevenditaTitle: string | null;
  prevenditaDescription: string | null;
  prevenditaTitleTranslations?: Translations;
  prevenditaDescriptionTranslations?: Translations;
  prevenditaPriceCents: number | null;
  isPrevenditaVisible: boolean;
  isPrevenditaPayable: boolean;
  /** Hours before the start until which a customer may cancel (null: the default 24; always null for always-active events). */
  cancelDeadlineHours: number | null;
};

export type EventSave = { kind: "full"; event: EventInput; rates: RateInput[] };
export type EventToggle = { kind: "toggle"; isActive: boolean };

// ---------- saving ----------

function eventColumns(e: EventInput) {
  return {
    title: e.title,
    description: e.description,
    titleTranslations: e.titleTranslations,
    descriptionTranslations: e.descriptionTranslations,
    datetime: e.datetime,
    isAlwaysActive: e.isAlwaysActive,
    durationMinutes: e.durationMinutes,
    distanceMeters: e.distanceMeters,
    reservedSpots: e.reservedSpots,
    occupiedSpots: e.occupiedSpots,
    imageUrl: e.imageUrl,
    categoryId: e.categoryId,
    prevenditaTitle: e.prevenditaTitle,
    prevenditaDescription: e.prevenditaDescription,
    prevenditaTitleTranslations: e.prevenditaTitleTranslations ?? {},
    prevenditaDescriptionTranslations: e.prevenditaDescriptionTranslations ?? {},
    prevenditaPriceCents: e.prevenditaPriceCents,
    isPrevenditaVisible: e.isPrevenditaVisible,
    isPrevenditaPayable: e.isPrevenditaPayable,
    cancelDeadlineHours: e.cancelDeadlineHours,
    ...(e.isActive === undefined ? {} : { isActive: e.isActive }),
  };
}

async function checkReferences(db: Db, e: EventInput): Promise<Failure | null> {
  if (e.categoryId !== null) {
    const category = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, e.categoryId)).get();
    if (!category) return fail(400, "validation_failed", messages.categoryNotFound);
  }
  if (e.imageUrl?.startsWith("/objects/uploads/") && !(await findUpload(db, e.imageUrl))) {
    return fail(400, "validation_failed", messages.imageNotFoundUploadAgain);
  }
  return null;
}

/** New rates of a new event: the event row is the newest one (AUTOINCREMENT) inside the same batch. */
const NEW_EVENT_ID = sql`(select max(id) from events)`;

export async function createEvent(db: Db, save: EventSave): Promise<Outcome<{ id: number }>> {
  const e = save.event;
  const refused = await checkReferences(db, e);
  if (refused) return refused;
  const held = e.reservedSpots + e.occupiedSpots;
  if (e.totalSpots < held) return fail(409, "conflict", messages.capacityBelowHeld(held));
  const [inserted] = await db.batch([
    db
      .insert(events)
      .values({ ...eventColumns(e), totalSpots: e.totalSpots, sortOrder: sql`(select coalesce(max(sort_order), 0) + 1 from events)` })
      .returning({ id: events.id }),
    db.insert(rates).values(save.rates.map((r) => ({ ...rateColumns(r), eventId: NEW_EVENT_ID as unknown as number }))),
  ]);
  return ok({ id: inserted[0].id });
}

function rateColumns(r: RateInput) {
  return { name: r.name, description: r.description, nameTranslations: r.nameTranslations, descriptionTranslations: r.descriptionTranslations, priceCents: r.priceCents, isVisible: r.isVisible, isPayable: r.isPayable, sortOrder: r.sortOrder, minutesBeforeStart: r.minutesBeforeStart ?? null, minutesAfterEnd: r.minutesAfterEnd ?? null, vatRateBp: r.vatRateBp ?? null };
}

const CAPACITY_GUARD = "NOT NULL constraint failed: events.total_spots";

function causedBy(err: unknown, text: string): boolean {
  for (let e = err; e; e = (e as { cause?: unknown }).cause) if (String((e as Error).message ?? e).includes(text)) return true;
  return false;
}

/**
 * Rates are matched by id: sent ones updated, new ones added, missing ones deleted — or only
 * hidden when bookings reference them. Everything, event included, is one atomic batch.
 */
export async function updateEvent(db: Db, id: number, save: EventSave, now: number): Promise<Outcome<null>> {
  const e = save.event;
  const current = await db.select({ id: events.id, cancelledAt: events.cancelledAt }).from(events).where(eq(events.id, id)).get();
  if (!current) return fail(404, "not_found", messages.eventNotFound);
  if (!isEventEditable({ cancelled: current.cancelledAt != null })) return fail(409, "conflict", messages.eventCancelledReadOnly);
  const refused = await checkReferences(db, e);
  if (refused) return refused;

  const existing = await db.select({ id: rates.id }).from(rates).where(eq(rates.eventId, id));
  const existingIds = new Set(existing.map((r) => r.id));
  if (save.rates.some((r) => r.id !== null && !existingIds.has(r.id))) return fail(400, "validation_failed", messages.rateNotFound);
  const keptIds = new Set(save.rates.map((r) => r.id));
  const removedIds = [...existingIds].filter((rid) => !keptIds.has(rid));

  const usage = (await spotUsageByEvent(db, now, [id])).get(id);
  const held = e.reservedSpots + e.occupiedSpots + (usage?.activeHolds ?? 0) + (usage?.paid ?? 0);
  if (e.totalSpots < held) return fail(409, "conflict", messages.capacityBelowHeld(held));

  return writeEventUpdate(db, id, save, removedIds, now);
}

/**
 * The batch of an event update. The capacity rule is checked again inside the statement, against
 * bookings made since the check: a breach writes NULL into the NOT NULL column, which aborts the
 * whole batch, so rates are never saved without their event.
 */
export async function writeEventUpdate(db: Db, id: number, save: EventSave, removedIds: number[], now: number): Promise<Outcome<null>> {
  const e = save.event;
  const takenNow = sql`(select count(*) from bookings b where b.event_id = ${id} and ${takesSpotSql(now)})`;
  const guardedTotal: SQL = sql`case when ${freeSpotsOfSql(e, takenNow)} >= 0 then ${e.totalSpots} else null end`;
  const referenced = sql`exists (select 1 from ${bookings} where ${bookings.rateId} = ${rates.id})`;

  const statements: BatchItem<"sqlite">[] = [
    db
      .update(events)
      .set({ ...eventColumns(e), totalSpots: guardedTotal as unknown as number })
      .where(and(eq(events.id, id), isNull(events.cancelledAt))),
    ...save.rates.map((r) =>
      r.id === null
        ? db.insert(rates).values({ ...rateColumns(r), eventId: id })
        : db.update(rates).set(rateColumns(r)).where(and(eq(rates.id, r.id), eq(rates.eventId, id))),
    ),
    ...(removedIds.length
      ? [
          db.update(rates).set({ isVisible: false }).where(and(inArray(rates.id, removedIds), referenced)),
          db.delete(rates).where(and(inArray(rates.id, removedIds), sql`not ${referenced}`)),
        ]
      : []),
  ];
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (err) {
    if (!causedBy(err, CAPACITY_GUARD)) throw err;
    const after = (await spotUsageByEvent(db, now, [id])).get(id);
    return fail(409, "conflict", messages.capacityBelowHeld(e.reservedSpots + e.occupiedSpots + (after?.activeHolds ?? 0) + (after?.paid ?? 0)));
  }
  return ok(null);
}

/** A cancelled event stays off: switching it on again would sell spots of an event that will not happen. */
export async function setEventActive(db: Db, id: number, isActive: boolean): Promise<Outcome<null>> {
  const res = await db.update(events).set({ isActive }).where(and(eq(events.id, id), isNull(events.cancelledAt))).run();
  if (res.meta.changes > 0) return ok(null);
  const row = await db.select({ id: events.id }).from(events).where(eq(events.id, id)).get();
  return row ? fail(409, "conflict", messages.eventCancelledReadOnly) : fail(404, "not_found", messages.eventNotFound);
}

/** Only an event nobody has booked can go (its rates go with it); otherwise deactivate it. */
export async function deleteEvent(db: Db, id: number): Promise<Outcome<null>> {
  const res = await db
    .delete(events)
    .where(and(eq(events.id, id), sql`not exists (select 1 from ${bookings} where ${bookings.eventId} = ${id})`))
    .run();
  if (res.meta.changes > 0) return ok(null);
  const row = await db.select({ id: events.id }).from(events).where(eq(events.id, id)).get();
  return row ? fail(409, "conflict", messages.deleteHasBookings) : fail(404, "not_found", messages.eventNotFound);
}

export async function reorderEvents(db: Db, orders: { id: number; sortOrder: number }[]): Promise<Outcome<{ updated: number }>> {
  const ids = [...new Set(orders.map((o) => o.id))];
  const found = await db.select({ id: events.id }).from(events).where(inArray(events.id, ids));
  if (found.length !== ids.length) return fail(404, "not_found", messages.eventNotFound);
  const [first, ...rest] = orders.map((o) => db.update(events).set({ sortOrder: o.sortOrder }).where(eq(events.id, o.id)));
  await db.batch([first, ...rest]);
  return ok({ updated: orders.length });
}

/** The listed rates take positions 1…n; any the list leaves out follow in their current order. */
export async function reorderRates(db: Db, eventId: number, orderedRateIds: number[]): Promise<Outcome<RateDto[]>> {
  const event = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).get();
  if (!event) return fail(404, "not_found", messages.eventNotFound);
  const current = await db.select().from(rates).where(eq(rates.eventId, eventId)).orderBy(asc(rates.sortOrder), asc(rates.id));
  const known = new Set(current.map((r) => r.id));
  if (new Set(orderedRateIds).size !== orderedRateIds.length) return fail(400, "validation_failed", messages.repeatedRate);
  if (orderedRateIds.some((rid) => !known.has(rid))) return fail(400, "validation_failed", messages.rateNotFound);
  const order = [...orderedRateIds, ...current.map((r) => r.id).filter((rid) => !orderedRateIds.includes(rid))];
  if (order.length > 0) {
    const [first, ...rest] = order.map((rid, i) => db.update(rates).set({ sortOrder: i + 1 }).where(eq(rates.id, rid)));
    await db.batch([first, ...rest]);
  }
  const rows = await db.select().from(rates).where(eq(rates.eventId, eventId)).orderBy(asc(rates.sortOrder), asc(rates.id));
  return ok(rows.map(toRateDto));
}

export async function setRateFlags(db: Db, rateId: number, flags: { isVisible: boolean } | { isPayable: boolean }): Promise<Outcome<RateDto>> {
  const row = await db.update(rates).set(flags).where(eq(rates.id, rateId)).returning().get();
  return row ? ok(toRateDto(row)) : fail(404, "not_found", messages.rateNotFound);
}
