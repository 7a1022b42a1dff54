import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { emailOutbox } from "../../../db/schema";
import type { Db } from "../../db";
import { claimable, failureText } from "../../lib/claim";
import { headerText } from "../../lib/text";
import type { EmailJob } from "./outbox";
import { renderOutboxRow } from "./render";

export const EMAIL_QUEUE_NAME = "parcheggi-eventi-email";
export const EMAIL_DLQ_NAME = "parcheggi-eventi-email-dlq";

/** The one thing a sender must do: Cloudflare Email Service's `send_email` binding shape. */
export type Mailer = Pick<SendEmail, "send">;

export type SendOutcome = "sent" | "not_queued" | "failed";

/**
 * Sends one outbox row. The row is claimed first (queued → sending, attempts + 1) so a message the
 * queue delivers twice is sent once; a failed send puts it back to queued with its error, and the
 * caller asks the queue to retry it.
 */
export async function sendOutboxRow(db: Db, env: Env, mailer: Mailer, id: number, now: number): Promise<SendOutcome> {
  const claimed = await db
    .update(emailOutbox)
    .set({ status: "sending", attempts: sql`${emailOutbox.attempts} + 1`, updatedAt: now })
    .where(and(eq(emailOutbox.id, id), claimable(emailOutbox.status, emailOutbox.updatedAt, now)))
    .returning()
    .get();
  if (!claimed) return "not_queued";
  try {
    const rendered = await renderOutboxRow(db, env, claimed);
    if (!rendered) throw new Error("prenotazione non trovata");
    // Whatever reached the data (a title stored before the text rule), a header stays one line.
    const email = { ...rendered, subject: headerText(rendered.subject) };
    const result = await mailer.send({
      from: { email: env.EMAIL_FROM, name: headerText(env.EMAIL_FROM_NAME) },
      to: email.to,
      replyTo: env.EMAIL_REPLY_TO,
      subject: email.subject,
      html: email.html,
      text: email.text,
      attachments: email.attachments,
    });
    await db
      .update(emailOutbox)
      .set({
        status: "sent",
        providerMessageId: result.messageId,
        lastError: null,
        sentAt: Date.now(),
        updatedAt: Date.now(),
        // The facts of the sending only: the HTML (with its QR, ~5 KB) is rendered again on demand
        // by the admin's preview, so ten years of outbox stay small (docs/benchmarks.md).
        toAddress: email.to,
        subject: email.subject,
      })
      .where(eq(emailOutbox.id, id))
      .run();
    return "sent";
  } catch (err) {
    await db
      .update(emailOutbox)
      .set({ status: "queued", lastError: failureText(err), updatedAt: Date.now() })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "sending")))
      .run();
    return "failed";
  }
}

/** EMAIL_QUEUE consumer: ack what was sent (or needs nothing), retry what failed. */
export async function handleEmailBatch(batch: MessageBatch<EmailJob>, env: Env, db: Db, mailer: Mailer = env.EMAIL): Promise<void> {
  for (const message of batch.messages) {
    const outcome = await sendOutboxRow(db, env, mailer, message.body.outboxId, Date.now());
    if (outcome === "failed") message.retry();
    else message.ack();
  }
}

/** Dead-letter consumer: the queue gave up on these; the admin sees them as failed, with "Reinvia". */
export async function handleDeadLetters(batch: MessageBatch<EmailJob>, db: Db, now: number): Promise<void> {
  const ids = batch.messages.map((m) => m.body.outboxId);
  if (ids.length) {
    await db
      .update(emailOutbox)
      .set({ status: "failed", updatedAt: now })
      .where(and(inArray(emailOutbox.id, ids), ne(emailOutbox.status, "sent")))
      .run();
  }
  batch.ackAll();
}
