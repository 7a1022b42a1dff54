import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { documents, sdiSubmissions, type DocumentRow, type SdiSubmissionRow } from "../../../db/schema";
import type { Db } from "../../db";
import { claimable, failureText } from "../../lib/claim";
import { fail, ok, type Outcome } from "../../lib/errors";
import { messages } from "../../i18n/it";
import { fatturaFactsOf } from "../documents/facts";
import { fatturaFileName, fatturaXml, type Buyer } from "../documents/fattura-xml";
import type { SdiIntermediary } from "./types";

/**
 * Invoices and credit notes to SdI (docs/decisions/055-sdi-sending.md). Each sending is a row of
 * sdi_submissions holding the file as sent; SDI_QUEUE carries only its id. The consumer claims the row
 * before calling the intermediary, so a message delivered twice sends once; a failed call puts it back
 * and the queue retries it. The cron writes the first sending of new documents, hands over what the
 * queue dropped and reads SdI's outcomes. A discarded document is corrected and sent again under its
 * number and date, as a new attempt with a new file name; the refused file stays as history.
 */

/** What travels on SDI_QUEUE. */
export type SdiJob = { submissionId: string };

export const SDI_QUEUE_NAME = "parcheggi-eventi-sdi";
/** A queued row not taken this long after its hand-over is handed again (the queue lost it, or gave up). */
export const SDI_REQUEUE_AFTER_MS = 10 * 60_000;
const SWEEP = 50;

/** A document's state with SdI, as the Documenti tab shows it: da inviare, inviata, consegnata, scartata. */
export type SdiState = {
  status: "pending" | "sent" | "delivered" | "discarded";
  /** Handed to the intermediary's queue, not taken yet (still "da inviare"). */
  queued: boolean;
  attempt: number;
  reason: string | null;
  lastError: string | null;
  /** Earlier refused files, newest first. */
  history: { attempt: number; fileName: string; reason: string | null; at: string | null }[];
};

export function sdiStateOf(rows: SdiSubmissionRow[]): SdiState {
  const sorted = [...rows].sort((a, b) => b.attempt - a.attempt);
  const last = sorted[0];
  const history = sorted.slice(1).map((r) => ({ attempt: r.attempt, fileName: r.fileName, reason: r.reason, at: r.outcomeAt == null ? null : new Date(r.outcomeAt).toISOString() }));
  if (!last) return { status: "pending", queued: false, attempt: 0, reason: null, lastError: null, history };
  const status = last.status === "queued" || last.status === "sending" ? "pending" : last.status;
  return { status, queued: status === "pending", attempt: last.attempt, reason: last.reason, lastError: last.lastError, history };
}

/** The submissions of the given documents, by document id. */
export async function submissionsOf(db: Db, documentIds: string[]): Promise<Map<string, SdiSubmissionRow[]>> {
  const byDoc = new Map<string, SdiSubmissionRow[]>();
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < documentIds.length; i += 90) {
    const rows = await db.select().from(sdiSubmissions).where(inArray(sdiSubmissions.documentId, documentIds.slice(i, i + 90)));
    for (const r of rows) byDoc.set(r.documentId, [...(byDoc.get(r.documentId) ?? []), r]);
  }
  return byDoc;
}

/** The file of a document's latest sending, else the file as it would be sent now. */
export function fileOf(doc: DocumentRow, invoice: DocumentRow | null | undefined, submissions: SdiSubmissionRow[] = []): { fileName: string; xml: string } {
  const last = [...submissions].sort((a, b) => b.attempt - a.attempt)[0];
  if (last) return { fileName: last.fileName, xml: last.xml };
  const facts = fatturaFactsOf(doc, invoice);
  return { fileName: fatturaFileName(facts), xml: fatturaXml(facts) };
}

function submissionOf(doc: DocumentRow, invoice: DocumentRow | null | undefined, attempt: number, now: number) {
  const facts = fatturaFactsOf(doc, invoice, attempt);
  return { id: crypto.randomUUID(), documentId: doc.id, attempt, fileName: fatturaFileName(facts), xml: fatturaXml(facts), status: "queued" as const, createdAt: now, updatedAt: now };
}

