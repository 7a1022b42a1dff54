import type { Translations } from "../../shared/translations";
import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { bookings, emailOutbox, events, notices, rates, type Notice } from "../../db/schema";
import { hasEnded, eventEndsAt } from "../../shared/lifecycle/event";
import { liveBookingText } from "../../shared/lifecycle/sql";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import { insertWhere } from "../lib/insert-where";
import { messages } from "../i18n/it";
import { toIso } from "../lib/time";
import { dispatchQueued } from "./email/outbox";
import { eventTimingColumns } from "./event-time";

export const noticeKey = (noticeId: string, bookingId: string) => `notice:${noticeId}:${bookingId}`;

export type NoticeInput = {
  subject: string;
  body: string;
  subjectTranslations?: Translations;
  bodyTranslations?: Translations;
  /** Only bookings of these rates; absent or null: every live booking of the event. */
  rateIds?: number[] | null;
};

export type NoticeDto = {
  id: string;
  eventId: number;
  subject: string;
  body: string;
  subjectTranslations: Translations;
  bodyTranslations: Translations;
  rateIds: number[] | null;
  author: string | null;
  recipients: number;
  delivered: number;
  failed: number;
  pending: number;
  createdAt: string;
};

/** The live bookings of an event, optionally of some rates, as SQL over `bookings` joined with `events` as e. */
function audienceWhere(eventId: number, rateIds: number[] | null | undefined): SQL {
  return and(
    eq(bookings.eventId, eventId),
    sql.raw(liveBookingText("bookings", "e")),
    rateIds?.length ? inArray(bookings.rateId, rateIds) : undefined,
  )!;
}

const audienceFrom = sql`${bookings} inner join ${events} e on e.id = ${bookings.eventId}`;

export type NoticeAudience = { count: number; byLang: { lang: string; count: number }[] };

/**
 * How many bookings a notice would reach now, and how many of them booked in each language: the
 * screen says both before sending (the language a booking keeps for its e-mails). Italian first, the
 * others by size.
 */
export async function noticeAudience(db: Db, eventId: number, rateIds: number[] | null): Promise<Outcome<NoticeAudience>> {
  const checked = await checkRates(db, eventId, rateIds);
  if (!checked.ok) return checked;
  const rows = await db.all<{ lang: string; n: number }>(
    sql`select ${bookings.lang} as lang, count(*) as n from ${audienceFrom} where ${audienceWhere(eventId, rateIds)} group by ${bookings.lang} order by lang = 'it' desc, n desc, lang`,
  );
  return ok({ count: rows.reduce((sum, r) => sum + r.n, 0), byLang: rows.map((r) => ({ lang: r.lang, count: r.n })) });
}

async function checkRates(db: Db, eventId: number, rateIds: number[] | null | undefined): Promise<Outcome<null>> {
  const event = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).get();
  if (!event) return fail(404, "not_found", messages.eventNotFound);
  if (!rateIds?.length) return ok(null);
  const found = await db.select({ id: rates.id }).from(rates).where(and(eq(rates.eventId, eventId), inArray(rates.id, rateIds)));
  return found.length === new Set(rateIds).size ? ok(null) : fail(400, "validation_failed", messages.noticeRateNotOfEvent);
}

/**
 * "Avvisa i clienti": the notice and one outbox row per live booking, in one D1 batch (all or nothing,
 * so a Worker killed half-way wrote none). A retried request (the same idempotency key) answers the
 * notice already written; two requests racing with one key both end with that one notice, because the
 * rows are written only when this request's own notice row was the one inserted.
 */
