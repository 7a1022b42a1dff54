import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { getStats } from "../services/stats";

export const stats = new Hono<AppEnv>().get("/", async (c) => c.json(await getStats(c.var.db, Date.now()), 200));
