import { describe, expect, it } from "vitest";
import { notices } from "../../db/schema";
import { postponeEvent } from "../services/event-postponement";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";

const DAY = 86_400_000;

describe("the pass and the card after a postponement and several notices", () => {
  it("the pass says the event was postponed (from when) and shows every notice, newest first", async () => {
    const now = Date.now();
    const first = now + 10 * DAY;
    const { eventId, rateId } = await seedEvent({ datetime: first });
    const booking = await seedBooking({ eventId, rateId, status: "paid" });
    await testDb().insert(notices).values([
      { id: crypto.randomUUID(), eventId, subject: "Ingresso chiuso", body: "L'ingresso di Via Caracciolo è chiuso.", idempotencyKey: crypto.randomUUID(), createdAt: now - 2 * 60_000 },
      { id: crypto.randomUUID(), eventId, subject: "Nuovo orario", body: "Il varco apre alle 18.", idempotencyKey: crypto.randomUUID(), createdAt: now - 60_000 },
    ]);
    const before = await (await api(`/api/passes/${booking.passSecret}`)).json<{ postponedFrom: string | null; notices: { subject: string }[] }>();
    expect(before.postponedFrom).toBeNull();
    expect(before.notices.map((n) => n.subject)).toEqual(["Nuovo orario", "Ingresso chiuso"]);

    const moved = await postponeEvent(testDb(), eventId, { datetime: first + 7 * DAY, cancelWindowDays: 3 }, now);
    expect(moved.ok).toBe(true);
    const after = await (await api(`/api/passes/${booking.passSecret}`)).json<{ postponedFrom: string | null; eventDatetime: string }>();
    expect(after.postponedFrom).toBe(new Date(first).toISOString());
    expect(after.eventDatetime).toBe(new Date(first + 7 * DAY).toISOString());
    const events = await (await api("/api/events")).json<{ id: number; postponedFrom: string | null }[]>();
    expect(events.find((e) => e.id === eventId)?.postponedFrom).toBe(new Date(first).toISOString());
  });
});
