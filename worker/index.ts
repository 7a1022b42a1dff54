import { app } from "./app";
import { createDb } from "./db";
import { runCronTasks } from "./services/cron";
import { EMAIL_DLQ_NAME, handleDeadLetters, handleEmailBatch } from "./services/email/consumer";
import type { EmailJob } from "./services/email/outbox";
import { createSdiIntermediary } from "./services/sdi/intermediary";
import { handleSdiBatch, SDI_QUEUE_NAME, type SdiJob } from "./services/sdi/submissions";

export { CancelEventWorkflow } from "./workflows/cancel-event";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runCronTasks(createDb(env.DB), env, controller.scheduledTime));
  },
  // EMAIL_QUEUE sends the outbox; its dead-letter queue only marks what the queue gave up on.
  // SDI_QUEUE sends invoices and credit notes to SdI (docs/decisions/055-sdi-sending.md).
  async queue(batch, env) {
    const db = createDb(env.DB);
    if (batch.queue === SDI_QUEUE_NAME) await handleSdiBatch(batch as MessageBatch<SdiJob>, db, createSdiIntermediary(env));
    else if (batch.queue === EMAIL_DLQ_NAME) await handleDeadLetters(batch as MessageBatch<EmailJob>, db, Date.now());
    else await handleEmailBatch(batch as MessageBatch<EmailJob>, env, db);
  },
} satisfies ExportedHandler<Env, EmailJob | SdiJob>;
