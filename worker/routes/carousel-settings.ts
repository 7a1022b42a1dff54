import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { getCarouselSettings, saveCarouselSettings } from "../services/settings";
import { messages } from "../i18n/it";
import { carouselForm } from "../../shared/forms/admin-forms";

// Spec §5 bounds, enforced here and not only as input attributes: the staff screen's schema (shared/forms/admin-forms.ts).
const carouselInput = carouselForm(messages);

export const carouselSettings = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await getCarouselSettings(c.var.db), 200))
  .put("/", requireAdmin, audited("carousel.update"), validate("json", carouselInput), async (c) =>
    c.json(await saveCarouselSettings(c.var.db, c.req.valid("json")), 200),
  );
