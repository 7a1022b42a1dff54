import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { invalid } from "../lib/errors";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { getLiveNotificationConfig, saveLiveNotificationConfig } from "../services/settings";

export const LIVE_FREQUENCIES = [5000, 10000, 15000, 30000, 60000] as const;
const FREQUENCY = "Frequenza non valida: scegli 5, 10, 15, 30 o 60 secondi";

const liveConfigInput = z.object({
  isEnabled: z.boolean({ error: "Indica se le notifiche sono attive" }),
  frequency: z.number({ error: FREQUENCY }).refine((f) => (LIVE_FREQUENCIES as readonly number[]).includes(f), FREQUENCY),
  targetEventId: z.number({ error: "Evento non valido" }).int("Evento non valido").positive("Evento non valido").nullable(),
  isRandomEvents: z.boolean({ error: "Indica se mostrare eventi casuali" }),
});

export const liveNotifications = new Hono<AppEnv>()
  .get("/config", async (c) => c.json(await getLiveNotificationConfig(c.var.db), 200))
  .put("/config", requireAdmin, audited("live-notifications.update"), validate("json", liveConfigInput), async (c) => {
    const saved = await saveLiveNotificationConfig(c.var.db, c.req.valid("json"));
    return saved ? c.json(saved, 200) : c.json(invalid("Evento non trovato"), 400);
  });
