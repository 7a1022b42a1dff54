import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { createCategory, deleteCategory, listCategories, updateCategory } from "../services/categories";
import { idParam } from "./events";

const categoryInput = z.object({
  name: z
    .string({ error: "Il nome della categoria è obbligatorio" })
    .trim()
    .min(1, "Il nome della categoria è obbligatorio")
    .max(60, "Il nome della categoria è troppo lungo (massimo 60 caratteri)"),
  color: z
    .string({ error: "Colore non valido: usa un esadecimale come #3B82F6" })
    .regex(/^#[0-9A-Fa-f]{6}$/, "Colore non valido: usa un esadecimale come #3B82F6")
    .transform((c) => c.toUpperCase())
    .default("#3B82F6"),
});

export const categories = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await listCategories(c.var.db), 200))
  .post("/", requireAdmin, audited("category.create"), validate("json", categoryInput), async (c) =>
    c.json(await createCategory(c.var.db, c.req.valid("json")), 201),
  )
  .put("/:id", requireAdmin, audited("category.update"), validate("param", idParam), validate("json", categoryInput), async (c) => {
    const category = await updateCategory(c.var.db, c.req.valid("param").id, c.req.valid("json"));
    return category ? c.json(category, 200) : c.json(notFound("Categoria non trovata"), 404);
  })
  .delete("/:id", requireAdmin, audited("category.delete"), validate("param", idParam), async (c) => {
    const gone = await deleteCategory(c.var.db, c.req.valid("param").id);
    return gone ? c.body(null, 204) : c.json(notFound("Categoria non trovata"), 404);
  });
