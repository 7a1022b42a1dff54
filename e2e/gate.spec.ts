import { expect, test, type Page } from "./visitor-test";
import { GATE_EMAIL, GATE_PASSWORD, loginAsAdmin, signOutTo } from "./admin-helpers";
import { fakeCameraVideo } from "./chromium-args";
import { itGate } from "../web/i18n/it-gate";
import { REREAD_GRACE_MS } from "../shared/gate";
import { it as itHome } from "../web/i18n/it";
import { buyPass, codeOf, GATE_EVENT, gateLogin, passOf, recordResults, writeQrVideo } from "./gate-helpers";
import { seriousViolations } from "./axe";

// Chromium's fake camera (every browser of the suite has it, playwright.config.ts) plays this file;
// each test writes its pass's QR into it before the camera starts.
const video = fakeCameraVideo;
writeQrVideo(video, "placeholder");

test.use({
  // The narrowest phone the gate is meant for.
  viewport: { width: 360, height: 780 },
  hasTouch: true,
});

async function openGate(page: Page) {
  await page.goto("/gate");
  // A gate account: the gate screen is all it may use.
  await gateLogin(page, GATE_EMAIL, GATE_PASSWORD);
  await expect(page.getByRole("heading", { name: "Varco" })).toBeVisible();
  const event = page.getByLabel("Evento");
  const option = event.locator("option", { hasText: GATE_EVENT });
  await event.selectOption({ label: (await option.textContent())! });
  await expect(page.getByTestId("gate-list")).toContainText(/Elenco offline: \d+ pass/);
}

const result = (page: Page) => page.getByTestId("gate-result");

async function check(page: Page, text: string) {
  await page.getByLabel("Targa o codice").fill(text);
  await page.getByRole("button", { name: "Verifica" }).click();
}

/** axe's serious and critical findings; on the gate, text contrast is held to WCAG AAA (7:1, for sunlight). */

test("the camera reads a pass once: one green ENTRA, and no red flip while the same QR stays in view", async ({ page, request }) => {
  const scanned = await buyPass(request, "QR100CA");
  writeQrVideo(video, `${test.info().project.use.baseURL}/p/${scanned.secret}`);
  const foreign: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(test.info().project.use.baseURL!) && !r.url().startsWith("data:") && !r.url().startsWith("blob:")) foreign.push(r.url());
  });
  await openGate(page);
  await expect(page.getByTestId("gate-network")).toHaveText("Online");
  expect(await seriousViolations(page, { enhancedContrast: true }), "gate screen").toEqual([]);
  const results = await recordResults(page);

  await page.getByRole("button", { name: "Scansiona QR" }).click();
  await expect(result(page)).toHaveAttribute("data-result", "ok", { timeout: 20_000 });
  await expect(result(page).getByRole("heading", { name: "ENTRA" })).toBeVisible();
  await expect(result(page)).toContainText("QR100CA");
  await expect(result(page)).toContainText(`${scanned.rate.name} · Ciro Esposito`);
  expect(await seriousViolations(page, { enhancedContrast: true }), "green answer at 360 px").toEqual([]);
  expect(await passOf(request, scanned.secret)).toMatchObject({ status: "valid", gateState: "inside" });
  // The green answer clears itself after 3 s; the QR stays in front of the camera for 9 s more.
  await expect(result(page)).toBeHidden({ timeout: 6_000 });
  await page.waitForTimeout(9_000);
  expect(await results(), "answers shown while the same QR stayed in view").toEqual(["ok"]);
  await page.getByRole("button", { name: "Ferma fotocamera" }).click();
  // The reader's .wasm and everything else came from our own origin.
  expect(foreign).toEqual([]);
});

