import { Hono } from "hono";
import { answer } from "../lib/answer";
import { offerAfterBookingFreed } from "../services/waitlist-offers";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { bookingStatuses } from "../../db/schema";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { getAdminBooking, listAdminBookings } from "../services/admin-bookings";
import { freeBooking } from "../services/bookings";
import { messages } from "../i18n/it";
import { searchAdminBookings } from "../services/bookings-search";
import { decodeUuidCursor } from "../lib/page-cursor";
import { romeDayRange } from "../lib/time";
import { cursorOf, day, pageLimitOf } from "./admin-payments";

const listQuery = z.object({
  status: z.enum(bookingStatuses, { error: messages.invalidStatus }).optional(),
  eventId: z.coerce.number({ error: messages.invalidEvent }).int(messages.invalidEvent).positive(messages.invalidEvent).optional(),
  limit: z.coerce.number({ error: messages.invalidLimit }).int(messages.invalidLimit).min(1, messages.invalidLimit).max(1000, messages.invalidLimit).default(500),
});
const searchText = z.string({ error: messages.invalidSearch }).max(100, messages.invalidSearch).optional();

/** GET /api/admin/bookings: the searchable list, a page at a time (docs/decisions/053-bookings-search.md). */
const searchQuery = z
  .object({
    q: searchText,
    code: searchText,
    plate: searchText,
    name: searchText,
    email: searchText,
    status: listQuery.shape.status,
    eventId: listQuery.shape.eventId,
    from: day,
    to: day,
    cursor: cursorOf(decodeUuidCursor),
    limit: pageLimitOf(),
  })
  .refine((r) => !r.from || !r.to || r.from.until(r.to).sign >= 0, messages.invalidDateRange);

const bookingParam = z.object({ id: z.string().min(1).max(64, messages.bookingNotFound) });

/** The bookings list holds personal data: admin only (mounted at /api). */
export const adminBookings = new Hono<AppEnv>()
  .get("/bookings", requireAdmin, validate("query", listQuery), async (c) =>
    c.json(await listAdminBookings(c.var.db, c.req.valid("query"), Date.now()), 200),
  )
  .get("/admin/bookings", requireAdmin, validate("query", searchQuery), async (c) => {
    const { from, to, ...search } = c.req.valid("query");
    const range = { from: from ? romeDayRange(from).start : undefined, to: to ? romeDayRange(to).end : undefined };
    return c.json(await searchAdminBookings(c.var.db, { ...search, ...range }, Date.now()), 200);
  })
  // "Libera Parcheggio": only a paid booking can release its spot.
  .put("/admin/bookings/:id/free", requireAdmin, audited("booking.free"), validate("param", bookingParam), async (c) => {
    const { id } = c.req.valid("param");
    const now = Date.now();
    const result = await freeBooking(c.var.db, id, now);
    if (!result.ok) return answer(c, result);
    await offerAfterBookingFreed(c.var.db, c.env, id, now);
    return c.json((await getAdminBooking(c.var.db, id, now))!, 200);
  });
