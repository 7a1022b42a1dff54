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

const eventParam = z.object({ id: z.coerce.number({ error: messages.invalidEvent }).int().positive(messages.invalidEvent) });
const offerMinutes = z.number(messages.waitlistOfferMinutesInvalid).int(messages.waitlistOfferMinutesInvalid);

/** The waiting lists and how long an offer holds its spot (mounted at /api/admin). Owner and manager. */
export const adminWaitlistRoutes = new Hono<AppEnv>()
  .get("/waitlists", requireAdmin, async (c) => c.json(await adminWaitlists(c.var.db, Date.now()), 200))
  .get("/events/:id/waitlist", requireAdmin, validate("param", eventParam), async (c) => {
    const list = await adminWaitlist(c.var.db, c.req.valid("param").id, Date.now());
    return list ? c.json(list, 200) : c.json(errorBody("not_found", messages.eventNotFound), 404);
  })
  .get("/waitlist-settings", requireAdmin, async (c) => c.json(await getWaitlistSettings(c.var.db), 200))
  .put("/waitlist-settings", requireAdmin, audited("waitlist.settings"), validate("json", z.object({ offerMinutes })), async (c) => {
    const result = await saveWaitlistSettings(c.var.db, c.req.valid("json"));
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
  });