/**
 * The first sending of every invoice and credit note that has none: written (never twice: the unique
 * attempt index) and handed to the queue. Run by the cron and right after an invoice is issued, only
 * while an intermediary (or, in demo mode, the stand-in) is there.
 */
export async function queueUnsentDocuments(db: Db, env: Pick<Env, "SDI_QUEUE">, now: number): Promise<number> {
  const unsent = await db
    .select()
    .from(documents)
    .where(
      and(
        inArray(documents.kind, ["invoice", "credit_note"]),
        sql`not exists (select 1 from ${sdiSubmissions} s where s.document_id = ${documents.id})`,
      ),
    )
    .orderBy(asc(documents.issuedAt))
    .limit(SWEEP);
  if (unsent.length) {
    const invoiceIds = [...new Set(unsent.map((d) => d.invoiceId).filter((id): id is string => !!id))];
    const invoices = new Map((invoiceIds.length ? await db.select().from(documents).where(inArray(documents.id, invoiceIds)) : []).map((d) => [d.id, d]));
    const inserts = unsent.map((d) => db.insert(sdiSubmissions).values(submissionOf(d, d.invoiceId ? invoices.get(d.invoiceId) : null, 1, now)).onConflictDoNothing());
    await db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
  }
  await handOverSdi(env, db, now);
  return unsent.length;
}

/** Hands queued sendings to SDI_QUEUE: the given ones, or every one not handed over lately. Never throws: the cron tries again. */
export async function handOverSdi(env: Pick<Env, "SDI_QUEUE">, db: Db, now: number, ids?: string[]): Promise<number> {
  try {
    const due = and(
      eq(sdiSubmissions.status, "queued"),
      ids ? inArray(sdiSubmissions.id, ids.length ? ids : [""]) : or(isNull(sdiSubmissions.enqueuedAt), lt(sdiSubmissions.enqueuedAt, now - SDI_REQUEUE_AFTER_MS)),
    );
    const rows = await db.select({ id: sdiSubmissions.id }).from(sdiSubmissions).where(due).orderBy(asc(sdiSubmissions.createdAt)).limit(SWEEP);
    if (!rows.length) return 0;
    await env.SDI_QUEUE.sendBatch(rows.map((r) => ({ body: { submissionId: r.id } satisfies SdiJob, contentType: "json" as const })));
    await db.update(sdiSubmissions).set({ enqueuedAt: now }).where(and(due, inArray(sdiSubmissions.id, rows.map((r) => r.id)))).run();
    return rows.length;
  } catch (err) {
    console.error(`SdI hand-over to the queue failed, the cron retries: ${(err as Error).message}`);
    return 0;
  }
}

export type SdiSendResult = "sent" | "not_queued" | "failed";

/**
 * One sending: claimed first (queued → sending, tries + 1), so a message the queue delivers twice
 * reaches the intermediary once; a failed call goes back to queued with its error, for the queue to retry.
 */
export async function sendSubmission(db: Db, intermediary: SdiIntermediary, id: string, now: number): Promise<SdiSendResult> {
  const claimed = await db
    .update(sdiSubmissions)
    .set({ status: "sending", tries: sql`${sdiSubmissions.tries} + 1`, updatedAt: now })
    // A stale claim may be tried again: the intermediary takes the same file name once.
    .where(and(eq(sdiSubmissions.id, id), claimable(sdiSubmissions.status, sdiSubmissions.updatedAt, now)))
    .returning()
    .get();
  if (!claimed) return "not_queued";
  try {
    const { transmissionId } = await intermediary.send({ fileName: claimed.fileName, xml: claimed.xml });
    await db
      .update(sdiSubmissions)
      .set({ status: "sent", transmissionId, lastError: null, sentAt: now, updatedAt: now })
      .where(and(eq(sdiSubmissions.id, id), eq(sdiSubmissions.status, "sending")))
      .run();
    return "sent";
  } catch (err) {
    await db
      .update(sdiSubmissions)
      .set({ status: "queued", lastError: failureText(err), updatedAt: now })
      .where(and(eq(sdiSubmissions.id, id), eq(sdiSubmissions.status, "sending")))
      .run();
    return "failed";
  }
}

