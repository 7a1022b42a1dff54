import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { validate } from "../lib/validate";
import { listLiveActivity } from "../services/live-activity";
import { messages } from "../i18n/it";

const activityQuery = z.object({
  eventId: z.coerce.number({ error: messages.invalidEvent }).int(messages.invalidEvent).positive(messages.invalidEvent).optional(),
});

export const liveActivity = new Hono<AppEnv>().get("/", validate("query", activityQuery), async (c) =>
  c.json(await listLiveActivity(c.var.db, Date.now(), c.req.valid("query").eventId), 200),
);
