import { app } from "./app";
import { createDb } from "./db";
import { runCronTasks } from "./services/cron";
import { EMAIL_DLQ_NAME, handleDeadLetters, handleEmailBatch } from "./services/email/consumer";
import type { EmailJob } from "./services/email/outbox";

export { CancelEventWorkflow } from "./workflows/cancel-event";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runCronTasks(createDb(env.DB), env, controller.scheduledTime));
  },
  // EMAIL_QUEUE sends the outbox; its dead-letter queue only marks what the queue gave up on.
  async queue(batch, env) {
    const db = createDb(env.DB);
    if (batch.queue === EMAIL_DLQ_NAME) await handleDeadLetters(batch, db, Date.now());
    else await handleEmailBatch(batch, env, db);
  },
} satisfies ExportedHandler<Env, EmailJob>;
