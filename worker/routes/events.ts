import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { listEvents, listPublicRates } from "../services/events";

export const idParam = z.object({ id: z.coerce.number().int().positive("Identificativo non valido") });

export const events = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await listEvents(c.var.db, Date.now(), { includeInactive: false }), 200))
  .get("/:id/rates", validate("param", idParam), async (c) => {
    const list = await listPublicRates(c.var.db, c.req.valid("param").id);
    return list ? c.json(list, 200) : c.json(notFound("Evento non trovato"), 404);
  });
