import { expect, test, type Page } from "./visitor-test";
import { loginAsAdmin } from "./admin-helpers";
import { seriousViolations } from "./axe";

test("the admin login has no serious accessibility violations", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Accesso amministratore" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

// One test per screen: each is measured once it shows its content and its transitions have ended.
// The lists (eventi, prenotazioni, pagamenti, utenti) pass axe at 1280 and 360 px in admin-cards.spec.ts.
const screens: [string, (page: Page) => Promise<void>][] = [
  ["/admin?tab=overview", (page) => expect(page.getByTestId("recent-activity")).toBeVisible()],
  ["/admin?tab=categorie", (page) => expect(page.getByTestId("category-card").first()).toBeVisible()],
  ["/admin?tab=partner", (page) => expect(page.getByRole("link", { name: /Gestisci Partner/ })).toBeVisible()],
  ["/admin?tab=notifiche", (page) => expect(page.getByLabel("Frequenza")).toBeVisible()],
  ["/admin/partner-carousel", (page) => expect(page.getByTestId("partner-tile").first()).toBeVisible()],
  ["/admin/carousel", (page) => expect(page.getByLabel("Velocità Scorrimento")).toBeVisible()],
  ["/admin/calendario", (page) => expect(page.getByRole("grid")).toBeVisible()],
  ["/admin/calendario?vista=settimana", (page) => expect(page.getByRole("grid")).toBeVisible()],
];

test.describe("admin screens have no serious accessibility violations", () => {
  for (const [path, ready] of screens) {
    test(path, async ({ page }) => {
      await loginAsAdmin(page, path);
      await ready(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test("the new-event dialog, once it has faded in", async ({ page }) => {
    await loginAsAdmin(page, "/admin?tab=eventi");
    await page.getByRole("button", { name: "Crea Nuovo Evento" }).click();
    await expect(page.getByRole("dialog", { name: "Nuovo evento" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