/** SDI_QUEUE consumer: ack what was sent (or needs nothing), retry what failed. Without an intermediary the rows wait, queued. */
export async function handleSdiBatch(batch: MessageBatch<SdiJob>, db: Db, intermediary: SdiIntermediary | null, now = Date.now()): Promise<void> {
  for (const message of batch.messages) {
    if (!intermediary) {
      message.ack();
      continue;
    }
    const result = await sendSubmission(db, intermediary, message.body.submissionId, now);
    if (result === "failed") message.retry();
    else message.ack();
  }
}

/** Reads SdI's outcome of every file still travelling (cron): delivered, or discarded with its reason. */
export async function pollSdiOutcomes(db: Db, intermediary: SdiIntermediary, now: number): Promise<{ delivered: number; discarded: number }> {
  const travelling = await db.select().from(sdiSubmissions).where(eq(sdiSubmissions.status, "sent")).orderBy(asc(sdiSubmissions.sentAt)).limit(SWEEP);
  const counts = { delivered: 0, discarded: 0 };
  for (const row of travelling) {
    try {
      const outcome = await intermediary.outcome(row.transmissionId!);
      if (outcome.state === "sent") continue;
      await db
        .update(sdiSubmissions)
        .set({ status: outcome.state, reason: outcome.state === "discarded" ? outcome.reason : null, outcomeAt: now, updatedAt: now })
        .where(and(eq(sdiSubmissions.id, row.id), eq(sdiSubmissions.status, "sent")))
        .run();
      counts[outcome.state]++;
    } catch (err) {
      console.error(`SdI outcome of ${row.fileName} not read, the cron retries: ${(err as Error).message}`);
    }
  }
  return counts;
}

/**
 * A discarded invoice or credit note, corrected (the customer's data) and sent again under its number
 * and date: one guarded batch updates the document and writes the next attempt only while its latest
 * sending is the discarded one, so two racing corrections make one new file. The refused file stays.
 */
export async function resendCorrected(db: Db, env: Pick<Env, "SDI_QUEUE">, documentId: string, buyer: Buyer, now: number): Promise<Outcome<{ submission: SdiSubmissionRow }>> {
  const doc = await db.select().from(documents).where(eq(documents.id, documentId)).get();
  if (!doc || doc.kind === "receipt") return fail(404, "not_found", messages.documentNotFound);
  const last = await db.select().from(sdiSubmissions).where(eq(sdiSubmissions.documentId, documentId)).orderBy(desc(sdiSubmissions.attempt)).get();
  if (!last || last.status !== "discarded") return fail(409, "conflict", messages.sdiResendOnlyDiscarded);
  const invoice = doc.invoiceId ? await db.select().from(documents).where(eq(documents.id, doc.invoiceId)).get() : null;
  const corrected = { ...doc, buyer: buyer as unknown as Record<string, unknown> };
  const next = submissionOf(corrected, invoice, last.attempt + 1, now);
  const latestIsDiscarded = sql`exists (select 1 from ${sdiSubmissions} s where s.document_id = ${documentId} and s.attempt = ${last.attempt} and s.status = 'discarded')
    and not exists (select 1 from ${sdiSubmissions} s where s.document_id = ${documentId} and s.attempt > ${last.attempt})`;
  const [updated] = await db.batch([
    db.update(documents).set({ buyer: corrected.buyer }).where(and(eq(documents.id, documentId), latestIsDiscarded)),
    db.insert(sdiSubmissions).values(next).onConflictDoNothing(),
  ]);
  if (((updated as { meta?: { changes?: number } }).meta?.changes ?? 0) === 0) return fail(409, "conflict", messages.sdiResendOnlyDiscarded);
  await handOverSdi(env, db, now, [next.id]);
  return ok({ submission: (await db.select().from(sdiSubmissions).where(eq(sdiSubmissions.id, next.id)).get())! });
}


