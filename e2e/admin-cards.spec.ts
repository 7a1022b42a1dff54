import { expect, test, type Page } from "./visitor-test";
import { loginAsAdmin } from "./admin-helpers";
import { seriousViolations } from "./axe";

// Every admin list: a table from 640 px up, one card per row below it, with every action on the card.
const LISTS = [
  { tab: "eventi", row: "event-row" },
  { tab: "prenotazioni", row: "booking-row" },
  { tab: "pagamenti", row: "payment-row" },
  { tab: "utenti", row: "user-row" },
] as const;


async function pageWidth(page: Page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    // One test per list: four lists with axe each outgrew one test's minute on a busy machine.
    for (const { tab, row } of LISTS) {
      test(`the ${tab} list fits the screen, shows its rows and passes axe`, async ({ page }) => {
        await loginAsAdmin(page, `/admin?tab=${tab}`);
        const first = page.getByTestId(row).first();
        await expect(first).toBeVisible();
        // The payments tab's figures above the list are part of what axe reads.
        if (tab === "pagamenti") await expect(page.getByTestId("payment-stat").first()).toBeVisible();
        await expect(page.locator(`[data-layout="${width < 640 ? "cards" : "table"}"]`).first()).toBeVisible();
        if (width < 640) {
          expect(await first.evaluate((el) => el.tagName), tab).toBe("LI");
          // Every button of the card is within the screen's width.
          for (const button of await first.getByRole("button").all()) {
            const box = (await button.boundingBox())!;
            expect(box.x, tab).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width, tab).toBeLessThanOrEqual(width);
          }
        }
        const { scroll, inner } = await pageWidth(page);
        expect(scroll, `${tab} scrolls sideways`).toBeLessThanOrEqual(inner);
        expect(await seriousViolations(page), tab).toEqual([]);
      });
    }
  });
}

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("the header fits and its account menu is named by what it shows", async ({ page }) => {
    await loginAsAdmin(page, "/admin");
    const header = await page.locator("header").evaluate((el) => el.scrollWidth);
    expect(header).toBeLessThanOrEqual(360);
    await expect(page.getByRole("button", { name: "Account: Admin" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a booking's e-mails open from its card, and the refund dialog submits on Enter", async ({ page }) => {
    await loginAsAdmin(page, "/admin?tab=prenotazioni");
    const card = page.getByTestId("booking-row").filter({ has: page.getByRole("button", { name: "Rimborsa" }) }).first();
    await card.getByRole("button", { name: "E-mail" }).click();
    const mails = page.getByRole("dialog");
    await expect(mails).toBeVisible();
    await mails.getByRole("button", { name: "Chiudi" }).first().click();
    await expect(mails).toBeHidden();

    await card.getByRole("button", { name: "Rimborsa" }).click();
    const dialog = page.getByRole("dialog");
    const amount = dialog.getByLabel("Importo da rimborsare (€)");
    // More than was paid: the server refuses it, so the demo data stays as it was.
    await amount.fill("99999");
    const sent = page.waitForRequest((r) => r.method() === "POST" && /\/api\/admin\/bookings\/[^/]+\/refund/.test(r.url()));
    await amount.press("Enter");
    await sent;
    await expect(dialog).toBeVisible();
  });
});
