import { Hono } from "hono";
import { offerAfterBookingFreed } from "../services/waitlist";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { bookingStatuses } from "../../db/schema";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { getAdminBooking, listAdminBookings } from "../services/admin-bookings";
import { freeBooking } from "../services/bookings";
import { messages } from "../i18n/it";

const listQuery = z.object({
  status: z.enum(bookingStatuses, { error: messages.invalidStatus }).optional(),
  eventId: z.coerce.number({ error: messages.invalidEvent }).int(messages.invalidEvent).positive(messages.invalidEvent).optional(),
  limit: z.coerce.number({ error: messages.invalidLimit }).int(messages.invalidLimit).min(1, messages.invalidLimit).max(1000, messages.invalidLimit).default(500),
});
const bookingParam = z.object({ id: z.string().min(1).max(64, messages.bookingNotFound) });

/** The bookings list holds personal data: admin only (mounted at /api). */
export const adminBookings = new Hono<AppEnv>()
  .get("/bookings", requireAdmin, validate("query", listQuery), async (c) =>
    c.json(await listAdminBookings(c.var.db, c.req.valid("query"), Date.now()), 200),
  )
  // "Libera Parcheggio": only a paid booking can release its spot.
  .put("/admin/bookings/:id/free", requireAdmin, audited("booking.free"), validate("param", bookingParam), async (c) => {
    const { id } = c.req.valid("param");
    const now = Date.now();
    const result = await freeBooking(c.var.db, id, now);
    if (!result.ok) return c.json(result.error, result.status);
    await offerAfterBookingFreed(c.var.db, c.env, id, now);
    return c.json((await getAdminBooking(c.var.db, id, now))!, 200);
  });
