import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { loginAsAdmin } from "./admin-helpers";

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("admin screens have no serious accessibility violations", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Accesso amministratore" })).toBeVisible();
  expect(await seriousViolations(page), "login").toEqual([]);

  await loginAsAdmin(page, "/admin");
  const checks: [string, () => Promise<void>][] = [
    ["/admin?tab=overview", () => expect(page.getByTestId("recent-activity")).toBeVisible()],
    ["/admin?tab=eventi", () => expect(page.getByTestId("event-row").first()).toBeVisible()],
    ["/admin?tab=categorie", () => expect(page.getByTestId("category-card").first()).toBeVisible()],
    ["/admin?tab=partner", () => expect(page.getByRole("link", { name: /Gestisci Partner/ })).toBeVisible()],
    ["/admin?tab=prenotazioni", () => expect(page.getByTestId("booking-row").first()).toBeVisible()],
    ["/admin?tab=notifiche", () => expect(page.getByLabel("Frequenza")).toBeVisible()],
    ["/admin?tab=pagamenti", () => expect(page.getByTestId("payment-stat").first()).toBeVisible()],
    ["/admin?tab=utenti", () => expect(page.getByTestId("user-row").first()).toBeVisible()],
    ["/admin/partner-carousel", () => expect(page.getByTestId("partner-tile").first()).toBeVisible()],
    ["/admin/carousel", () => expect(page.getByLabel("Velocità Scorrimento")).toBeVisible()],
    ["/admin/calendario", () => expect(page.getByRole("grid")).toBeVisible()],
    ["/admin/calendario?vista=settimana", () => expect(page.getByRole("grid")).toBeVisible()],
  ];
  for (const [path, ready] of checks) {
    await page.goto(path);
    await ready();
    expect(await seriousViolations(page), path).toEqual([]);
  }

  await page.goto("/admin?tab=eventi");
  await page.getByRole("button", { name: "Crea Nuovo Evento" }).click();
  await expect(page.getByRole("dialog", { name: "Nuovo evento" })).toBeVisible();
  expect(await seriousViolations(page), "event modal").toEqual([]);
});
