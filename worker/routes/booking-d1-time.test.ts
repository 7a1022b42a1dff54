import { describe, expect, it } from "vitest";
import { api, seedEvent } from "../test/helpers";

const body = (eventId: number, rateId: number, i: number) => ({
  eventId,
  rateId,
  customerName: "Mario Rossi",
  customerEmail: `d1-time.${eventId}.${i}@example.it`,
  licensePlate: `DT${i}00XX`,
  carModel: "Fiat Panda",
});

const book = (json: unknown, i: number) =>
  api("/api/bookings", { method: "POST", json, headers: { "Idempotency-Key": crypto.randomUUID(), "CF-Connecting-IP": `2001:db8::${i + 1}` } });

/** D1's own milliseconds from the answer's Server-Timing (bench:rush turns them into bookings a second). */
function d1Ms(res: Response): number {
  const match = /^d1;dur=(\d+\.\d{3})$/.exec(res.headers.get("Server-Timing") ?? "");
  expect(match, `Server-Timing: ${res.headers.get("Server-Timing")}`).not.toBeNull();
  return Number(match![1]);
}

describe("POST /api/bookings tells D1's time for the booking statement", () => {
  it("on a booking made and on one refused as sold out: both are decided by the same statements", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 1 });
    const made = await book(body(eventId, rateId, 1), 1);
    expect(made.status).toBe(201);
    const refused = await book(body(eventId, rateId, 2), 2);
    expect(refused.status).toBe(409);
    for (const res of [made, refused]) {
      const ms = d1Ms(res);
      // The local runtime's D1 counts whole milliseconds (a fast batch reads 0); production's, fractions.
      expect(ms).toBeGreaterThanOrEqual(0);
      // The database's time, not the request's: well under the test's own limit.
      expect(ms).toBeLessThan(5_000);
    }
  });

  it("not on an answer that never reached the statement (a validation error)", async () => {
    const { eventId, rateId } = await seedEvent();
    const res = await book({ ...body(eventId, rateId, 3), licensePlate: "" }, 3);
    expect(res.status).toBe(400);
    expect(res.headers.get("Server-Timing")).toBeNull();
  });
});
