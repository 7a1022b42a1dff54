import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./e2e/chromium-args";

const port = Number(process.env.E2E_PORT ?? 8788);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Screenshot specs (tagged @screenshot) write docs/screenshots/ and run only via `npm run screenshots`.
  grep: process.env.SCREENSHOTS ? /@screenshot/ : undefined,
  grepInvert: process.env.SCREENSHOTS ? undefined : /@screenshot/,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI_JSON ? [["list"], ["json", { outputFile: "reports/playwright.json" }]] : [["list"]],
  use: {
    baseURL,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
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
