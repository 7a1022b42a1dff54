import { gzipSync } from "node:zlib";
import { expect, test } from "./visitor-test";

// What a first visit's home downloads until the network is idle (issue #26, docs/decisions/035):
// counted in bytes, never in time, so the machine's load does not move it. HOME_BYTES_LIST=1 prints
// each script with its gzip size.
const BUDGET_KB = 100;
for (const lang of ["it", "en"] as const) {
  test(`a first visit to the ${lang === "it" ? "Italian" : "English"} home downloads at most ${BUDGET_KB} KB gzip of scripts: no Temporal, toaster, pass banner, query layer or router`, async ({ page }, testInfo) => {
    const scripts = new Map<string, Promise<string>>();
    page.on("response", (r) => {
      if (r.request().resourceType() === "script" && r.status() === 200) scripts.set(new URL(r.url()).pathname, r.text());
    });
    await page.goto(`/?lang=${lang}`);
    // The app's code is fetched after the first paint and runs at the visitor's first move (a mouse
    // over the page), then mounts its later parts one by one: the live popups come last.
    await page.mouse.move(40, 40);
    await expect(page.locator("#root")).toHaveAttribute("data-app", "on");
    await page.waitForLoadState("networkidle");
    await expect.poll(() => [...scripts.keys()].some((path) => /\/live-popups-[^/]+\.js$/.test(path))).toBe(true);
    await page.waitForLoadState("networkidle");

    const bodies = new Map(await Promise.all([...scripts].map(async ([path, body]) => [path, await body] as const)));
    const gzipKb = [...bodies.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;
    testInfo.annotations.push({ type: "home JS", description: `${gzipKb.toFixed(1)} KB gzip in ${bodies.size} scripts` });
    if (process.env.HOME_BYTES_LIST) {
      const rows = [...bodies].map(([path, body]) => [gzipSync(body, { level: 9 }).length / 1024, path] as const).sort((a, b) => b[0] - a[0]);
      console.log(`${lang}: ${gzipKb.toFixed(1)} KB\n${rows.map(([k, path]) => `${k.toFixed(1).padStart(6)}  ${path}`).join("\n")}`);
    }

    // Markers of each library's own code, not chunk names, which the bundler may change:
    // the Temporal polyfill's ISO calendar, and goober, the styling react-hot-toast brings.
    const holding = (marker: string) => [...bodies].filter(([, body]) => body.includes(marker)).map(([path]) => path);
    expect(holding("iso8601"), "the Temporal polyfill").toEqual([]);
    expect(holding("goober"), "react-hot-toast").toEqual([]);
    expect([...bodies.keys()].filter((path) => /\/(pass-banner|app-toaster)-[^/]+\.js$/.test(path))).toEqual([]);
    // The query layer (TanStack Query, with the typed client) loads on the first touch; react-router with any page but the home.
    expect(holding("observerOptionsUpdated"), "TanStack Query").toEqual([]);
    expect(holding("useRoutes() may be used only"), "react-router").toEqual([]);
    // Fails when the home's scripts grow past the budget of issue #26 (each language counted alone).
    expect(gzipKb, `home JS in ${lang}`).toBeLessThanOrEqual(BUDGET_KB);
  });
}
