import { introspectWorkflowInstance } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, emailOutbox, events } from "../../db/schema";
import { adminCookie } from "../test/admin";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";
import type { BookingDto } from "../services/bookings";
import type { CancellationProgress } from "../services/event-cancellation";
import type { IntentDto } from "../services/payments/checkout";

async function paidBookings(eventId: number, rateId: number, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const booking = await (
      await api("/api/bookings", {
        method: "POST",
        json: { eventId, rateId, customerName: `Cliente ${i}`, customerEmail: `c${i}.${eventId}@example.it`, licensePlate: `AA${i}00BB`, carModel: "Panda" },
      })
    ).json<BookingDto>();
    const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
    await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
    ids.push(booking.id);
  }
  return ids;
}

describe("CancelEventWorkflow", () => {
  it("refunds every paid booking, releases holds, hides the event; a failing step is retried and the run resumes", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 10 });
    const paid = await paidBookings(eventId, rateId!, 3);
    const hold = await seedBooking({ eventId, status: "pending" });
    const id = `cancel-test-${eventId}`;
    await using instance = await introspectWorkflowInstance(env.CANCEL_EVENT, id);
    await instance.modify(async (m) => {
      await m.disableRetryDelays();
      // The second booking's refund fails twice (e.g. D1 overloaded), then goes through.
      await m.mockStepError({ name: `refund ${paid[1]}` }, new Error("D1 overloaded"), 2);
    });
    await env.CANCEL_EVENT.create({ id, params: { eventId } });
    await instance.waitForStatus("complete");
    // Fails if a failed step stops the run or is not retried: the third booking would stay paid.
    expect(await instance.getOutput()).toEqual({ eventId, refunded: 3, total: 3 });
    const rows = await testDb().select().from(bookings).where(eq(bookings.eventId, eventId));
    expect(rows.filter((b) => paid.includes(b.id)).map((b) => b.status)).toEqual(["refunded", "refunded", "refunded"]);
    expect(rows.find((b) => b.id === hold.id)!.status).toBe("cancelled");
    const ev = (await testDb().select().from(events).where(eq(events.id, eventId)).get())!;
    expect(ev.isActive).toBe(false);
    expect(ev.cancelledAt).not.toBeNull();
    const mails = await testDb().select().from(emailOutbox);
    expect(mails.filter((m) => paid.includes(m.bookingId!) && m.kind === "refund")).toHaveLength(3);

    const progress = await (await api(`/api/admin/events/${eventId}/cancellation`, { headers: { Cookie: await adminCookie() } })).json<{ progress: CancellationProgress }>();
    expect(progress.progress).toMatchObject({ status: "done", total: 3, refunded: 3, failures: [] });
  });

  it("a refund that keeps failing is listed as a failure; running it again (the admin's retry) finishes it", async () => {
    const { eventId, rateId } = await seedEvent();
    const paid = await paidBookings(eventId, rateId!, 2);
    const first = `cancel-fail-${eventId}`;
    {
      await using instance = await introspectWorkflowInstance(env.CANCEL_EVENT, first);
      await instance.modify(async (m) => {
        await m.disableRetryDelays();
        await m.mockStepError({ name: `refund ${paid[0]}` }, new Error("provider down"));
      });
      await env.CANCEL_EVENT.create({ id: first, params: { eventId } });
      await instance.waitForStatus("complete");
    }
    const cookie = await adminCookie();
    const progress = async () => (await (await api(`/api/admin/events/${eventId}/cancellation`, { headers: { Cookie: cookie } })).json<{ progress: CancellationProgress }>()).progress;
    expect(await progress()).toMatchObject({ status: "done", total: 2, refunded: 1, failures: [{ bookingId: paid[0], error: expect.stringContaining("provider down") }] });

    const retry = await api(`/api/admin/events/${eventId}/cancel`, { method: "POST", json: {}, headers: { Cookie: cookie } });
    expect(retry.status).toBe(202);
    const { instanceId } = await retry.json<{ instanceId: string }>();
    await using again = await introspectWorkflowInstance(env.CANCEL_EVENT, instanceId);
    await again.waitForStatus("complete");
    expect(await progress()).toMatchObject({ status: "done", total: 2, refunded: 2, failures: [] });
  });
});
