import { expect, test } from "./visitor-test";
import { createBooking, publicEvents } from "./public-helpers";

const PHONE = "081 552 1847";

test("with JavaScript disabled the home still shows the events and the phone number", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  // Other specs add events meanwhile (two workers): the page and the list are compared when read together.
  await expect(async () => {
    await page.goto("/");
    const expected = await publicEvents(page.request);
    await expect(page.getByTestId("event-card")).toHaveCount(expected.length, { timeout: 3_000 });
    for (const event of expected) await expect(page.getByRole("heading", { level: 3, name: event.title })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByRole("link", { name: new RegExp(PHONE) }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Il tuo posto auto per ogni grande evento" })).toBeVisible();
  await context.close();
});

test("the first response paints the cards: no /api call before they are there, and hydration matches", async ({ page }) => {
  const apiCalls: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) apiCalls.push(new URL(r.url()).pathname);
  });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  const response = await page.goto("/");
  const html = await response!.text();
  expect(html).toContain('data-testid="event-card"');
  expect(html).toContain('id="pe-home-data"');
  expect(response!.headers()["cache-control"]).toBe("no-store");

  await page.waitForLoadState("networkidle");
  // The live popups poll their own feed; nothing the cards or the hero need is fetched.
  expect(apiCalls.filter((p) => p !== "/api/live-activity")).toEqual([]);
  expect(errors).toEqual([]);

  // Hydrated: the card reacts to a click (only React could expand it).
  const card = page.getByTestId("event-card").first();
  await card.getByRole("heading", { level: 3 }).getByRole("button").click();
  await expect(card).toHaveAttribute("data-expanded", "true");
});

test("availability in the page is read per request, never cached", async ({ page, request }) => {
  const event = (await publicEvents(request)).find((e) => e.availableSpots > 1 && e.rates.some((r) => r.isPayable))!;
  await page.goto("/");
  const before = await page.evaluate((id) => JSON.parse(document.getElementById("pe-home-data")!.textContent!).events.find((e: { id: number }) => e.id === id).availableSpots, event.id);
  await createBooking(request, event.id, event.rates.find((r) => r.isPayable)!.id);
  await page.reload();
  const after = await page.evaluate((id) => JSON.parse(document.getElementById("pe-home-data")!.textContent!).events.find((e: { id: number }) => e.id === id).availableSpots, event.id);
  expect(after).toBe(before - 1);
});

test("other pages never show the home's shell, with or without JavaScript", async ({ page, browser, baseURL }) => {
  await page.goto("/le-mie-prenotazioni");
  await expect(page.getByRole("heading", { name: "Il tuo posto auto per ogni grande evento" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const noJs = await context.newPage();
  await noJs.goto("/le-mie-prenotazioni");
  await expect(noJs.getByRole("heading", { name: "Il tuo posto auto per ogni grande evento" })).toBeHidden();
  await context.close();
});

test("the app's code is fetched only after the home's first paint and runs at the visitor's first move; the query layer on a touch after that", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const timing = await page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]!.startTime;
    const resources = performance.getEntriesByType("resource").filter((r) => r.name.includes("/assets/") && r.name.endsWith(".js"));
    return { fcp, appStarts: resources.map((r) => r.startTime) };
  });
  // Fails if the app's chunks were still fetched beside the HTML (a <script src> or modulepreload left
  // in place), or if the boot script were a file of its own again (decision 043: inline).
  expect(timing.appStarts.length).toBeGreaterThan(0);
  for (const start of timing.appStarts) expect(start).toBeGreaterThanOrEqual(timing.fcp);
  expect(scripts.filter((s) => /\/boot-[^/]+\.js$/.test(s))).toEqual([]);
  expect(scripts.some((s) => /\/assets\/index-[^/]+\.js$/.test(s))).toBe(true);
  // Fetched, not run: a look at the page costs no script (decision 043).
  await expect(page.locator("#root")).not.toHaveAttribute("data-app", "on");
  await page.mouse.move(40, 40);
  await expect(page.locator("#root")).toHaveAttribute("data-app", "on");
  // TanStack Query arrives in its own chunk on a touch or key, not with the app (decision 035).
  const queryLayer = () => scripts.some((s) => /\/assets\/query-client-[^/]+\.js$/.test(s));
  expect(queryLayer()).toBe(false);
  await page.keyboard.press("Shift");
  await expect.poll(queryLayer).toBe(true);
});

