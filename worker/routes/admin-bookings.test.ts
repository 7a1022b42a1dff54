import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, refunds } from "../../db/schema";
import { adminApi, adminCookie } from "../test/admin";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";
import type { AdminBookingDto } from "../services/admin-bookings";
import type { EventDto } from "../services/events";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});
const list = async (query = "") => {
  const res = await adminApi(`/api/bookings${query}`, { cookie });
  expect(res.status).toBe(200);
  return res.json<AdminBookingDto[]>();
};

describe("GET /api/bookings (admin)", () => {
  it("lists bookings newest first with event title, rate name and the spec's fields", async () => {
    const { eventId, event, rates } = await seedEvent({ rates: [{ name: "Auto", priceCents: 1500 }] });
    const older = await seedBooking({ eventId, rateId: rates[0].id, status: "paid", createdAt: Date.now() - 60_000 });
    const newer = await seedBooking({ eventId, rateId: rates[0].id, status: "pending", createdAt: Date.now() - 1_000 });
    const rows = (await list(`?eventId=${eventId}`)).map((b) => b.id);
    expect(rows).toEqual([newer.id, older.id]);
    const [first] = await list(`?eventId=${eventId}&status=paid`);
    expect(first).toMatchObject({
      id: older.id,
      eventId,
      rateId: rates[0].id,
      customerName: "Mario Rossi",
      customerEmail: "mario@example.it",
      licensePlate: "AB123CD",
      carModel: "Fiat Panda",
      amount: "15.00",
      status: "paid",
      event: { id: eventId, title: event.title },
      rate: { id: rates[0].id, name: "Auto" },
      stripePaymentIntentId: null,
    });
    expect(first.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("filters by status, showing a lapsed hold as expired", async () => {
    const { eventId, rateId } = await seedEvent();
    const live = await seedBooking({ eventId, rateId, status: "pending", holdExpiresAt: Date.now() + 600_000 });
    const lapsed = await seedBooking({ eventId, rateId, status: "pending", holdExpiresAt: Date.now() - 1 });
    expect((await list(`?eventId=${eventId}&status=pending`)).map((b) => b.id)).toEqual([live.id]);
    const expired = await list(`?eventId=${eventId}&status=expired`);
    expect(expired.map((b) => [b.id, b.status])).toEqual([[lapsed.id, "expired"]]);
  });

  it("counts, per event, the bookings holding or paying a spot with the same plate", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 10 });
    const paidA = await seedBooking({ eventId, rateId, status: "paid" });
    const paidB = await seedBooking({ eventId, rateId, status: "paid" });
    const hold = await seedBooking({ eventId, rateId, status: "pending" });
    const lapsed = await seedBooking({ eventId, rateId, status: "pending", holdExpiresAt: Date.now() - 1 });
    const freed = await seedBooking({ eventId, rateId, status: "freed" });
    const other = await seedEvent();
    const alone = await seedBooking({ eventId: other.eventId, rateId: other.rateId, status: "paid" }); // same plate, other event
    await testDb().update(bookings).set({ licensePlate: "ZZ999ZZ" }).where(eq(bookings.id, hold.id));
    const spots = new Map((await list(`?eventId=${eventId}`)).map((b) => [b.id, b.plateSpots]));
    expect([paidA, paidB, hold, lapsed, freed].map((b) => spots.get(b.id))).toEqual([2, 2, 1, 2, 2]);
    expect((await list(`?eventId=${other.eventId}`)).find((b) => b.id === alone.id)!.plateSpots).toBe(1);
  });

  it("shows a partial refund on the row: refundedAmount counts only money that went back, and pending and failed refunds are flagged (finding 5)", async () => {
    const { eventId, rateId } = await seedEvent();
    const partly = await seedBooking({ eventId, rateId, status: "paid", amountCents: 1000 });
    const untouched = await seedBooking({ eventId, rateId, status: "paid", amountCents: 1000 });
    const refund = (bookingId: string, amountCents: number, status: "pending" | "succeeded" | "failed") =>
      testDb()
        .insert(refunds)
        .values({ id: crypto.randomUUID(), bookingId, amountCents, source: "admin", status, failureReason: status === "failed" ? "charge_disputed" : null });
    await refund(partly.id, 400, "succeeded");
    await refund(partly.id, 300, "failed");
    await refund(partly.id, 100, "pending");
    const rows = await list(`?eventId=${eventId}`);
    expect(rows.find((b) => b.id === partly.id)).toMatchObject({ status: "paid", state: "partly_refunded", refundedAmount: "4.00", refundPending: true, refundFailed: true });
    expect(rows.find((b) => b.id === untouched.id)).toMatchObject({ status: "paid", state: "paid", refundedAmount: "0.00", refundPending: false, refundFailed: false });
  });

  it("refuses an unknown status filter with 400", async () => {
    expect((await adminApi("/api/bookings?status=boh", { cookie })).status).toBe(400);
  });
});

describe("PUT /api/admin/bookings/:id/free", () => {
  it("frees a paid booking: it becomes freed and its spot is free again", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 1 });
    const paid = await seedBooking({ eventId, rateId, status: "paid" });
    const spots = async () => (await (await api("/api/events")).json<EventDto[]>()).find((e) => e.id === eventId)!.availableSpots;
    expect(await spots()).toBe(0);
    const res = await adminApi(`/api/admin/bookings/${paid.id}/free`, { method: "PUT", cookie });
    expect(res.status).toBe(200);
    expect(await res.json<AdminBookingDto>()).toMatchObject({ id: paid.id, status: "freed" });
    expect((await testDb().select().from(bookings).where(eq(bookings.id, paid.id)).get())?.freedAt).toBeTypeOf("number");
    expect(await spots()).toBe(1);
  });

  it("answers 409 for a booking that is not paid and 404 for an unknown one", async () => {
    const { eventId, rateId } = await seedEvent();
    const pending = await seedBooking({ eventId, rateId, status: "pending" });
    const res = await adminApi(`/api/admin/bookings/${pending.id}/free`, { method: "PUT", cookie });
    expect(res.status).toBe(409);
    expect((await res.json<{ error: { message: string } }>()).error.message).toBe("Si può liberare solo il posto di una prenotazione pagata");
    expect((await testDb().select().from(bookings).where(eq(bookings.id, pending.id)).get())?.status).toBe("pending");
    const missing = await adminApi(`/api/admin/bookings/${crypto.randomUUID()}/free`, { method: "PUT", cookie });
    expect(missing.status).toBe(404);
    expect((await missing.json<{ error: { message: string } }>()).error.message).toBe("Prenotazione non trovata");
  });
});
