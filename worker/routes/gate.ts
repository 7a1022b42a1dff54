import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { gateDirections } from "../../db/schema";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireRole } from "../middleware/require-role";
import { gateEvent, gateSummary, isGateEvent, listGateEvents } from "../services/gate";
import { offlinePasses } from "../services/gate-offline";
import { readScan, scanPass, scanReadPlan } from "../services/gate-scan";
import { eventOverstays } from "../services/gate-overstays";
import { eq } from "drizzle-orm";
import { events } from "../../db/schema";
import { messages } from "../i18n/it";

const eventParam = z.object({ id: z.coerce.number({ error: messages.gateEventNotFound }).int(messages.gateEventNotFound).positive(messages.gateEventNotFound) });

const scanBody = z.object({
  eventId: z.number({ error: messages.gateEventRequired }).int(messages.gateEventRequired).positive(messages.gateEventRequired),
  scan: z.string({ error: messages.gateScanRequired }).trim().min(1, messages.gateScanRequired).max(500, messages.gateScanTooLong),
  direction: z.enum(gateDirections, { error: messages.gateDirectionRequired }),
  scanId: z.uuid(messages.invalidScanId).optional(),
  scannedAt: z.number({ error: messages.invalidScanTime }).int(messages.invalidScanTime).positive(messages.invalidScanTime).optional(),
  passHash: z.string().regex(/^[0-9a-f]{64}$/, messages.invalidPass).optional(),
});

/**
 * A scan's reads ride in the session check's trip, so a scan costs two D1 trips at most
 * (docs/decisions/037-hot-requests-in-two-trips.md). A body that does not validate reads nothing:
 * the validator answers it after the session check, as on every route.
 */
const scanReadsAlongSession = createMiddleware<AppEnv>(async (c, next) => {
  const body = scanBody.safeParse(await c.req.json().catch(() => null));
  if (body.success) c.set("alongSession", { items: scanReadPlan(c.var.db, body.data).items });
  await next();
});

/** The gate screen's API (mounted at /api/gate): today's events, live counts, offline list, scans. */
export const gate = new Hono<AppEnv>()
  .use("/scan", scanReadsAlongSession)
  .use(requireRole("owner", "manager", "gate"))
  .get("/events", async (c) => c.json({ events: await listGateEvents(c.var.db, Date.now()) }, 200))
  .get("/events/:id/summary", validate("param", eventParam), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await gateEvent(c.var.db, id, Date.now()))) return c.json(errorBody("not_found", messages.gateEventNotFound), 404);
    return c.json(await gateSummary(c.var.db, id), 200);
  })
  .get("/events/:id/passes", validate("param", eventParam), async (c) => {
    const { id } = c.req.valid("param");
    const now = Date.now();
    if (!(await gateEvent(c.var.db, id, now))) return c.json(errorBody("not_found", messages.gateEventNotFound), 404);
    return c.json({ eventId: id, downloadedAt: new Date(now).toISOString(), passes: await offlinePasses(c.var.db, id) }, 200);
  })
  // The admin's view of an event's overstays (any day, not only while the gate is open).
  .get("/events/:id/overstays", requireRole("owner", "manager"), validate("param", eventParam), async (c) => {
    const { id } = c.req.valid("param");
    const event = await c.var.db.select({ id: events.id }).from(events).where(eq(events.id, id)).get();
    if (!event) return c.json(errorBody("not_found", messages.eventNotFound), 404);
    return c.json({ overstays: await eventOverstays(c.var.db, id, Date.now()) }, 200);
  })
  .post("/scan", validate("json", scanBody), async (c) => {
    const input = c.req.valid("json");
    const now = Date.now();
    const along = c.var.alongSession?.results;
    const read = along ? scanReadPlan(c.var.db, input).of(along) : await readScan(c.var.db, input);
    if (!read.event || !isGateEvent(read.event, now)) return c.json(errorBody("not_found", messages.gateEventNotFound), 404);
    return c.json(await scanPass(c.var.db, input, { now, sessionId: c.var.adminSessionId ?? null }, read), 200);
  });