test("the app starting keeps every part of the server's page: the footer, the reviews and the partners whose code has not come yet stay in place", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const layout = () =>
    page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      footer: document.querySelectorAll("footer").length,
      sections: document.querySelectorAll("#root section").length,
    }));
  const before = await layout();
  // A move starts the app: it hydrates while the footer's and reviews' code waits for them to come near.
  await page.mouse.move(40, 40);
  await expect(page.locator("#root")).toHaveAttribute("data-app", "on");
  await page.waitForLoadState("networkidle");
  // Fails when anything re-renders the page synchronously right after hydrating (two language objects
  // that differ only in identity did): React then gives each part still waiting for its code its empty
  // fallback, and the page lost ~2,000 px under the visitor's finger.
  expect(await layout()).toEqual(before);
});

test("each home loads its own language's catalogue, fetched beside the app's chunks, and never the other one", async ({ page }) => {
  for (const [path, own, other] of [["/", "it", "en"], ["/?lang=en", "en", "it"]] as const) {
    const html = await (await page.goto(path))!.text();
    // The catalogue waits with the app's chunks for the first paint (boot.ts).
    expect(html).toMatch(new RegExp(`<meta name="pe-modulepreload" content="/assets/${own}-[^"/]+\\.js">`));
    await page.mouse.move(40, 40);
    await expect(page.locator("#root[data-app=on]")).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    const starts = await page.evaluate(() =>
      performance.getEntriesByType("resource").flatMap((r) => {
        const file = /\/assets\/([^/]+)\.js$/.exec(new URL(r.name).pathname)?.[1];
        return file ? [[file, r.startTime] as const] : [];
      }),
    );
    // A chunk's file is its name and an 8-character hash (so "it" is not it-admin's chunk).
    const started = (name: string) => starts.find(([file]) => new RegExp(`^${name}-[\\w-]{8}$`).test(file))?.[1];
    // Fails if the catalogue were fetched only once the app runs (a round trip before hydration) or both were.
    expect(started(own)).toBeLessThan(started("index")!);
    expect(started(other)).toBeUndefined();
  }
});

test("a button pressed before the app has loaded is pressed again once it hydrates", async ({ page }) => {
  // The app's main chunk arrives late, as on a slow connection.
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  // DOMContentLoaded comes after the boot script has run (a module script), not after the app.
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const card = page.getByTestId("event-card").first();
  const toggle = card.getByRole("heading", { level: 3 }).getByRole("button");
  await toggle.click();
  // Fails if the early press were lost: the card would stay closed after hydration.
  await expect(card).toHaveAttribute("data-expanded", "true", { timeout: 15_000 });
  await expect(page.locator("[data-early-click]")).toHaveCount(0);
});

test("the partner logos scroll as a Web Animation at the admin's pace, not a script loop", async ({ page, request }) => {
  const settings = (await (await request.get("/api/carousel-settings")).json()) as { isEnabled: boolean; scrollSpeed: number; frameRate: number };
  test.skip(!settings.isEnabled, "the carousel is off in this database");
  await page.goto("/");
  // The logos move once the app runs, at the visitor's first move.
  await page.mouse.move(40, 40);
  const track = page.getByTestId("partner-carousel").locator("ul");
  await expect(track).toBeVisible();
  // Fails if the marquee went back to moving the track from requestAnimationFrame.
  await expect.poll(() => track.evaluate((el) => el.getAnimations().length)).toBe(1);
  const timing = await track.evaluate((el) => {
    const copy = el.children[el.children.length / 2] as HTMLElement;
    const period = copy.offsetLeft - (el.children[0] as HTMLElement).offsetLeft;
    const t = el.getAnimations()[0]!.effect!.getTiming();
    return { period, duration: t.duration, easing: t.easing, iterations: t.iterations };
  });
  const frames = Math.round(timing.period / settings.scrollSpeed);
  expect(timing).toEqual({ period: timing.period, duration: frames * settings.frameRate, easing: `steps(${frames})`, iterations: Infinity });
  const first = await track.evaluate((el) => getComputedStyle(el).transform);
  await expect.poll(() => track.evaluate((el) => getComputedStyle(el).transform)).not.toBe(first);
});

test("below the first screen the cards wait to be laid out until they come near, then show whole", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const last = page.getByTestId("event-card").last();
  // The browser skips it (content-visibility: auto): fails if the whole page is laid out at once.
  expect(await last.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }))).toBe(false);
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeVisible();
  await expect.poll(() => last.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
  await expect(last.getByRole("heading", { level: 3 })).toBeVisible();
});
