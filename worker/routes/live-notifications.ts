import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { getLiveNotificationConfig, saveLiveNotificationConfig } from "../services/settings";
import { messages } from "../i18n/it";
import { liveConfigForm } from "../../shared/forms/admin-forms";

// The staff screen's schema (shared/forms/admin-forms.ts) in the Worker's words.
const liveConfigInput = liveConfigForm(messages);

export const liveNotifications = new Hono<AppEnv>()
  .get("/config", async (c) => c.json(await getLiveNotificationConfig(c.var.db), 200))
  .put("/config", requireAdmin, audited("live-notifications.update"), validate("json", liveConfigInput), async (c) => {
    const saved = await saveLiveNotificationConfig(c.var.db, c.req.valid("json"));
    return saved ? c.json(saved, 200) : c.json(errorBody("validation_failed", messages.eventNotFound), 400);
  });
