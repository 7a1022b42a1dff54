import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { requireAdmin } from "../middleware/require-admin";
import { configurationProblems } from "../services/configuration";

/** What the dashboard's red banners say (mounted at /api/admin/configuration): problem codes, no secrets. */
export const adminConfiguration = new Hono<AppEnv>().get("/", requireAdmin, (c) => c.json({ problems: configurationProblems(c.env) }, 200));
