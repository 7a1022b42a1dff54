import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { bookings, emailOutbox, events, waitlistEntries, type EmailKind, type EmailStatus } from "../../../db/schema";
import type { Db } from "../../db";
import { fail, ok, type Outcome } from "../../lib/errors";
import { insertWhere } from "../../lib/insert-where";
import { toIso } from "../../lib/time";
import { messages } from "../../i18n/it";
import { passStatusOf } from "../../../shared/lifecycle/booking";
import { bookingCodeOf } from "../../../shared/rules";
import { previewHtml, renderOutboxRow } from "./render";

/** What travels on EMAIL_QUEUE: only the row id; the row holds everything else. */
export type EmailJob = { outboxId: number };

/**
 * A queued row not sent this long after it was handed to the queue is handed again (cron, every
 * minute): a queue that lost its messages (a crash) costs minutes, not hours. Handing a row twice
 * sends it once (the consumer claims it first).
 */
export const REQUEUE_AFTER_MS = 3 * 60_000;
/** Rows per hand-over (a Queues sendBatch takes at most 100 messages) and hand-overs per sweep. */
const SWEEP_BATCH = 100;
const SWEEP_MAX_BATCHES = 100;

export const confirmationKey = (bookingId: string) => `confirmation:${bookingId}`;

/**
 * For the batch that marks a booking paid: an INSERT … SELECT that writes the confirmation row only
 * if that booking is now paid by this very settlement (paid_at = now), and never twice (the unique
 * dedupe key). It is part of the same D1 batch, so the row exists if and only if the payment does.
 */
export function confirmationOutboxInsert(db: Db, bookingId: string, now: number) {
  return insertWhere(
    db,
    emailOutbox,
    { bookingId, kind: "confirmation", dedupeKey: confirmationKey(bookingId), status: "queued", attempts: 0, createdAt: now, updatedAt: now },
    sql`exists (select 1 from ${bookings} where ${bookings.id} = ${bookingId} and ${bookings.status} = 'paid' and ${bookings.paidAt} = ${now})`,
  ).onConflictDoNothing();
}

/** A message about a booking, written on its own (or in a caller's batch via the returned builder). */
export function outboxInsert(db: Db, input: { bookingId: string; kind: EmailKind; dedupeKey: string; data?: Record<string, unknown>; now: number }) {
  return db
    .insert(emailOutbox)
    .values({ bookingId: input.bookingId, kind: input.kind, dedupeKey: input.dedupeKey, data: input.data ?? null, createdAt: input.now, updatedAt: input.now })
    .onConflictDoNothing();
}

/**
 * Hands queued rows to EMAIL_QUEUE: the given ones, or (cron) every row still queued long after it
 * was last handed over. Never throws: a failed hand-over leaves the row queued for the next sweep,
 * so e-mail can never fail a payment.
 */
export async function dispatchQueued(env: Env, db: Db, now: number, ids?: number[]): Promise<number> {
  let handed = 0;
  try {
    // The cron's sweep takes every due row, a batch at a time; handed rows are no longer due.
    for (let batch = 0; batch < (ids ? 1 : SWEEP_MAX_BATCHES); batch++) {
      const due = and(
        eq(emailOutbox.status, "queued"),
        ids ? inArray(emailOutbox.id, ids.length ? ids : [-1]) : or(isNull(emailOutbox.enqueuedAt), lt(emailOutbox.enqueuedAt, now - REQUEUE_AFTER_MS)),
      );
      const rows = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(due).orderBy(asc(emailOutbox.id)).limit(SWEEP_BATCH);
      if (!rows.length) break;
      await env.EMAIL_QUEUE.sendBatch(rows.map((r) => ({ body: { outboxId: r.id } satisfies EmailJob, contentType: "json" as const })));
      // The rows taken are the first due ones by id: marked by range, since a list of 100 ids
      // would pass D1's limit of 100 bound parameters per statement.
      await db
        .update(emailOutbox)
        .set({ enqueuedAt: now })
        .where(and(due, gte(emailOutbox.id, rows[0].id), lte(emailOutbox.id, rows[rows.length - 1].id)))
        .run();
      handed += rows.length;
      if (rows.length < SWEEP_BATCH) break;
    }
  } catch (err) {
    console.error(`e-mail hand-over to the queue failed, the cron retries: ${(err as Error).message}`);
  }
  return handed;
}

