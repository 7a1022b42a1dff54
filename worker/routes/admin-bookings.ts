import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { bookingStatuses } from "../../db/schema";
import { conflict, notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { getAdminBooking, listAdminBookings } from "../services/admin-bookings";
import { BOOKING_NOT_FOUND, freeBooking } from "../services/bookings";

const listQuery = z.object({
  status: z.enum(bookingStatuses, { error: "Stato non valido" }).optional(),
  eventId: z.coerce.number({ error: "Evento non valido" }).int("Evento non valido").positive("Evento non valido").optional(),
  limit: z.coerce.number({ error: "Limite non valido" }).int("Limite non valido").min(1, "Limite non valido").max(1000, "Limite non valido").default(500),
});
const bookingParam = z.object({ id: z.string().min(1).max(64, BOOKING_NOT_FOUND) });

/** The bookings list holds personal data: admin only (mounted at /api). */
export const adminBookings = new Hono<AppEnv>()
  .get("/bookings", requireAdmin, validate("query", listQuery), async (c) =>
    c.json(await listAdminBookings(c.var.db, c.req.valid("query"), Date.now()), 200),
  )
  // "Libera Parcheggio": only a paid booking can release its spot.
  .put("/admin/bookings/:id/free", requireAdmin, audited("booking.free"), validate("param", bookingParam), async (c) => {
    const { id } = c.req.valid("param");
    const now = Date.now();
    const outcome = await freeBooking(c.var.db, id, now);
    if (outcome === "not_found") return c.json(notFound(BOOKING_NOT_FOUND), 404);
    if (outcome === "not_paid") return c.json(conflict("Si può liberare solo il posto di una prenotazione pagata"), 409);
    return c.json((await getAdminBooking(c.var.db, id, now))!, 200);
  });
