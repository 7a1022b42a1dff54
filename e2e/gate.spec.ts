import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { GATE_EMAIL, GATE_PASSWORD, loginAsAdmin, submitLogin } from "./admin-helpers";
import { chromiumArgs, chromiumPath } from "./chromium-args";
import { buyPass, GATE_EVENT, passOf, writeQrVideo } from "./gate-helpers";

// Chromium's fake camera plays this file; the test writes the pass's QR into it before the camera starts.
const video = join(tmpdir(), `pe-gate-camera-${process.env.E2E_PORT ?? 8788}.y4m`);
writeQrVideo(video, "placeholder");

test.use({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  // The fake camera: a separate browser for this file only.
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  },
});

async function openGate(page: Page) {
  await page.goto("/gate");
  // A gate account: the gate screen is all it may use.
  await submitLogin(page, GATE_EMAIL, GATE_PASSWORD);
  await expect(page.getByRole("heading", { name: "Varco" })).toBeVisible();
  const event = page.getByLabel("Evento");
  const option = event.locator("option", { hasText: GATE_EVENT });
  await event.selectOption({ label: (await option.textContent())! });
  await expect(page.getByTestId("gate-list")).toContainText(/Elenco offline: \d+ pass/);
}

const result = (page: Page) => page.getByTestId("gate-result");

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("a gate phone scans a real QR through the camera, works offline by plate, and syncs when back", async ({ page, context, request }) => {
  const scanned = await buyPass(request, "QR100CA");
  const typed = await buyPass(request, "OF200LN");
  writeQrVideo(video, `${test.info().project.use.baseURL}/p/${scanned.secret}`);

  const foreign: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(test.info().project.use.baseURL!) && !r.url().startsWith("data:") && !r.url().startsWith("blob:")) foreign.push(r.url());
  });
  await openGate(page);
  await expect(page.getByTestId("gate-network")).toHaveText("Online");
  expect(await seriousViolations(page), "gate screen").toEqual([]);

  // The camera reads the pass: ENTRA, full screen, with plate, rate and name.
  await page.getByRole("button", { name: "Scansiona QR" }).click();
  await expect(result(page)).toHaveAttribute("data-result", "ok", { timeout: 20_000 });
  await expect(result(page).getByRole("heading", { name: "ENTRA" })).toBeVisible();
  await expect(result(page)).toContainText("QR100CA");
  await expect(result(page)).toContainText(`${scanned.rate.name} · Ciro Esposito`);
  expect(await seriousViolations(page), "green answer").toEqual([]);
  expect(await passOf(request, scanned.secret)).toMatchObject({ status: "valid", gateState: "inside" });
  // Still in front of the camera after the green answer cleared: the same pass is refused.
  await expect(result(page)).toHaveAttribute("data-result", "already_in", { timeout: 20_000 });
  await expect(result(page)).toContainText(/Entrato alle \d\d:\d\d/);
  expect(await seriousViolations(page), "red answer").toEqual([]);
  await result(page).getByRole("button", { name: "Avanti" }).click();
  await page.getByRole("button", { name: "Ferma fotocamera" }).click();

  // The network drops: the phone checks the plate against the downloaded list and queues the scan.
  await context.setOffline(true);
  await expect(page.getByTestId("gate-network")).toHaveText("offline — 0 scansioni da inviare");
  // Meanwhile another gate, online, lets the same car in: the offline phone cannot know.
  const login = await request.post("/api/admin/login", { data: { email: GATE_EMAIL, password: GATE_PASSWORD } });
  expect(login.status()).toBe(200);
  const other = await request.post("/api/gate/scan", { data: { eventId: typed.event.id, scan: "OF200LN", direction: "in" } });
  expect((await other.json()).result).toBe("ok");
  await page.getByLabel("Targa o codice").fill("of 200 ln");
  await page.getByRole("button", { name: "Verifica" }).click();
  await expect(result(page)).toHaveAttribute("data-result", "ok");
  await expect(result(page)).toContainText("Verifica offline");
  await expect(result(page)).toContainText("OF200LN");
  await result(page).getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByTestId("gate-network")).toHaveText("offline — 1 scansione da inviare");
  // The same plate again, still offline: the phone remembers it let the car in.
  await page.getByLabel("Targa o codice").fill("OF200LN");
  await page.getByRole("button", { name: "Verifica" }).click();
  await expect(result(page)).toHaveAttribute("data-result", "already_in");
  await result(page).getByRole("button", { name: "Avanti" }).click();
  // The camera offline: the QR's secret is hashed and checked against the list (that car is inside).
  await page.getByRole("button", { name: "Scansiona QR" }).click();
  await expect(result(page)).toHaveAttribute("data-result", "already_in", { timeout: 20_000 });
  await expect(result(page)).toContainText("QR100CA");
  await expect(result(page)).toContainText("Verifica offline");
  await result(page).getByRole("button", { name: "Avanti" }).click();
  await page.getByRole("button", { name: "Ferma fotocamera" }).click();
  // axe reads colours: let the button's colour transition finish first.
  await page.getByRole("button", { name: "Scansiona QR" }).evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  expect(await seriousViolations(page), "offline").toEqual([]);

  // Back online: the queued scan reaches the server, which reports the pass used twice.
  await context.setOffline(false);
  await expect(page.getByTestId("gate-network")).toHaveText("Online");
  await expect(page.getByTestId("gate-report")).toContainText(/OF200LN: pass usato due volte \(già entrato alle \d\d:\d\d\)/);
  expect((await passOf(request, typed.secret)).gateState).toBe("inside");
  expect(await seriousViolations(page), "report after sync").toEqual([]);
  await expect(page.getByTestId("gate-counts")).toContainText("Dentro");
  // The reader's .wasm and everything else came from our own origin.
  expect(foreign).toEqual([]);

  // The customer's pass and the admin's list say when the car entered.
  await page.goto(`/p/${typed.secret}`);
  await expect(page.getByTestId("pass")).toContainText(/Entrato alle \d\d:\d\d/);
  await expect(page.getByTestId("pass")).toContainText("OF200LN");
  await expect(page.getByTestId("pass")).not.toContainText("@example.it");
  expect(await seriousViolations(page), "pass page").toEqual([]);
  // The bookings list is the owner's (a gate account is sent back to /gate).
  await context.clearCookies();
  await loginAsAdmin(page, "/admin?tab=prenotazioni");
  await expect(page.getByTestId("booking-row").filter({ hasText: "QR100CA" })).toContainText(/entrato alle \d\d:\d\d/);
});

