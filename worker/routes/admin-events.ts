import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { conflict, notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import {
  createEvent,
  DELETE_HAS_BOOKINGS,
  deleteEvent,
  EVENT_NOT_FOUND,
  eventCreateBody,
  eventUpdateBody,
  RATE_NOT_FOUND,
  reorderEvents,
  reorderRates,
  setEventActive,
  setRateFlags,
  updateEvent,
} from "../services/admin-events";
import { getEvent, listEvents } from "../services/events";
import { idParam } from "./events";

const id = z.number({ error: "Identificativo non valido" }).int("Identificativo non valido").positive("Identificativo non valido");
const reorderEventsBody = z.object({
  eventOrders: z
    .array(z.object({ id, sortOrder: z.number({ error: "Ordine non valido" }).int("Ordine non valido") }), { error: "Ordine non valido" })
    .min(1, "Ordine non valido")
    .max(1000, "Ordine non valido"),
});
const reorderRatesBody = z.object({
  orderedRateIds: z.array(id, { error: "Ordine non valido" }).min(1, "Ordine non valido").max(100, "Ordine non valido"),
});
const visibilityBody = z.object({ isVisible: z.boolean({ error: "Visibilità non valida" }) });
const payabilityBody = z.object({ isPayable: z.boolean({ error: "Pagabilità non valida" }) });

/** Admin event and rate management (mounted at /api: paths follow spec §7). */
export const adminEvents = new Hono<AppEnv>()
  .get("/admin/events", requireAdmin, async (c) => c.json(await listEvents(c.var.db, Date.now(), { includeInactive: true }), 200))
  .post("/events", requireAdmin, audited("event.create"), validate("json", eventCreateBody), async (c) => {
    const result = await createEvent(c.var.db, c.req.valid("json"));
    if (!result.ok) return c.json(result.body, result.status);
    return c.json((await getEvent(c.var.db, result.id, Date.now(), { includeInactive: true }))!, 201);
  })
  .put("/events/:id", requireAdmin, audited("event.update"), validate("param", idParam), validate("json", eventUpdateBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const now = Date.now();
    if (body.kind === "toggle") {
      if (!(await setEventActive(c.var.db, id, body.isActive))) return c.json(notFound(EVENT_NOT_FOUND), 404);
    } else {
      const result = await updateEvent(c.var.db, id, body, now);
      if (!result.ok) return c.json(result.body, result.status);
    }
    return c.json((await getEvent(c.var.db, id, now, { includeInactive: true }))!, 200);
  })
  .delete("/events/:id", requireAdmin, audited("event.delete"), validate("param", idParam), async (c) => {
    const outcome = await deleteEvent(c.var.db, c.req.valid("param").id);
    if (outcome === "not_found") return c.json(notFound(EVENT_NOT_FOUND), 404);
    if (outcome === "has_bookings") return c.json(conflict(DELETE_HAS_BOOKINGS), 409);
    return c.body(null, 204);
  })
  .put("/reorder-events", requireAdmin, audited("event.reorder"), validate("json", reorderEventsBody), async (c) => {
    const { eventOrders } = c.req.valid("json");
    if ((await reorderEvents(c.var.db, eventOrders)) === "not_found") return c.json(notFound(EVENT_NOT_FOUND), 404);
    return c.json({ updated: eventOrders.length }, 200);
  })
  .put("/events/:id/rates/reorder", requireAdmin, audited("rate.reorder"), validate("param", idParam), validate("json", reorderRatesBody), async (c) => {
    const result = await reorderRates(c.var.db, c.req.valid("param").id, c.req.valid("json").orderedRateIds);
    if (!Array.isArray(result)) return c.json(result.body, result.status);
    return c.json(result, 200);
  })
  .put("/rates/:id/visibility", requireAdmin, audited("rate.visibility"), validate("param", idParam), validate("json", visibilityBody), async (c) => {
    const rate = await setRateFlags(c.var.db, c.req.valid("param").id, c.req.valid("json"));
    return rate ? c.json(rate, 200) : c.json(notFound(RATE_NOT_FOUND), 404);
  })
  .put("/rates/:id/payability", requireAdmin, audited("rate.payability"), validate("param", idParam), validate("json", payabilityBody), async (c) => {
    const rate = await setRateFlags(c.var.db, c.req.valid("param").id, c.req.valid("json"));
    return rate ? c.json(rate, 200) : c.json(notFound(RATE_NOT_FOUND), 404);
  });
