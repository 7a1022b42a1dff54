import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { getCarouselSettings, saveCarouselSettings } from "../services/settings";
import { messages } from "../i18n/it";

// Spec §5 bounds, enforced here and not only as input attributes.
const carouselInput = z.object({
  scrollSpeed: z.number({ error: messages.invalidCarouselSpeed }).min(0.5, messages.invalidCarouselSpeed).max(10, messages.invalidCarouselSpeed).multipleOf(0.5, messages.invalidCarouselSpeed),
  frameRate: z.number({ error: messages.invalidCarouselFrame }).int(messages.invalidCarouselFrame).min(8, messages.invalidCarouselFrame).max(50, messages.invalidCarouselFrame),
  isEnabled: z.boolean({ error: messages.carouselEnabledRequired }),
});

export const carouselSettings = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await getCarouselSettings(c.var.db), 200))
  .put("/", requireAdmin, audited("carousel.update"), validate("json", carouselInput), async (c) =>
    c.json(await saveCarouselSettings(c.var.db, c.req.valid("json")), 200),
  );
