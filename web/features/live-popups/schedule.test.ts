import { describe, expect, it } from "vitest";
import { activityEventId, nextActivity, popupDurationMs } from "./schedule";

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
});