test("gate screenshots: green, red, offline @screenshot", async ({ page, context, request }) => {
  const dir = "docs/screenshots";
  await buyPass(request, "FS321GH");
  await openGate(page);
  await page.getByLabel("Targa o codice").fill("FS321GH");
  await page.getByRole("button", { name: "Verifica" }).click();
  await expect(result(page)).toHaveAttribute("data-result", "ok");
  await page.screenshot({ path: `${dir}/gate-green.png` });
  await result(page).getByRole("button", { name: "Avanti" }).click();
  await page.getByLabel("Targa o codice").fill("FS321GH");
  await page.getByRole("button", { name: "Verifica" }).click();
  await expect(result(page)).toHaveAttribute("data-result", "already_in");
  await page.screenshot({ path: `${dir}/gate-red.png` });
  await result(page).getByRole("button", { name: "Avanti" }).click();
  await context.setOffline(true);
  await page.getByLabel("Targa o codice").fill("EB913KV");
  await page.getByRole("button", { name: "Verifica" }).click();
  await expect(result(page)).toHaveAttribute("data-result", "ambiguous");
  await result(page).getByRole("button", { name: "Pass 1" }).click();
  await expect(result(page)).toHaveAttribute("data-result", "ok");
  await result(page).getByRole("button", { name: "Avanti" }).click();
  await expect(page.getByTestId("gate-network")).toHaveText("offline — 1 scansione da inviare");
  await page.screenshot({ path: `${dir}/gate-offline.png` });
  await context.setOffline(false);
});
