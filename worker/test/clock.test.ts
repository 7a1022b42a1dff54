import { afterEach, describe, expect, it, vi } from "vitest";
import { adminApi, adminCookie } from "./admin";
import { FIXED_NOW, RISKY, fixClock, naples } from "./clock";
import { seedEvent } from "./helpers";

afterEach(() => void vi.useRealTimers());

describe("the fixed test clock", () => {
  it("names Naples wall-clock instants, across both clock changes", () => {
    expect(new Date(RISKY.afterMidnightSpringForward).toISOString()).toBe("2026-03-28T23:30:00.000Z");
    expect(new Date(RISKY.lastOfMonthLate).toISOString()).toBe("2026-01-31T22:30:00.000Z");
    expect(new Date(RISKY.fallBackNight).toISOString()).toBe("2026-10-24T23:30:00.000Z");
    expect(naples("2026-03-29T03:00") - naples("2026-03-29T01:00")).toBe(3_600_000);
  });

  it("reaches the Worker's own code through a request: the gate lists an event by the fixed clock, not the real one", async () => {
    fixClock(FIXED_NOW);
    expect(Date.now()).toBe(FIXED_NOW);
    const cookie = await adminCookie();
    // Months before the real today: the gate would never list it by the real clock.
    const { eventId } = await seedEvent({ datetime: FIXED_NOW + 3_600_000 });
    const listed = await (await adminApi("/api/gate/events", { cookie })).json<{ events: { id: number }[] }>();
    expect(listed.events.map((e) => e.id)).toContain(eventId);

    // A day and a half later the event is over; the session from before has lapsed too (it reads the same clock).
    fixClock(FIXED_NOW + 36 * 3_600_000);
    expect((await adminApi("/api/gate/events", { cookie })).status).toBe(401);
    const later = await (await adminApi("/api/gate/events", { cookie: await adminCookie() })).json<{ events: { id: number }[] }>();
    expect(later.events.map((e) => e.id)).not.toContain(eventId);
  });
});
