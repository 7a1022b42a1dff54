import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { invalid, notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { createPartner, deletePartner, listPartners } from "../services/settings";
import { findUpload, normaliseImagePath } from "../services/uploads";
import { idParam } from "./events";

const partnerInput = z.object({
  name: z
    .string({ error: "Il nome del partner è obbligatorio" })
    .trim()
    .min(1, "Il nome del partner è obbligatorio")
    .max(100, "Il nome del partner è troppo lungo (massimo 100 caratteri)"),
  imageUrl: z
    .string({ error: "Immagine del partner mancante" })
    .max(2000, "Indirizzo immagine non valido")
    .transform((url, ctx) => normaliseImagePath(url) ?? (ctx.addIssue({ code: "custom", message: "Indirizzo immagine non valido" }), z.NEVER)),
  sortOrder: z.number({ error: "Ordine non valido" }).int("Ordine non valido").min(0, "Ordine non valido").optional(),
  isActive: z.boolean({ error: "Stato non valido" }).optional(),
});

export const partners = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await listPartners(c.var.db, { includeInactive: false }), 200))
  .post("/", requireAdmin, audited("partner.create"), validate("json", partnerInput), async (c) => {
    const input = c.req.valid("json");
    if (input.imageUrl.startsWith("/objects/uploads/") && !(await findUpload(c.var.db, input.imageUrl))) {
      return c.json(invalid("Immagine non trovata: caricala di nuovo"), 400);
    }
    return c.json(await createPartner(c.var.db, input), 201);
  })
  .delete("/:id", requireAdmin, audited("partner.delete"), validate("param", idParam), async (c) => {
    const gone = await deletePartner(c.var.db, c.req.valid("param").id);
    return gone ? c.body(null, 204) : c.json(notFound("Partner non trovato"), 404);
  });
