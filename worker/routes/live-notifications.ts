import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { getLiveNotificationConfig } from "../services/settings";

export const liveNotifications = new Hono<AppEnv>().get("/config", async (c) =>
  c.json(await getLiveNotificationConfig(c.var.db), 200),
);
