import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSentCount } from "./use-sent-count";

describe("the count of scans sent after the signal comes back", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("adds up a burst whose second sync outlasts the time the first count is shown", () => {
    const { result, rerender } = renderHook(({ syncing }) => useSentCount(syncing, 8_000), { initialProps: { syncing: true } });
    // The first sync sends one scan, then the signal drops.
    act(() => result.current[1](1));
    rerender({ syncing: false });
    expect(result.current[0]).toBe(1);
    // A second later the retry starts and takes 12 s for the other three.
    act(() => vi.advanceTimersByTime(1_000));
    rerender({ syncing: true });
    act(() => vi.advanceTimersByTime(12_000));
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](3));
    rerender({ syncing: false });
    expect(result.current[0]).toBe(4);
    // Shown for a while after the last sync, then gone; a sync that sends nothing adds nothing.
    act(() => vi.advanceTimersByTime(7_999));
    expect(result.current[0]).toBe(4);
    act(() => result.current[1](0));
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBeNull();
  });

  it("keeps the count while scans still wait for a later sync, however long after the first", () => {
    const { result, rerender } = renderHook(({ pending }) => useSentCount(pending, 8_000), { initialProps: { pending: true } });
    // One scan goes, the signal drops again: three stay queued until the 15-second sync.
    act(() => result.current[1](1));
    rerender({ pending: true });
    act(() => vi.advanceTimersByTime(15_000));
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](3));
    rerender({ pending: false });
    expect(result.current[0]).toBe(4);
    act(() => vi.advanceTimersByTime(8_000));
    expect(result.current[0]).toBeNull();
  });
});
