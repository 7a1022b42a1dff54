import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { listPartners } from "../services/settings";

export const partners = new Hono<AppEnv>().get("/", async (c) =>
  c.json(await listPartners(c.var.db, { includeInactive: false }), 200),
);
