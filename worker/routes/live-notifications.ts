import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { getLiveNotificationConfig, saveLiveNotificationConfig } from "../services/settings";
import { messages } from "../i18n/it";

export const LIVE_FREQUENCIES = [5000, 10000, 15000, 30000, 60000] as const;

const liveConfigInput = z.object({
  isEnabled: z.boolean({ error: messages.notificationsEnabledRequired }),
  frequency: z.number({ error: messages.invalidNotificationFrequency }).refine((f) => (LIVE_FREQUENCIES as readonly number[]).includes(f), messages.invalidNotificationFrequency),
  targetEventId: z.number({ error: messages.invalidEvent }).int(messages.invalidEvent).positive(messages.invalidEvent).nullable(),
  isRandomEvents: z.boolean({ error: messages.randomEventsRequired }),
});

export const liveNotifications = new Hono<AppEnv>()
  .get("/config", async (c) => c.json(await getLiveNotificationConfig(c.var.db), 200))
  .put("/config", requireAdmin, audited("live-notifications.update"), validate("json", liveConfigInput), async (c) => {
    const saved = await saveLiveNotificationConfig(c.var.db, c.req.valid("json"));
    return saved ? c.json(saved, 200) : c.json(errorBody("validation_failed", messages.eventNotFound), 400);
  });
