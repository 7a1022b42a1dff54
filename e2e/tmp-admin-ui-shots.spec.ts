import { test } from "@playwright/test";
import { loginAsAdmin } from "./admin-helpers";
for (const width of [360, 1280]) {
  test.describe(`${width}`, () => {
    test.use({ viewport: { width, height: 900 } });
    test(`shots ${width}`, async ({ page }) => {
      await loginAsAdmin(page, "/admin");
      for (const tab of ["eventi", "prenotazioni", "pagamenti", "utenti", "overview"]) {
        await page.goto(`/admin?tab=${tab}`);
        await page.waitForTimeout(1200);
        await page.screenshot({ path: `/tmp/admin-ui-shots/${tab}-${width}.png`, fullPage: width === 360 ? false : true });
      }
      await page.goto("/gate");
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `/tmp/admin-ui-shots/gate-${width}.png` });
    });
  });
}
