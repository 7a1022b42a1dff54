import { app } from "./app";
import { createDb } from "./db";
import { runCronTasks } from "./services/cron";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runCronTasks(createDb(env.DB), env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