test("offline: reload without signal, the gate opens on its event; code, plate and QR pass; back online each scan lands once", async ({ page, context, request }) => {
  const byCode = await buyPass(request, "CO300DE");
  const byPlate = await buyPass(request, "OF200LN");
  const byQr = await buyPass(request, "QR400FF");
  const neverIn = await buyPass(request, "NE500GH");
  // The page's own clock, so the re-read grace below is passed without waiting it out.
  await page.clock.install();
  await openGate(page);
  const eventId = await page.getByLabel("Evento").inputValue();
  // The service worker of /gate takes the page: from now on the gate's shell is on the phone.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 20_000 });
  // Another gate phone (this test's API client), signed in.
  const login = await request.post("/api/admin/login", { data: { email: GATE_EMAIL, password: GATE_PASSWORD } });
  expect(login.status()).toBe(200);
  const before = await (await request.get(`/api/gate/events/${eventId}/summary`)).json();

  // The gate renders at once from its own shell: the home never shows, not even for a frame, and
  // nothing hydrates over the wrong HTML (issue #48: the cached shell was the home, React #418).
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (msg) => void (msg.type() === "error" && /#418|#425|hydrat/i.test(msg.text()) && pageErrors.push(msg.text())));
  await page.addInitScript((hero) => {
    // innerText: only what is rendered (the gate's own shell holds the home's HTML too, hidden).
    const look = () => {
      if (!document.documentElement.dataset.homeSeen && document.body?.innerText.includes(hero)) document.documentElement.dataset.homeSeen = "1";
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  }, itHome.home.hero.title);
  await page.setViewportSize({ width: 390, height: 844 });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Varco", exact: true })).toBeVisible();
  await expect(page.getByLabel("Evento")).toHaveValue(eventId);
  expect(await page.evaluate(() => document.documentElement.dataset.homeSeen ?? null), "the home's hero appeared").toBeNull();
  expect(pageErrors.filter((e) => /#418|#425|hydrat/i.test(e))).toEqual([]);
  await expect(page.getByLabel("Evento").locator("option:checked")).toContainText(GATE_EVENT);
  await expect(page.getByTestId("gate-network")).toHaveText("offline — 0 scansioni da inviare");
  await expect(page.getByTestId("gate-list")).toContainText(/Elenco offline: \d+ pass \(aggiornato alle \d\d:\d\d\)/);
  await expect(page.getByTestId("gate-list-age")).toHaveText(/meno di un minuto fa|\d+ minut[oi] fa/);

  // Meanwhile another gate, online, lets the plate's car in: the offline phone cannot know.
  const other = await request.post("/api/gate/scan", { data: { eventId: byPlate.event.id, scan: "OF200LN", direction: "in" } });
  expect((await other.json()).result).toBe("ok");

  // The booking code, typed as the customer reads it out.
  await check(page, codeOf(byCode.bookingId).toLowerCase());
  await expect(result(page)).toHaveAttribute("data-result", "ok");
  await expect(result(page)).toContainText("Verifica offline");
  await expect(result(page)).toContainText("CO300DE");
  await result(page).getByRole("button", { name: "Avanti" }).click();
  await check(page, "of 200 ln");
  await expect(result(page)).toHaveAttribute("data-result", "ok");
  await result(page).getByRole("button", { name: "Avanti" }).click();
  // The QR through the camera: its secret is hashed and found on the list.
  writeQrVideo(video, `${test.info().project.use.baseURL}/p/${byQr.secret}`);
  await page.getByRole("button", { name: "Scansiona QR" }).click();
  await expect(result(page)).toHaveAttribute("data-result", "ok", { timeout: 20_000 });
  await expect(result(page)).toContainText("QR400FF");
  await result(page).getByRole("button", { name: "Avanti" }).click();
  await page.getByRole("button", { name: "Ferma fotocamera" }).click();
  await expect(page.getByTestId("gate-network")).toHaveText("offline — 3 scansioni da inviare");
  // A second car on the code's pass, past the re-read grace (10 s): red, and nothing queued.
  await page.clock.fastForward(REREAD_GRACE_MS + 500);
  await check(page, codeOf(byCode.bookingId));
  await expect(result(page)).toHaveAttribute("data-result", "already_in");
  expect(await seriousViolations(page, { enhancedContrast: true }), "red answer at 360 px").toEqual([]);
  await result(page).getByRole("button", { name: "Avanti" }).click();
  // A car leaving that never entered: amber, let out, queued.
  await page.getByText("Uscita", { exact: true }).click();
  await check(page, "NE500GH");
  await expect(result(page)).toHaveAttribute("data-result", "no_entry");
  await expect(result(page).getByRole("heading", { name: "ESCE" })).toBeVisible();
  expect(await seriousViolations(page, { enhancedContrast: true }), "amber answer at 360 px").toEqual([]);
  await result(page).getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByTestId("gate-network")).toHaveText("offline — 4 scansioni da inviare");

  // The queue survives a reload without signal too.
  await page.reload();
  await expect(page.getByTestId("gate-network")).toHaveText("offline — 4 scansioni da inviare");
  await page.getByRole("button", { name: "Scansiona QR" }).evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  expect(await seriousViolations(page, { enhancedContrast: true }), "offline").toEqual([]);

  // Back online: the queue is sent with a visible count; the server reports the pass used twice.
  await context.setOffline(false);
  await expect(page.getByTestId("gate-network")).toHaveText("4 scansioni inviate");
  await expect(page.getByTestId("gate-report")).toContainText(/OF200LN: pass usato due volte \(già entrato alle \d\d:\d\d\)/);
  await expect(page.getByTestId("gate-report")).not.toContainText(/CO300DE|QR400FF|NE500GH/);
  for (const pass of [byCode, byPlate, byQr]) expect((await passOf(request, pass.secret)).gateState).toBe("inside");
  expect((await passOf(request, neverIn.secret)).gateState).toBe("exited");
  // Each scan landed once: three more inside (the plate's car counted once), one more out; a reload sends nothing again.
  const after = await (await request.get(`/api/gate/events/${eventId}/summary`)).json();
  expect(after.inside - before.inside).toBe(3);
  expect(after.exited - before.exited).toBe(1);
  await page.reload();
  await expect(page.getByTestId("gate-network")).toHaveText("Online");
  expect(await seriousViolations(page, { enhancedContrast: true }), "report after sync").toEqual([]);

  // The customer's pass and the admin's list say when the car entered.
  await page.goto(`/p/${byPlate.secret}`);
  await expect(page.getByTestId("pass")).toContainText(/Entrato alle \d\d:\d\d/);
  await context.clearCookies();
  await loginAsAdmin(page, "/admin?tab=prenotazioni");
  await expect(page.getByTestId("booking-row").filter({ hasText: "QR400FF" })).toContainText(/entrato alle \d\d:\d\d/);
});

test("every answer's word fits a 360 px phone: SCONOSCIUTO and the longest others, none cut", async ({ page }) => {
  await openGate(page);
  await check(page, "ZZ999ZZ");
  await expect(result(page)).toHaveAttribute("data-result", "unknown");
  await expect(result(page).getByRole("heading", { name: "SCONOSCIUTO" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("gate-unknown-360.png") });
  const title = result(page).locator("#gate-result-title");
  // Each word the gate can show, put in the same heading: it stays within the screen, unbroken.
  for (const word of new Set(Object.values(itGate.result))) {
    const box = await title.evaluate((el, text) => {
      el.textContent = text;
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, scroll: el.scrollWidth, width: el.clientWidth, lines: Math.round(r.height / parseFloat(getComputedStyle(el).lineHeight)) };
    }, word);
    expect(box.left, word).toBeGreaterThanOrEqual(0);
    expect(box.right, word).toBeLessThanOrEqual(360);
    expect(box.scroll, word).toBeLessThanOrEqual(box.width);
    // A word is never split: one line per word at most.
    expect(box.lines, word).toBeLessThanOrEqual(word.split(" ").length);
  }
  await title.evaluate((el) => (el.textContent = "SCONOSCIUTO"));
  expect(await seriousViolations(page), "red answer at 360 px").toEqual([]);
});

test("the gate signs out: back to its own sign-in screen", async ({ page }) => {
  await openGate(page);
  await signOutTo(page, "Accesso al varco");
});

test("the home registers no service worker and links no manifest", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  // The gate links its manifest, which names it and its icons.
  const manifest = await (await page.request.get("/gate.webmanifest")).json();
  expect(manifest).toMatchObject({ start_url: "/gate", scope: "/gate", display: "standalone" });
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).headers()["content-type"]).toContain("image/png");
});

test("gate screenshots: green, red, amber, offline @screenshot", async ({ page, context, request }) => {
  const dir = "docs/screenshots/gate-app";
  await buyPass(request, "FS321GH");
  await buyPass(request, "FS654JK");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/gate");
  await expect(page.getByRole("heading", { name: "Accesso al varco" })).toBeVisible();
  await page.screenshot({ path: `${dir}/gate-login-desktop.png` });
  await page.setViewportSize({ width: 360, height: 780 });
  await openGate(page);
  await check(page, "FS321GH");
  await expect(result(page)).toHaveAttribute("data-result", "ok");
  await page.screenshot({ path: `${dir}/gate-green.png` });
  await result(page).getByRole("button", { name: "Avanti" }).click();
  await context.setOffline(true);
  await page.getByText("Uscita", { exact: true }).click();
  await check(page, "FS654JK");
  await expect(result(page)).toHaveAttribute("data-result", "no_entry");
  await page.screenshot({ path: `${dir}/gate-amber.png` });
  await result(page).getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByTestId("gate-network")).toHaveText("offline — 1 scansione da inviare");
  await page.screenshot({ path: `${dir}/gate-offline.png` });
  await context.setOffline(false);
});
