import { expect, test } from "./visitor-test";
import { loginAsAdmin } from "./admin-helpers";

// The local server (`npm start`, DEMO_MODE=1, wrangler.toml as cloned) is a configuration no real
// shop may have: the owner sees why, one red banner each (docs/decisions/044-fail-closed.md).
test("the dashboard shows a red banner for each configuration problem of the local server", async ({ page }) => {
  await loginAsAdmin(page);
  const banners = page.getByRole("region", { name: "Problemi di configurazione" });
  await expect(banners).toBeVisible();
  await expect(banners.locator("[data-problem]")).toHaveCount(3);
  await expect(banners.locator('[data-problem="payments_demo"]')).toContainText("Pagamenti in modalità demo: nessun addebito reale");
  await expect(banners.locator('[data-problem="database_placeholder"]')).toContainText("npx wrangler d1 create parcheggi-eventi --jurisdiction eu");
  await expect(banners.locator('[data-problem="rate_limit_namespace_placeholder"]')).toContainText("namespace_id 1001");
  // The same answer the banners come from, for the owner (a manager gets it too; the role walk covers that).
  const answer = await page.request.get("/api/admin/configuration");
  expect(await answer.json()).toEqual({ problems: ["payments_demo", "database_placeholder", "rate_limit_namespace_placeholder"] });
});
