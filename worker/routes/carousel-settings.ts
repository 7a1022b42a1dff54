import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { getCarouselSettings, saveCarouselSettings } from "../services/settings";

const SPEED = "La velocità di scorrimento deve essere tra 0.5 e 10, a passi di 0.5";
const FRAME = "La fluidità dell'animazione deve essere un numero intero tra 8 e 50 ms";

// Spec §5 bounds, enforced here and not only as input attributes.
const carouselInput = z.object({
  scrollSpeed: z.number({ error: SPEED }).min(0.5, SPEED).max(10, SPEED).multipleOf(0.5, SPEED),
  frameRate: z.number({ error: FRAME }).int(FRAME).min(8, FRAME).max(50, FRAME),
  isEnabled: z.boolean({ error: "Indica se il carosello è attivo" }),
});

export const carouselSettings = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await getCarouselSettings(c.var.db), 200))
  .put("/", requireAdmin, audited("carousel.update"), validate("json", carouselInput), async (c) =>
    c.json(await saveCarouselSettings(c.var.db, c.req.valid("json")), 200),
  );
