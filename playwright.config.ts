import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath, fakeCameraArgs, headlessShellPath } from "./e2e/chromium-args";

const port = Number(process.env.E2E_PORT ?? 8788);
export const baseURL = `http://localhost:${port}`;

/*
 * Two workers share one built app and one server (issue #42: the browser suite took 10.5 min on one).
 * Spec files are spread over the workers; the tests inside a file run in order, in one worker.
 * Conventions every spec keeps, so that it passes beside any other:
 * - It owns its data: it creates the events, bookings and accounts it checks (createEventViaApi,
 *   unique() titles, customerAddress() per customer) and never counts what the whole site holds at
 *   some instant — another worker may add an event or a payment in between. A figure that must match
 *   across two reads (the list and the stats, the table and its CSV) is read again until both agree
 *   (expect(async () => …).toPass()).
 * - A spec that changes a setting of the whole site (live popups, the carousel…) or depends on its
 *   value goes in SITE_SETTINGS below: those specs run one at a time (their project has one worker),
 *   beside the others. It puts the setting back at its end.
 * - It never moves the whole site's clock: the cron run at a later `time` expires every hold and
 *   offer made before then, other specs' too (a checkout beside it showed "Tempo scaduto"). What
 *   needs a later hour is a workerd test with its own clock; a page's own clock is page.clock.
 * - It waits for a state (expect(…).toHave…, waitForResponse, page.clock), never for a duration
 *   (no waitForTimeout).
 * - It imports `test` from ./e2e/visitor-test: each test is a visitor with an address of its own, so
 *   the Worker's per-client budgets (60 writes a minute, holds) are its own, not the whole suite's.
 */
const SITE_SETTINGS = [
  "admin-notifications.spec.ts", // the live popups' configuration
  "customer-trips.spec.ts", // turns live popups on at 5 s
  "admin-partners.spec.ts", // the carousel's settings
  "first-visit.spec.ts", // reads the carousel's settings, then times its animation
];
/*
 * Most specs run in Chromium's headless shell (the engine without the browser's own windows: about a fifth
 * less time, decision 073); these run in the full browser, as a fan's phone does: what they check is
 * the first paint and the first tap (the shell reports first paint differently) or a link opening a
 * window of its own (the shell never commits the wallet's Google page). They share the one-worker
 * project with SITE_SETTINGS, since first-visit is both.
 */
const FULL_BROWSER = ["first-visit.spec.ts", "first-tap.spec.ts", "wallet.spec.ts"];
const desktop = { ...devices["Desktop Chrome"], channel: undefined };
const launch = (executablePath: string) => ({ launchOptions: { executablePath, args: [...chromiumArgs, ...fakeCameraArgs] } });

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  // The screenshot specs (npm run screenshots) were written for one worker and stay on one.
  workers: Number(process.env.E2E_WORKERS ?? (process.env.SCREENSHOTS ? 1 : 2)),
  retries: 0,
  // Screenshot specs (tagged @screenshot) write docs/screenshots/ and run only via `npm run screenshots`.
  grep: process.env.SCREENSHOTS ? /@screenshot/ : undefined,
  grepInvert: process.env.SCREENSHOTS ? undefined : /@screenshot/,
  // A limit that catches a hang, not a slow machine: with two workers on two shared cores a whole
  // journey (english.spec's booking, admin lists with axe) passed 60 s at load ≈ 20.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI_JSON ? [["list"], ["json", { outputFile: "reports/playwright.json" }]] : [["list"]],
  use: {
    baseURL,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "full-browser", testMatch: [...SITE_SETTINGS, ...FULL_BROWSER], workers: 1, use: { ...desktop, ...launch(chromiumPath) } },
    { name: "headless-shell", testIgnore: [...SITE_SETTINGS, ...FULL_BROWSER], use: { ...desktop, ...launch(headlessShellPath) } },
  ],
  webServer: {
    // A fresh database per run: migrations, demo data, then the built Worker and SPA.
    command: `node scripts/start.mjs --no-build --fresh --port ${port} --persist-to .wrangler/e2e-${port}`,
    url: `${baseURL}/api/stats`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
