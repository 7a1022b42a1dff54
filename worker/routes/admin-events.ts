import { Hono } from "hono";
import { offerFreedSpotsQuietly } from "../services/waitlist-offers";
import { reserveSeasonSpots } from "../services/season-spots";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { idParam, validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import {
  createEvent,
  deleteEvent,
  reorderEvents,
  reorderRates,
  setEventActive,
  setRateFlags,
  updateEvent,
} from "../services/admin-events";
import { getEvent, listEvents } from "../services/events";
import { eventCreateBody, eventUpdateBody } from "./admin-events-input";
import { messages } from "../i18n/it";

const id = z.number({ error: messages.invalidId }).int(messages.invalidId).positive(messages.invalidId);
const reorderEventsBody = z.object({
  eventOrders: z
    .array(z.object({ id, sortOrder: z.number({ error: messages.invalidOrder }).int(messages.invalidOrder) }), { error: messages.invalidOrder })
    .min(1, messages.invalidOrder)
    .max(1000, messages.invalidOrder),
});
const reorderRatesBody = z.object({
  orderedRateIds: z.array(id, { error: messages.invalidOrder }).min(1, messages.invalidOrder).max(100, messages.invalidOrder),
});
const visibilityBody = z.object({ isVisible: z.boolean({ error: messages.invalidVisibility }) });
const payabilityBody = z.object({ isPayable: z.boolean({ error: messages.invalidPayability }) });

/** Admin event and rate management (mounted at /api: paths follow spec §7). */
export const adminEvents = new Hono<AppEnv>()
  .get("/admin/events", requireAdmin, async (c) => c.json(await listEvents(c.var.db, Date.now(), { includeInactive: true }), 200))
  .post("/events", requireAdmin, audited("event.create"), validate("json", eventCreateBody), async (c) => {
    const result = await createEvent(c.var.db, c.req.valid("json"));
    if (!result.ok) return c.json(result.error, result.status);
    const now = Date.now();
    // A match of a season: its holders' spots are taken before anyone else can book them.
    await reserveSeasonSpots(c.var.db, result.value.id, now);
    return c.json((await getEvent(c.var.db, result.value.id, now, { includeInactive: true }))!, 201);
  })
  .put("/events/:id", requireAdmin, audited("event.update"), validate("param", idParam), validate("json", eventUpdateBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const now = Date.now();
    const result = body.kind === "toggle" ? await setEventActive(c.var.db, id, body.isActive) : await updateEvent(c.var.db, id, body, now);
    if (!result.ok) return c.json(result.error, result.status);
    // Season holders' spots first (a match edited into a season), then the waiting list is served.
    await reserveSeasonSpots(c.var.db, id, now);
    await offerFreedSpotsQuietly(c.var.db, c.env, id, now);
    return c.json((await getEvent(c.var.db, id, now, { includeInactive: true }))!, 200);
  })
  .delete("/events/:id", requireAdmin, audited("event.delete"), validate("param", idParam), async (c) => {
    const result = await deleteEvent(c.var.db, c.req.valid("param").id);
    return result.ok ? c.body(null, 204) : c.json(result.error, result.status);
  })
  .put("/reorder-events", requireAdmin, audited("event.reorder"), validate("json", reorderEventsBody), async (c) => {
    const result = await reorderEvents(c.var.db, c.req.valid("json").eventOrders);
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status);
  })
  .put("/events/:id/rates/reorder", requireAdmin, audited("rate.reorder"), validate("param", idParam), validate("json", reorderRatesBody), async (c) => {
    const result = await reorderRates(c.var.db, c.req.valid("param").id, c.req.valid("json").orderedRateIds);
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status);
  })
  .put("/rates/:id/visibility", requireAdmin, audited("rate.visibility"), validate("param", idParam), validate("json", visibilityBody), async (c) => {
    const result = await setRateFlags(c.var.db, c.req.valid("param").id, c.req.valid("json"));
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status);
  })
  .put("/rates/:id/payability", requireAdmin, audited("rate.payability"), validate("param", idParam), validate("json", payabilityBody), async (c) => {
    const result = await setRateFlags(c.var.db, c.req.valid("param").id, c.req.valid("json"));
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status);
  });
