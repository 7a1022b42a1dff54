import { describe, expect, it } from "vitest";
import { overlaps } from "../../lib/covers-control";
import { activityEventId, isJustBooked, nextActivity, popupDurationMs } from "./schedule";

describe("live popup schedule", () => {
  it("shows each popup for max(2 s, min(0.8 × frequency, 5 s))", () => {
    expect(popupDurationMs(1000)).toBe(2000);
    expect(popupDurationMs(5000)).toBe(4000);
    expect(popupDurationMs(10000)).toBe(5000);
    expect(popupDurationMs(60000)).toBe(5000);
  });

  it("follows the target event only when random events are off", () => {
    expect(activityEventId({ isRandomEvents: true, targetEventId: 7 })).toBeUndefined();
    expect(activityEventId({ isRandomEvents: false, targetEventId: 7 })).toBe(7);
    expect(activityEventId({ isRandomEvents: false, targetEventId: null })).toBeUndefined();
  });

  it("announces each booking once, newest first, then nothing", () => {
    const list = [{ id: "c" }, { id: "b" }, { id: "a" }];
    const shown = new Set<string>();
    const order: string[] = [];
    for (let next = nextActivity(list, shown); next; next = nextActivity(list, shown)) {
      order.push(next.id);
      shown.add(next.id);
    }
    expect(order).toEqual(["c", "b", "a"]);
    expect(nextActivity([], shown)).toBeNull();
  });

  it("says 'ha appena prenotato' only up to 30 minutes after the payment", () => {
    const paidAt = "2026-11-23T10:00:00.000Z";
    const at = (minutes: number) => Date.parse(paidAt) + minutes * 60_000;
    expect(isJustBooked(paidAt, at(0))).toBe(true);
    expect(isJustBooked(paidAt, at(30))).toBe(true);
    expect(isJustBooked(paidAt, at(31))).toBe(false);
    expect(isJustBooked(paidAt, at(180))).toBe(false);
  });

  it("tells overlapping boxes from ones that only touch or lie apart", () => {
    const popup = { left: 16, top: 700, right: 300, bottom: 780 };
    expect(overlaps(popup, { left: 16, top: 760, right: 374, bottom: 808 })).toBe(true);
    expect(overlaps(popup, { left: 16, top: 780, right: 374, bottom: 828 })).toBe(false);
    expect(overlaps(popup, { left: 310, top: 700, right: 370, bottom: 760 })).toBe(false);
  });
});