/**
 * Hands rows the caller has just queued (the ids its own INSERT … RETURNING gave back) to
 * EMAIL_QUEUE without reading them again: the only D1 trip is the mark, once the queue took them.
 * Never throws, like dispatchQueued: a row not handed over is swept by the cron.
 */
export async function handOverQueued(env: Env, db: Db, ids: number[], now: number): Promise<number> {
  if (!ids.length) return 0;
  try {
    await env.EMAIL_QUEUE.sendBatch(ids.map((id) => ({ body: { outboxId: id } satisfies EmailJob, contentType: "json" as const })));
    await db
      .update(emailOutbox)
      .set({ enqueuedAt: now })
      .where(and(eq(emailOutbox.status, "queued"), inArray(emailOutbox.id, ids)))
      .run();
    return ids.length;
  } catch (err) {
    console.error(`e-mail hand-over to the queue failed, the cron retries: ${(err as Error).message}`);
    return 0;
  }
}

/** What waits to be sent, for the E-mail tab: how many, and since when the oldest. */
export async function outboxBacklog(db: Db): Promise<{ waiting: number; oldestCreatedAt: string | null; failed: number }> {
  const row = await db
    .select({
      waiting: sql<number>`sum(case when ${emailOutbox.status} in ('queued', 'sending') then 1 else 0 end)`,
      oldest: sql<number | null>`min(case when ${emailOutbox.status} in ('queued', 'sending') then ${emailOutbox.createdAt} end)`,
      failed: sql<number>`sum(case when ${emailOutbox.status} = 'failed' then 1 else 0 end)`,
    })
    .from(emailOutbox)
    .get();
  return {
    waiting: Number(row?.waiting ?? 0),
    oldestCreatedAt: row?.oldest == null ? null : new Date(Number(row.oldest)).toISOString(),
    failed: Number(row?.failed ?? 0),
  };
}

export type OutboxItem = {
  id: number;
  /** Null for a waiting-list message sent before any booking exists. */
  bookingId: string | null;
  bookingCode: string | null;
  kind: EmailKind;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  providerMessageId: string | null;
  to: string;
  subject: string | null;
  eventTitle: string;
  createdAt: string;
  sentAt: string | null;
};

