import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { gateDirections } from "../../db/schema";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireRole } from "../middleware/require-role";
import { gateEvent, gateSummary, listGateEvents, offlinePasses, scanPass } from "../services/gate";

export const GATE_EVENT_NOT_FOUND = "Evento non disponibile al varco oggi";

const eventParam = z.object({ id: z.coerce.number({ error: GATE_EVENT_NOT_FOUND }).int(GATE_EVENT_NOT_FOUND).positive(GATE_EVENT_NOT_FOUND) });

const scanBody = z.object({
  eventId: z.number({ error: "Scegli un evento" }).int("Scegli un evento").positive("Scegli un evento"),
  scan: z.string({ error: "Inquadra un QR o scrivi una targa" }).trim().min(1, "Inquadra un QR o scrivi una targa").max(500, "Codice troppo lungo"),
  direction: z.enum(gateDirections, { error: "Indica entrata o uscita" }),
  scanId: z.uuid("Identificativo della scansione non valido").optional(),
  scannedAt: z.number({ error: "Ora della scansione non valida" }).int("Ora della scansione non valida").positive("Ora della scansione non valida").optional(),
  passHash: z.string().regex(/^[0-9a-f]{64}$/, "Pass non valido").optional(),
});

/** The gate screen's API (mounted at /api/gate): today's events, live counts, offline list, scans. */
export const gate = new Hono<AppEnv>()
  .use(requireRole("owner", "manager", "gate"))
  .get("/events", async (c) => c.json({ events: await listGateEvents(c.var.db, Date.now()) }, 200))
  .get("/events/:id/summary", validate("param", eventParam), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await gateEvent(c.var.db, id, Date.now()))) return c.json(notFound(GATE_EVENT_NOT_FOUND), 404);
    return c.json(await gateSummary(c.var.db, id), 200);
  })
  .get("/events/:id/passes", validate("param", eventParam), async (c) => {
    const { id } = c.req.valid("param");
    const now = Date.now();
    if (!(await gateEvent(c.var.db, id, now))) return c.json(notFound(GATE_EVENT_NOT_FOUND), 404);
    return c.json({ eventId: id, downloadedAt: new Date(now).toISOString(), passes: await offlinePasses(c.var.db, id) }, 200);
  })
  .post("/scan", validate("json", scanBody), async (c) => {
    const input = c.req.valid("json");
    const now = Date.now();
    if (!(await gateEvent(c.var.db, input.eventId, now))) return c.json(notFound(GATE_EVENT_NOT_FOUND), 404);
    return c.json(await scanPass(c.var.db, input, { now, sessionId: c.var.adminSessionId ?? null }), 200);
  });