export async function createNotice(
  db: Db,
  eventId: number,
  input: NoticeInput,
  who: { idempotencyKey: string; staff?: { id: number; email: string } | null },
  now: number,
): Promise<Outcome<{ notice: NoticeDto; created: boolean }>> {
  const replay = await replayOf(db, eventId, who.idempotencyKey);
  if (replay) return replay;
  const event = await db.select().from(events).where(eq(events.id, eventId)).get();
  if (!event) return fail(404, "not_found", messages.eventNotFound);
  if (event.cancelledAt != null) return fail(409, "event_cancelled", messages.noticeEventCancelled);
  if (hasEnded(event, now)) return fail(409, "event_ended", messages.noticeEventEnded);
  if (!event.isActive) return fail(409, "conflict", messages.noticeEventOff);
  const rateIds = input.rateIds?.length ? [...new Set(input.rateIds)] : null;
  const checked = await checkRates(db, eventId, rateIds);
  if (!checked.ok) return checked;
  const audience = await noticeAudience(db, eventId, rateIds);
  if (audience.ok && audience.value.count === 0) return fail(409, "conflict", messages.noticeNobody);

  const id = crypto.randomUUID();
  const mine = sql`exists (select 1 from ${notices} where ${notices.id} = ${id})`;
  await db.batch([
    db
      .insert(notices)
      .values({
        id,
        eventId,
        subject: input.subject,
        body: input.body,
        subjectTranslations: input.subjectTranslations ?? {},
        bodyTranslations: input.bodyTranslations ?? {},
        rateIds,
        idempotencyKey: who.idempotencyKey,
        staffId: who.staff?.id ?? null,
        staffEmail: who.staff?.email ?? null,
        createdAt: now,
      })
      .onConflictDoNothing(),
    insertWhere(
      db,
      emailOutbox,
      {
        bookingId: sql`${bookings.id}`,
        kind: "notice",
        dedupeKey: sql`'notice:' || ${id} || ':' || ${bookings.id}`,
        status: "queued",
        attempts: 0,
        createdAt: now,
        updatedAt: now,
        noticeId: id,
      },
      and(audienceWhere(eventId, rateIds), mine)!,
      audienceFrom,
    ).onConflictDoNothing(),
    db
      .update(notices)
      .set({ recipients: sql`(select count(*) from ${emailOutbox} where ${emailOutbox.noticeId} = ${id})` })
      .where(eq(notices.id, id)),
  ]);
  const raced = await replayOf(db, eventId, who.idempotencyKey);
  if (!raced?.ok) return raced ?? fail(409, "conflict", messages.noticeKeyReused);
  return ok({ notice: raced.value.notice, created: raced.value.notice.id === id });
}

async function replayOf(db: Db, eventId: number, idempotencyKey: string): Promise<Outcome<{ notice: NoticeDto; created: boolean }> | null> {
  const found = await db.select().from(notices).where(eq(notices.idempotencyKey, idempotencyKey)).get();
  if (!found) return null;
  if (found.eventId !== eventId) return fail(409, "conflict", messages.noticeKeyReused);
  const [dto] = await withCounts(db, [found]);
  return ok({ notice: dto, created: false });
}

async function withCounts(db: Db, rows: Notice[]): Promise<NoticeDto[]> {
  if (!rows.length) return [];
  const counts = await db
    .select({ noticeId: emailOutbox.noticeId, status: emailOutbox.status, n: sql<number>`count(*)` })
    .from(emailOutbox)
    .where(inArray(emailOutbox.noticeId, rows.map((r) => r.id)))
    .groupBy(emailOutbox.noticeId, emailOutbox.status);
  return rows.map((r) => {
    const of = (status: string) => counts.find((c) => c.noticeId === r.id && c.status === status)?.n ?? 0;
    return {
      id: r.id,
      eventId: r.eventId,
      subject: r.subject,
      body: r.body,
      subjectTranslations: r.subjectTranslations,
      bodyTranslations: r.bodyTranslations,
      rateIds: r.rateIds ?? null,
      author: r.staffEmail,
      recipients: r.recipients,
      delivered: of("sent"),
      failed: of("failed"),
      pending: of("queued") + of("sending"),
      createdAt: toIso(r.createdAt)!,
    };
  });
}

