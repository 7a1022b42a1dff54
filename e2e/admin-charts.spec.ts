import { expect, test } from "./visitor-test";
import { loginAsAdmin } from "./admin-helpers";
import { seriousViolations } from "./axe";

// The owner's charts (issue #47): what only a browser shows — the canvas drawn at the page's width,
// the figures' table, a CSV that downloads. The figures themselves are proven in workerd
// (worker/routes/admin-charts.test.ts).
for (const width of [1280, 360]) {
  test(`at ${width} px the owner opens the charts: takings, an event's sell-out curve with its table, and downloads its CSV`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAsAdmin(page, "/admin/statistiche");
    await expect(page.getByRole("heading", { level: 1, name: "Statistiche" })).toBeVisible();
    const takings = page.getByRole("img", { name: /Grafico degli incassi/ });
    await expect(takings.locator("canvas")).toBeVisible();
    // Drawn at the box's width, not a fixed one.
    const [box, canvas] = await Promise.all([takings.boundingBox(), takings.locator("canvas").boundingBox()]);
    expect(Math.abs(box!.width - canvas!.width)).toBeLessThan(2);

    await page.getByLabel("Evento", { exact: true }).selectOption({ label: "Napoli – Inter, Serie A" });
    const curve = page.getByRole("img", { name: /Posti occupati nel tempo per Napoli – Inter/ });
    await expect(curve.locator("canvas")).toBeVisible();
    const section = page.getByRole("region", { name: "Posti venduti nel tempo" });
    await section.getByText("Mostra i dati in tabella").click();
    await expect(section.getByRole("table").getByRole("row").nth(1)).toContainText("Napoli – Inter");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Scarica CSV" }).nth(1).click();
    expect((await download).suggestedFilename()).toMatch(/^vendite_evento_\d+\.csv$/);
    // Where buyers came from: a bar per source and its own CSV (decision 059).
    await expect(page.getByRole("list", { name: "Pagamenti per provenienza" }).getByRole("listitem")).toHaveCount(7);
    const sources = page.waitForEvent("download");
    await page.getByRole("link", { name: "Scarica CSV" }).last().click();
    expect((await sources).suggestedFilename()).toMatch(/^provenienza_\d{4}-01-01_\d{4}-\d\d-\d\d\.csv$/);
    // The page never scrolls sideways (a wide figures table scrolls in its own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
