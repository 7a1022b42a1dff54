import { Hono } from "hono";
import type { ClientErrorStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { messages } from "../i18n/it";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { getWaitlistSettings, saveWaitlistSettings } from "../services/waitlist";
import { adminWaitlist, adminWaitlists } from "../services/waitlist-admin";
import { searchWaitlistEntries } from "../services/waitlist-pages";
import { cursorOf, pageLimitOf } from "./admin-payments";

const eventParam = z.object({ id: z.coerce.number({ error: messages.invalidEvent }).int().positive(messages.invalidEvent) });
const offerMinutes = z.number(messages.waitlistOfferMinutesInvalid).int(messages.waitlistOfferMinutesInvalid);

/** GET /api/admin/waitlist-entries: every list's entries a page at a time (docs/decisions/063-server-pages.md). */
const entriesQuery = z.object({
  eventId: z.coerce.number({ error: messages.invalidEvent }).int(messages.invalidEvent).positive(messages.invalidEvent).optional(),
  q: z.string({ error: messages.invalidSearch }).max(100, messages.invalidSearch).optional(),
  inLine: z.enum(["1", "0"], { error: messages.invalidParams }).optional(),
  cursor: cursorOf((raw) => (/^\d{1,16}$/.test(raw) ? Number(raw) : null)),
  limit: pageLimitOf(),
});

/** The waiting lists and how long an offer holds its spot (mounted at /api/admin). Owner and manager. */
export const adminWaitlistRoutes = new Hono<AppEnv>()
  .get("/waitlists", requireAdmin, async (c) => c.json(await adminWaitlists(c.var.db, Date.now()), 200))
  .get("/waitlist-entries", requireAdmin, validate("query", entriesQuery), async (c) => {
    const { inLine, ...search } = c.req.valid("query");
    return c.json(await searchWaitlistEntries(c.var.db, { ...search, inLine: inLine === "1" }, Date.now()), 200);
  })
  .get("/events/:id/waitlist", requireAdmin, validate("param", eventParam), async (c) => {
    const list = await adminWaitlist(c.var.db, c.req.valid("param").id, Date.now());
    return list ? c.json(list, 200) : c.json(errorBody("not_found", messages.eventNotFound), 404);
  })
  .get("/waitlist-settings", requireAdmin, async (c) => c.json(await getWaitlistSettings(c.var.db), 200))
  .put("/waitlist-settings", requireAdmin, audited("waitlist.settings"), validate("json", z.object({ offerMinutes })), async (c) => {
    const result = await saveWaitlistSettings(c.var.db, c.req.valid("json"));
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
  });
