import type { Translations } from "../../shared/translations";
import { and, asc, desc, eq, getTableName, isNotNull, or, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { categories, events, notices, rates, uploads } from "../../db/schema";
import { eventEndsAt, eventPhase, hasEnded, type EventPhase } from "../../shared/lifecycle/event";
import { eventNotEndedSql } from "../../shared/lifecycle/sql";
import { GARAGE_TIME_ZONE } from "../../shared/rules";
import type { Db } from "../db";
import { spotUsageQuery, toUsageMap } from "./availability";
import { toEventDto, type EventDto } from "./events";
import { OBJECT_PREFIX } from "./uploads";

/** What an event's page shows, read in one D1 batch. */
export type EventPageEvent = {
  event: EventDto;
  phase: EventPhase;
  ended: boolean;
  /** The start before the last "Rinvia" (epoch ms), for schema.org previousStartDate. */
  previousDatetime: number | null;
  /** The uploaded image's size in bytes (null: no upload, or an image not uploaded through the admin). */
  imageBytes: number | null;
  /** For the sitemap's lastmod and the page's own freshness. */
  createdAt: number;
  /** The garage's latest notice about the event, until the event has ended. */
  notice: { subject: string; body: string; subjectTranslations: Translations; bodyTranslations: Translations; createdAt: number } | null;
};

/**
 * An event's page data: the event with its category, visible rates, spots and uploaded image's size,
 * in one round trip. Null when there is no such event, or staff switched it off (a cancelled event
 * keeps its page, as on the home). An ended event keeps its page too; the sitemap leaves it out.
 */
export async function loadEventPage(db: Db, id: number, now: number): Promise<EventPageEvent | null> {
  const visible = and(eq(events.id, id), or(eq(events.isActive, true), isNotNull(events.cancelledAt)));
  // Category and upload columns aliased: drizzle's D1 batch mixes up same-named columns of joined tables.
  const [eventRows, rateRows, usageRows, noticeRows] = await db.batch([
    db
      .select({ event: events, categoryName: categories.name, categoryNameTranslations: categories.nameTranslations, categoryColor: categories.color, imageBytes: uploads.size })
      .from(events)
      .leftJoin(categories, eq(events.categoryId, categories.id))
      .leftJoin(uploads, sql`${uploads.key} = substr(${events.imageUrl}, ${OBJECT_PREFIX.length - "uploads/".length + 1})`)
      .where(visible),
    db
      .select()
      .from(rates)
      .where(and(eq(rates.eventId, id), eq(rates.isVisible, true)))
      .orderBy(asc(rates.sortOrder), asc(rates.id)),
    spotUsageQuery(db, now, [id]),
    db
      .select({ subject: notices.subject, body: notices.body, subjectTranslations: notices.subjectTranslations, bodyTranslations: notices.bodyTranslations, createdAt: notices.createdAt })
      .from(notices)
      .where(eq(notices.eventId, id))
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(1),
  ]);
  const row = eventRows[0];
  if (!row) return null;
  const { event, categoryName, categoryNameTranslations, categoryColor } = row;
  const category = event.categoryId != null && categoryName != null ? { id: event.categoryId, name: categoryName, nameTranslations: categoryNameTranslations ?? {}, color: categoryColor! } : null;
  const dto = toEventDto(event, category, rateRows, toUsageMap(usageRows).get(id));
  const ended = hasEnded(event, now);
  return {
    event: dto,
    phase: eventPhase({ ...event, freeSpots: dto.availableSpots }, now),
    ended,
    notice: ended ? null : (noticeRows[0] ?? null),
    previousDatetime: event.previousDatetime,
    imageBytes: row.imageBytes ?? null,
    createdAt: event.createdAt,
  };
}

/** The events the sitemap lists: switched on, not cancelled, not over. */
export async function listSitemapEvents(db: Db, now: number) {
  return db
    .select({ id: events.id, title: events.title, createdAt: events.createdAt, datetime: events.datetime })
    .from(events)
    .where(and(eq(events.isActive, true), sql`${events.cancelledAt} is null`, eventNotEndedSql(now, `"${getTableName(events)}"`)))
    .orderBy(asc(events.sortOrder), asc(events.id));
}

/** An instant as ISO 8601 in the garage's zone, with its offset: "2026-03-14T21:00:00+01:00". */
export function romeIso(instantMs: number): string {
  return Temporal.Instant.fromEpochMilliseconds(instantMs).toZonedDateTimeISO(GARAGE_TIME_ZONE).toString({ timeZoneName: "never", smallestUnit: "second" });
}

export { eventEndsAt };
