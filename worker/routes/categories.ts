import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { listCategories } from "../services/categories";

export const categories = new Hono<AppEnv>().get("/", async (c) => c.json(await listCategories(c.var.db), 200));
