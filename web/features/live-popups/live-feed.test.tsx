import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { LIVE_REFETCH_MS, usePolledRead } from "./live-feed";

const reads: string[] = [];
let answer: () => Response;
beforeEach(() => {
  vi.useFakeTimers();
  reads.length = 0;
  answer = () => Response.json({ n: reads.length });
  vi.stubGlobal("fetch", (path: string) => {
    reads.push(path);
    return Promise.resolve(answer());
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Probe({ path, seed }: { path: string | null; seed?: { path: string; data: { n: number } } }) {
  const data = usePolledRead<{ n: number }>(path, seed);
  return <output>{data ? data.n : "none"}</output>;
}

const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

it("starts from the answer the page arrived with, and reads again every 30 s (spec §9)", async () => {
  render(<Probe path="/api/live-notifications/config" seed={{ path: "/api/live-notifications/config", data: { n: 0 } }} />);
  await flush();
  // Fails if the seeded configuration were read again at once: a request the home does not need.
  expect(reads).toEqual([]);
  expect(screen.getByRole("status").textContent).toBe("0");
  await act(async () => void (await vi.advanceTimersByTimeAsync(LIVE_REFETCH_MS)));
  expect(reads).toEqual(["/api/live-notifications/config"]);
  expect(screen.getByRole("status").textContent).toBe("1");
});

it("reads at once a path it holds nothing for, and nothing while the path is null", async () => {
  const { rerender } = render(<Probe path={null} />);
  await act(async () => void (await vi.advanceTimersByTimeAsync(LIVE_REFETCH_MS * 2)));
  // Fails if the recent bookings were read while the popups are off.
  expect(reads).toEqual([]);
  rerender(<Probe path="/api/live-activity?eventId=3" />);
  await flush();
  expect(reads).toEqual(["/api/live-activity?eventId=3"]);
  expect(screen.getByRole("status").textContent).toBe("1");
});

it("keeps the last answer when a read fails (no retries)", async () => {
  render(<Probe path="/api/live-activity" />);
  await flush();
  answer = () => new Response("boom", { status: 500 });
  await act(async () => void (await vi.advanceTimersByTimeAsync(LIVE_REFETCH_MS)));
  // Fails if an error answer emptied the popups' list or threw out of the page.
  expect(reads).toHaveLength(2);
  expect(screen.getByRole("status").textContent).toBe("1");
});
