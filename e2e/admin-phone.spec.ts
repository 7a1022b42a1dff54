import { expect, test, type Page } from "./visitor-test";
import { expectNoSidewaysOverflow, loginAsAdmin } from "./admin-helpers";

const PINGUINI = "Pinguini Tattici Nucleari – Stadio Maradona";

function romeDay(iso: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date(iso));
}

async function openDialog(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  // The panel slides in: measure it where it stops.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity));
  return dialog;
}

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("no admin modal scrolls sideways: event (with its rate rows and delete buttons), new event, partner upload, day", async ({ page }) => {
    await loginAsAdmin(page, "/admin?tab=eventi");
    await page.getByRole("button", { name: `Modifica ${PINGUINI}` }).click();
    const modal = await openDialog(page, "Modifica evento");
    const rows = modal.getByTestId("rate-row");
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      const remove = rows.nth(i).getByRole("button", { name: `Rimuovi tariffa ${i + 1}` });
      await remove.scrollIntoViewIfNeeded();
      await expect(remove).toBeInViewport({ ratio: 1 });
    }
    await expectNoSidewaysOverflow(page, "[role=dialog]");
    await modal.getByRole("button", { name: "Annulla" }).click();
    await expect(modal).toBeHidden();

    await page.getByRole("button", { name: "Crea Nuovo Evento" }).click();
    await openDialog(page, "Nuovo evento");
    await expectNoSidewaysOverflow(page, "[role=dialog]");
    await page.getByRole("button", { name: "Annulla" }).click();

    await page.goto("/admin/partner-carousel");
    await page.getByRole("button", { name: "Seleziona Immagini Partner" }).click();
    await openDialog(page, "Carica immagini partner");
    await expectNoSidewaysOverflow(page, "[role=dialog]");
    await page.keyboard.press("Escape");

    await page.goto("/admin/calendario?vista=settimana");
    await page.getByTestId("calendar-list").getByRole("button").first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSidewaysOverflow(page, "[role=dialog]");
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the admin menu shows who is logged in and holds 'Torna al sito' and 'Esci'", async ({ page }) => {
    await loginAsAdmin(page, "/admin");
    const account = page.getByRole("button", { name: "Account: Admin" });
    await expect(account).toBeVisible();
    await expect(account).toContainText("Admin");
    await expectNoSidewaysOverflow(page, "header");
    await account.click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText("Benvenuto, Admin");
    await expect(menu.getByRole("menuitem", { name: "Torna al sito" })).toHaveAttribute("href", "/");
    await menu.getByRole("menuitem", { name: "Esci" }).click();
    await expect(page.getByRole("heading", { name: "Accesso amministratore" })).toBeVisible();
  });

  test("the calendar is an agenda by month and a list by week; a day still opens its modal; month → week keeps the day", async ({ page }) => {
    await loginAsAdmin(page, "/admin/calendario");
    const events: { title: string; datetime: string | null }[] = await (await page.request.get("/api/admin/events")).json();
    const champions = events.find((e) => e.title.startsWith("Champions League"))!;
    const day = romeDay(champions.datetime!);
    await expect(page.getByRole("grid")).toHaveCount(0);
    const list = page.getByTestId("calendar-list");
    // The month's entries must have loaded before deciding whether the day is in a later month.
    await expect(list.locator("[data-date]").first()).toBeVisible();
    if (!(await list.locator(`[data-date="${day}"]`).count())) await page.getByRole("button", { name: "Successivo" }).click();
    const entry = list.locator(`[data-date="${day}"]`);
    await expect(entry).toContainText(champions.title);
    await expect(entry).toContainText("Marco Russo"); // a seeded paid booking, under its day
    // Only days with something on them: fewer entries than days in a month.
    expect(await list.locator("[data-date]").count()).toBeLessThan(28);
    await expectNoSidewaysOverflow(page);

    await entry.getByRole("button").first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(champions.title);
    await dialog.getByRole("button", { name: "Chiudi" }).first().click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Settimana" }).click();
    await expect(page).toHaveURL(new RegExp(`vista=settimana&giorno=${day}`));
    const days = page.getByTestId("calendar-list").locator("[data-date]");
    await expect(days).toHaveCount(7);
    await expect(page.getByTestId("calendar-list").locator(`[data-date="${day}"]`)).toContainText(champions.title);
    const boxes = await days.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
    for (let i = 1; i < boxes.length; i++) expect(boxes[i].top).toBeGreaterThanOrEqual(boxes[i - 1].bottom - 1);
    await expectNoSidewaysOverflow(page);
  });
});

test("lazy routes opened directly log no missing HydrateFallback", async ({ page }) => {
  const warnings: string[] = [];
  page.on("console", (msg) => {
    if (msg.text().includes("HydrateFallback")) warnings.push(msg.text());
  });
  for (const path of ["/le-mie-prenotazioni", "/admin", "/pagina-inesistente"]) {
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
  }
  expect(warnings).toEqual([]);
});
