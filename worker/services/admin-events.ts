import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import { bookings, categories, events, rates } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Failure, type Outcome } from "../lib/errors";
import { decimalToCents } from "../lib/money";
import { GARAGE_TIME_ZONE } from "../lib/time";
import { spotUsageByEvent, takesSpotSql } from "./availability";
import { toRateDto, type RateDto } from "./events";
import { findUpload, normaliseImagePath } from "./uploads";
import { messages } from "../lib/messages";

const MAX_PRICE_CENTS = 100_000_00;

// ---------- input ----------

const text = (max: number) => z.string({ error: messages.invalidData }).max(max, messages.textTooLong(max)).nullish();
const numberish = z.union([z.number(), z.string()], { error: messages.invalidData }).nullish();
const flag = z.boolean({ error: messages.invalidData }).nullish();

const rawEvent = z.object({
  title: text(200),
  description: text(5000),
  title_en: text(200),
  description_en: text(5000),
  datetime: text(40),
  duration: text(100),
  distance: text(100),
  totalSpots: numberish,
  reservedSpots: numberish,
  occupiedSpots: numberish,
  imageUrl: text(2000),
  isAlwaysActive: flag,
  prevendita_title: text(200),
  prevendita_description: text(2000),
  prevendita_price: numberish,
  isPrevenditaVisible: flag,
  isPrevenditaPayable: flag,
  categoryId: numberish,
  isActive: z.boolean({ error: messages.invalidData }).optional(),
});

const rawRate = z.object({
  id: z.number({ error: messages.rateNotFound }).int(messages.rateNotFound).positive(messages.rateNotFound).nullish(),
  name: text(200),
  description: text(2000),
  name_en: text(200),
  description_en: text(2000),
  price: numberish,
  isVisible: flag,
  isPayable: flag,
  sortOrder: z.number({ error: messages.invalidData }).int(messages.invalidData).nullish(),
});

export type RateInput = {
  id: number | null;
  name: string;
  description: string;
  nameEn: string | null;
  descriptionEn: string | null;
  priceCents: number;
  isVisible: boolean;
  isPayable: boolean;
  sortOrder: number;
};

export type EventInput = {
  title: string;
  description: string;
  titleEn: string | null;
  descriptionEn: string | null;
  datetime: number | null;
  isAlwaysActive: boolean;
  duration: string;
  distance: string;
  totalSpots: number;
  reservedSpots: number;
  occupiedSpots: number;
  imageUrl: string | null;
  categoryId: number | null;
  isActive?: boolean;
  prevenditaTitle: string | null;
  prevenditaDescription: string | null;
  prevenditaPriceCents: number | null;
  isPrevenditaVisible: boolean;
  isPrevenditaPayable: boolean;
};

export type EventSave = { kind: "full"; event: EventInput; rates: RateInput[] };
export type EventToggle = { kind: "toggle"; isActive: boolean };

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
  const missing = [e.title, e.description, e.duration, e.distance].some(blank) || totalSpots === null;
  const dateMissing = !isAlwaysActive && blank(e.datetime);
  if (missing) return refuse(ctx, messages.requiredFields, ["event"]);
  if (dateMissing) return refuse(ctx, messages.dateRequired, ["event", "datetime"]);

  const datetime = isAlwaysActive ? null : parseEventDatetime(e.datetime!);
  if (!isAlwaysActive && datetime === null) return refuse(ctx, messages.invalidDatetime, ["event", "datetime"]);
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
    prevenditaPriceCents = decimalToCents(e.prevendita_price!);
    if (prevenditaPriceCents === null || prevenditaPriceCents > MAX_PRICE_CENTS) {
      return refuse(ctx, messages.invalidPresalePrice, ["event", "prevendita_price"]);
    }
  }
  if (isPrevenditaPayable && !(prevenditaPriceCents! > 0)) {
    return refuse(ctx, messages.presalePriceRequired, ["event", "prevendita_price"]);
  }

  return {
    title: trimmed(e.title),
    description: trimmed(e.description),
    titleEn: blank(e.title_en) ? null : trimmed(e.title_en),
    descriptionEn: blank(e.description_en) ? null : trimmed(e.description_en),
    datetime,
    isAlwaysActive,
    duration: trimmed(e.duration),
    distance: trimmed(e.distance),
    totalSpots: totalSpots!,
    reservedSpots,
    occupiedSpots,
    imageUrl,
    categoryId,
    ...(e.isActive === undefined ? {} : { isActive: e.isActive }),
    prevenditaTitle: blank(e.prevendita_title) ? null : trimmed(e.prevendita_title),
    prevenditaDescription: blank(e.prevendita_description) ? null : trimmed(e.prevendita_description),
    prevenditaPriceCents,
    isPrevenditaVisible: e.isPrevenditaVisible ?? false,
    isPrevenditaPayable,
  };
}

/** Empty rows of the form are ignored; a half-filled one is an error rather than silently dropped. */
function normaliseRates(list: z.output<typeof rawRate>[], ctx: Ctx): RateInput[] {
  const rows = list.filter((r) => !(blank(r.name) && blank(r.price) && r.id == null));
  const out: RateInput[] = [];
  const ids = new Set<number>();
  for (const [i, r] of rows.entries()) {
    if (blank(r.name) || blank(r.price)) return refuse(ctx, rows.length === 1 ? messages.rateRequired : messages.rateIncomplete, ["rates", i]);
    const priceCents = decimalToCents(r.price!);
    if (priceCents === null || priceCents > MAX_PRICE_CENTS) return refuse(ctx, messages.invalidRatePrice, ["rates", i, "price"]);
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

// ---------- saving ----------

function eventColumns(e: EventInput) {
  return {
    title: e.title,
    description: e.description,
    titleEn: e.titleEn,
    descriptionEn: e.descriptionEn,
    datetime: e.datetime,
    isAlwaysActive: e.isAlwaysActive,
    duration: e.duration,
    distance: e.distance,
    reservedSpots: e.reservedSpots,
    occupiedSpots: e.occupiedSpots,
    imageUrl: e.imageUrl,
    categoryId: e.categoryId,
    prevenditaTitle: e.prevenditaTitle,
    prevenditaDescription: e.prevenditaDescription,
    prevenditaPriceCents: e.prevenditaPriceCents,
    isPrevenditaVisible: e.isPrevenditaVisible,
    isPrevenditaPayable: e.isPrevenditaPayable,
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
  return { name: r.name, description: r.description, nameEn: r.nameEn, descriptionEn: r.descriptionEn, priceCents: r.priceCents, isVisible: r.isVisible, isPayable: r.isPayable, sortOrder: r.sortOrder };
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
  const current = await db.select({ id: events.id }).from(events).where(eq(events.id, id)).get();
  if (!current) return fail(404, "not_found", messages.eventNotFound);
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
  const guardedTotal: SQL = sql`case when ${e.totalSpots} - ${e.reservedSpots} - ${e.occupiedSpots} - ${takenNow} >= 0 then ${e.totalSpots} else null end`;
  const referenced = sql`exists (select 1 from ${bookings} where ${bookings.rateId} = ${rates.id})`;

  const statements: BatchItem<"sqlite">[] = [
    db
      .update(events)
      .set({ ...eventColumns(e), totalSpots: guardedTotal as unknown as number })
      .where(eq(events.id, id)),
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

export async function setEventActive(db: Db, id: number, isActive: boolean): Promise<Outcome<null>> {
  const res = await db.update(events).set({ isActive }).where(eq(events.id, id)).run();
  return res.meta.changes > 0 ? ok(null) : fail(404, "not_found", messages.eventNotFound);
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