/** An event's notices, newest first, each with its delivered / failed / pending counts. */
export async function listNotices(db: Db, eventId: number): Promise<Outcome<NoticeDto[]>> {
  const event = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).get();
  if (!event) return fail(404, "not_found", messages.eventNotFound);
  // A few per event at most; 50 keeps one IN (...) under D1's bound-parameter limit.
  const rows = await db.select().from(notices).where(eq(notices.eventId, eventId)).orderBy(desc(notices.createdAt)).limit(50);
  return ok(await withCounts(db, rows));
}

/** Hands a notice's queued rows to the queue, 50 at a time (a notice to 2,000 bookings is 40 hand-overs). */
export async function dispatchNotice(env: Env, db: Db, noticeId: string, now: number): Promise<number> {
  let handed = 0;
  for (;;) {
    const rows = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.noticeId, noticeId), eq(emailOutbox.status, "queued"), isNull(emailOutbox.enqueuedAt)))
      .limit(50);
    if (!rows.length) return handed;
    const n = await dispatchQueued(env, db, now, rows.map((r) => r.id));
    // A failed hand-over leaves them queued for the cron's sweep.
    if (n === 0) return handed;
    handed += n;
  }
}

/** "Riprova": a notice's failed messages go back to the queue (the sent ones are never sent again). */
export async function retryNotice(db: Db, env: Env, noticeId: string, now: number): Promise<Outcome<NoticeDto>> {
  const found = await db.select().from(notices).where(eq(notices.id, noticeId)).get();
  if (!found) return fail(404, "not_found", messages.noticeNotFound);
  await db
    .update(emailOutbox)
    .set({ status: "queued", lastError: null, enqueuedAt: null, updatedAt: now })
    .where(and(eq(emailOutbox.noticeId, noticeId), eq(emailOutbox.status, "failed")))
    .run();
  await dispatchNotice(env, db, noticeId, now);
  const [dto] = await withCounts(db, [found]);
  return ok(dto);
}

export type LatestNotice = { id: string; subject: string; body: string; subjectTranslations: Translations; bodyTranslations: Translations; createdAt: string };

/**
 * The event's newest notice (or the one `eventId` selects: a subquery) as one statement, so a read
 * of the event can carry it in the same D1 batch; shownNotice decides whether it still shows.
 */
export function latestNoticeQuery(db: Db, eventId: number | SQL) {
  return noticesQuery(db, eventId, 1);
}

/** The pass shows every notice of its event, newest first: an earlier one ("Ingresso chiuso") still holds. */
export const PASS_NOTICES_SHOWN = 10;

export function noticesQuery(db: Db, eventId: number | SQL, limit: number) {
  return db
    .select({
      id: notices.id,
      subject: notices.subject,
      body: notices.body,
      subjectTranslations: notices.subjectTranslations,
      bodyTranslations: notices.bodyTranslations,
      createdAt: notices.createdAt,
      ...eventTimingColumns,
    })
    .from(notices)
    .innerJoin(events, eq(events.id, notices.eventId))
    .where(eq(notices.eventId, eventId))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(limit);
}

/** The newest notice while the event has not ended (for the pass page and the event's page); an always-active event keeps showing it. */
export function shownNotice(row: Awaited<ReturnType<typeof latestNoticeQuery>>[number] | undefined, now: number): LatestNotice | null {
  if (!row) return null;
  const end = eventEndsAt(row);
  if (end != null && end <= now) return null;
  return { id: row.id, subject: row.subject, body: row.body, subjectTranslations: row.subjectTranslations, bodyTranslations: row.bodyTranslations, createdAt: toIso(row.createdAt)! };
}

export async function latestNotice(db: Db, eventId: number, now: number): Promise<LatestNotice | null> {
  return shownNotice((await latestNoticeQuery(db, eventId))[0], now);
}