const listColumns = {
  id: emailOutbox.id,
  bookingId: emailOutbox.bookingId,
  kind: emailOutbox.kind,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  providerMessageId: emailOutbox.providerMessageId,
  toAddress: emailOutbox.toAddress,
  customerEmail: sql<string>`coalesce(${bookings.customerEmail}, ${waitlistEntries.email})`,
  subject: emailOutbox.subject,
  eventTitle: events.title,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

type ListRow = { [K in keyof typeof listColumns]: unknown } & Record<string, unknown>;

function toItem(r: ListRow): OutboxItem {
  const row = r as unknown as {
    id: number;
    bookingId: string | null;
    kind: EmailKind;
    status: EmailStatus;
    attempts: number;
    lastError: string | null;
    providerMessageId: string | null;
    toAddress: string | null;
    customerEmail: string;
    subject: string | null;
    eventTitle: string;
    createdAt: number;
    sentAt: number | null;
  };
  return {
    id: row.id,
    bookingId: row.bookingId,
    bookingCode: row.bookingId ? bookingCodeOf(row.bookingId) : null,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    providerMessageId: row.providerMessageId,
    to: row.toAddress ?? row.customerEmail,
    subject: row.subject,
    eventTitle: row.eventTitle,
    createdAt: toIso(row.createdAt)!,
    sentAt: toIso(row.sentAt),
  };
}

/** The outbox, newest first; optionally one booking's messages or one status. */
export async function listOutbox(db: Db, filter: { bookingId?: string; status?: EmailStatus; limit?: number } = {}): Promise<OutboxItem[]> {
  const rows = await db
    .select(listColumns)
    .from(emailOutbox)
    .leftJoin(bookings, eq(bookings.id, emailOutbox.bookingId))
    .leftJoin(waitlistEntries, sql`${emailOutbox.bookingId} is null and ${waitlistEntries.id} = json_extract(${emailOutbox.data}, '$.entryId')`)
    .innerJoin(events, sql`${events.id} = coalesce(${bookings.eventId}, ${waitlistEntries.eventId})`)
    .where(
      and(
        filter.bookingId ? eq(emailOutbox.bookingId, filter.bookingId) : undefined,
        filter.status ? eq(emailOutbox.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(filter.limit ?? 200);
  return rows.map(toItem);
}

/**
 * The message rendered again from its facts (the booking, the notice, the row's data), images
 * inline; a sent one keeps its recipient and subject as sent. No HTML is stored once sent
 * (docs/benchmarks.md, "The outbox in ten years"); a row that still has one answers it.
 */
export async function outboxPreview(db: Db, env: Env, id: number): Promise<Outcome<{ html: string; subject: string; to: string }>> {
  const row = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).get();
  if (!row) return fail(404, "not_found", messages.outboxMessageNotFound);
  if (row.html && row.subject && row.toAddress) return ok({ html: row.html, subject: row.subject, to: row.toAddress });
  const email = await renderOutboxRow(db, env, row);
  if (!email) return fail(404, "not_found", messages.bookingNotFound);
  return ok({ html: previewHtml(email), subject: row.subject ?? email.subject, to: row.toAddress ?? email.to });
}

/** "Reinvia": the row goes back to queued (attempts kept) and to the queue now. */
export async function resendOutbox(db: Db, env: Env, id: number, now: number): Promise<Outcome<OutboxItem>> {
  // A confirmation carries the pass: never sent again once the pass is void (refunded, cancelled, event cancelled…).
  const pass = await db
    .select({ kind: emailOutbox.kind, status: bookings.status, cancelledAt: events.cancelledAt })
    .from(emailOutbox)
    .innerJoin(bookings, eq(bookings.id, emailOutbox.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(emailOutbox.id, id))
    .get();
  if (pass?.kind === "confirmation" && passStatusOf(pass.status, pass.cancelledAt != null) !== "valid") return fail(409, "conflict", messages.resendRefused);
  const updated = await db
    .update(emailOutbox)
    .set({ status: "queued", lastError: null, enqueuedAt: null, updatedAt: now })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["sent", "failed", "queued"])))
    .returning({ id: emailOutbox.id })
    .get();
  if (!updated) {
    const exists = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, id)).get();
    return exists ? fail(409, "conflict", messages.outboxSendInProgress) : fail(404, "not_found", messages.outboxMessageNotFound);
  }
  await dispatchQueued(env, db, now, [id]);
  const [item] = await listOutbox(db, {}).then((all) => all.filter((i) => i.id === id));
  return item ? ok(item) : fail(404, "not_found", messages.outboxMessageNotFound);
}

/** "Reinvia" from a booking: its confirmation again (written now if it never was). */
export async function resendConfirmation(db: Db, env: Env, bookingId: string, now: number): Promise<Outcome<OutboxItem>> {
  const booking = await db
    .select({ status: bookings.status, cancelledAt: events.cancelledAt })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.id, bookingId))
    .get();
  if (!booking) return fail(404, "not_found", messages.bookingNotFound);
  if (booking.status !== "paid" || booking.cancelledAt != null) return fail(409, "conflict", booking.status === "pending" || booking.status === "expired" ? messages.resendOnlyPaid : messages.resendRefused);
  await outboxInsert(db, { bookingId, kind: "confirmation", dedupeKey: confirmationKey(bookingId), now }).run();
  const row = (await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.dedupeKey, confirmationKey(bookingId))).get())!;
  return resendOutbox(db, env, row.id, now);
}
