import { expect, test } from "./visitor-test";
import { loginAsAdmin } from "./admin-helpers";
import { imagesLoaded, transitionsDone } from "./public-helpers";

const dir = "docs/screenshots";

test.use({ viewport: { width: 1366, height: 900 } });

test("admin dashboard @screenshot", async ({ page }) => {
  await loginAsAdmin(page, "/admin?tab=eventi");
  await expect(page.getByTestId("event-row").first()).toBeVisible();
  await imagesLoaded(page);
  await page.screenshot({ path: `${dir}/admin-dashboard.png`, fullPage: true });
});

test("admin dashboard at 390 px @screenshot", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page, "/admin?tab=eventi");
  await expect(page.getByTestId("event-row").first()).toBeVisible();
  await imagesLoaded(page);
  await page.getByRole("button", { name: "Account: Admin" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await transitionsDone(page);
  await page.screenshot({ path: `${dir}/admin-dashboard-mobile.png` });
});

test("admin event modal at 390 px @screenshot", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page, "/admin?tab=eventi");
  await page.getByRole("button", { name: "Modifica Pinguini Tattici Nucleari – Stadio Maradona" }).click();
  const modal = page.getByRole("dialog", { name: "Modifica evento" });
  await expect(modal).toBeVisible();
  await modal.getByTestId("rate-row").first().scrollIntoViewIfNeeded();
  await transitionsDone(page);
  await page.screenshot({ path: `${dir}/admin-event-modal-mobile.png` });
});

test("admin calendar at 390 px @screenshot", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page, "/admin/calendario");
  await expect(page.getByTestId("calendar-list")).toBeVisible();
  await page.screenshot({ path: `${dir}/admin-calendar-mobile.png`, fullPage: true });
});

test("admin event modal @screenshot", async ({ page }) => {
  // Tall enough to show the whole form, from the details down to the rates.
  await page.setViewportSize({ width: 1366, height: 1700 });
  await loginAsAdmin(page, "/admin?tab=eventi");
  await page.getByRole("button", { name: "Modifica Pinguini Tattici Nucleari – Stadio Maradona" }).click();
  await expect(page.getByRole("dialog", { name: "Modifica evento" })).toBeVisible();
  await transitionsDone(page);
  await page.screenshot({ path: `${dir}/admin-event-modal.png` });
});

test("admin partners @screenshot", async ({ page }) => {
  await loginAsAdmin(page, "/admin/partner-carousel");
  await expect(page.getByTestId("partner-tile").first()).toBeVisible();
  await page.screenshot({ path: `${dir}/admin-partners.png`, fullPage: true });
});

test("admin calendar @screenshot", async ({ page }) => {
  await loginAsAdmin(page, "/admin/calendario");
  await expect(page.getByRole("grid")).toBeVisible();
  await page.mouse.move(0, 0); // no hover highlight left on a day cell
  await page.screenshot({ path: `${dir}/admin-calendar.png`, fullPage: true });
});

test("admin users @screenshot", async ({ page }) => {
  await loginAsAdmin(page, "/admin?tab=utenti");
  await expect(page.getByTestId("user-row").first()).toBeVisible();
  await page.screenshot({ path: `${dir}/admin-users.png`, fullPage: true });
});
