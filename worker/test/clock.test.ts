import { describe, expect, it, inject } from "vitest";
import { adminApi, adminCookie } from "./admin";
import { FIXED_NOW, RISKY, fixClock, instantOf, naples } from "../../shared/test/clock";
import { seedEvent } from "./helpers";

describe("the fixed test clock", () => {
  it("names Naples wall-clock instants, across both clock changes", () => {
    expect(new Date(RISKY.afterMidnightSpringForward).toISOString()).toBe("2026-03-28T23:30:00.000Z");
    expect(new Date(RISKY.lastOfMonthLate).toISOString()).toBe("2026-01-31T22:30:00.000Z");
    expect(new Date(RISKY.fallBackNight).toISOString()).toBe("2026-10-24T23:30:00.000Z");
    expect(naples("2026-03-29T03:00") - naples("2026-03-29T01:00")).toBe(3_600_000);
  });

  it("starts every test at the setup's instant (FIXED_NOW, or the one TEST_CLOCK names)", () => {
    expect(Date.now()).toBe(instantOf(inject("testClock")));
    expect(instantOf("fallBackNight")).toBe(RISKY.fallBackNight);
    expect(instantOf("2026-12-31T23:59")).toBe(Date.parse("2026-12-31T22:59:00Z"));
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

/** Every test file's source, read at build time (the tests run in workerd, which has no file system). */
const sources = import.meta.glob(["/worker/**/*.test.ts", "/shared/**/*.test.ts", "/db/**/*.test.ts", "/web/**/*.test.{ts,tsx}", "/e2e/**/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

/** Reads the machine's clock, or builds a date from it. */
const READS_CLOCK = /Date\.now\(\)|new Date\(\)|Temporal\.Now/;

/**
 * e2e specs run against a server on the real clock (Playwright's page.clock fixes only the browser):
 * each one that reads the clock says here why its outcome cannot depend on it.
 */
const E2E_REAL_CLOCK: Record<string, string> = {
  "/e2e/admin-helpers.ts": "unique names (Date.now().toString(36)); a season's two matches two and three hours from the server's now inside whole Rome days around them",
  "/e2e/after-sale-screens.spec.ts": "unique names only",
  "/e2e/after-the-sale.spec.ts": "unique names only",
  "/e2e/admin-partners.spec.ts": "unique file names only",
  "/e2e/admin-pages.spec.ts": "a unique plate only",
  "/e2e/customer-trips.spec.ts": "events placed hours from the server's now; the browser's clock is installed and moved by hours, never across a date rule",
  "/e2e/public-site.spec.ts": "page.clock drives the countdown and the popup timers; relations only",
  "/e2e/first-tap.spec.ts": "times the gap from scroll to tap and the answer for the bench's figures; what is judged is that the control answered",
  "/e2e/second-round.spec.ts": "an event two days and a voucher ten days from the server's now; unique names only",
  "/e2e/season.spec.ts": "matches placed hours from the server's now inside a season of whole Rome days around it; unique names only",
  "/e2e/season-cancel.spec.ts": "matches two and three hours from the server's now inside a season of whole Rome days from yesterday to two days on; unique names only",
  "/e2e/season-admin.spec.ts": "matches two and three days from the server's now inside a season and a voucher of whole Rome days around them; unique names and codes only",
};

describe("every test reads a fixed clock", () => {
  it("no worker test turns the real clock back on (the setup file fixes it for each test)", () => {
    const worker = Object.entries(sources).filter(([path]) => !/^\/(web|e2e)\/|^\/worker\/test\/clock\.test\.ts$/.test(path));
    expect(worker.length).toBeGreaterThan(40);
    expect(worker.filter(([, text]) => /useRealTimers|useFakeTimers\(\)/.test(text)).map(([path]) => path)).toEqual([]);
  });

  it("a web test that reads the clock fakes it", () => {
    const web = Object.entries(sources).filter(([path]) => path.startsWith("/web/"));
    expect(web.length).toBeGreaterThan(10);
    expect(web.filter(([, text]) => READS_CLOCK.test(text) && !/useFakeTimers|setSystemTime/.test(text)).map(([path]) => path)).toEqual([]);
  });

  it("an e2e file that reads the real clock says why its outcome cannot depend on it", () => {
    const readers = Object.entries(sources).filter(([path, text]) => path.startsWith("/e2e/") && READS_CLOCK.test(text)).map(([path]) => path);
    expect(readers.sort()).toEqual(Object.keys(E2E_REAL_CLOCK).sort());
  });
});
