import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireAdmin } from "../middleware/require-admin";
import { getAdminStats, getStats } from "../services/stats";

/** The public counters: spots and events, never money. */
export const stats = new Hono<AppEnv>().get("/", async (c) => c.json(await getStats(c.var.db, Date.now()), 200));

/** The dashboard's counters with today's takings (mounted at /api/admin/stats). */
export const adminStats = new Hono<AppEnv>().get("/", requireAdmin, async (c) => c.json(await getAdminStats(c.var.db, Date.now()), 200));
