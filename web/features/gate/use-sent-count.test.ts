import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSentCount } from "./use-sent-count";

/** One thing that happens to the gate: scans sent by a sync, the queue's state, time passing, or what the count shows. */
type Step = { sent: number } | { pending: boolean } | { wait: number } | { shows: number | null };

function play(steps: Step[]) {
  const { result, rerender } = renderHook(({ pending }) => useSentCount(pending, 8_000), { initialProps: { pending: true } });
  for (const step of steps) {
    if ("sent" in step) act(() => result.current[1](step.sent));
    else if ("pending" in step) rerender({ pending: step.pending });
    else if ("wait" in step) act(() => vi.advanceTimersByTime(step.wait));
    else expect(result.current[0]).toBe(step.shows);
  }
}

describe("the count of scans sent after the signal comes back", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("adds up a burst whose second sync outlasts the time the first count is shown", () =>
    play([
      // The first sync sends one scan, then the signal drops.
      { sent: 1 },
      { pending: false },
      { shows: 1 },
      // A second later the retry starts and takes 12 s for the other three.
      { wait: 1_000 },
      { pending: true },
      { wait: 12_000 },
      { shows: 1 },
      { sent: 3 },
      { pending: false },
      { shows: 4 },
      // Shown for a while after the last sync, then gone; a sync that sends nothing adds nothing.
      { wait: 7_999 },
      { shows: 4 },
      { sent: 0 },
      { wait: 1 },
      { shows: null },
    ]));

  it("keeps the count while scans still wait for a later sync, however long after the first", () =>
    play([
      // One scan goes, the signal drops again: three stay queued until the 15-second sync.
      { sent: 1 },
      { wait: 15_000 },
      { shows: 1 },
      { sent: 3 },
      { pending: false },
      { shows: 4 },
      { wait: 8_000 },
      { shows: null },
    ]));
});
