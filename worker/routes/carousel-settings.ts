import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { getCarouselSettings } from "../services/settings";

export const carouselSettings = new Hono<AppEnv>().get("/", async (c) => c.json(await getCarouselSettings(c.var.db), 200));
