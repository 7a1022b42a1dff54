import { expect, test } from "./visitor-test";
import { loginAsAdmin } from "./admin-helpers";

test("Escape or a click outside a changed event form asks 'Scartare le modifiche?'; an unchanged one just closes", async ({ page }) => {
  await loginAsAdmin(page, "/admin?tab=eventi");
  await page.getByRole("button", { name: "Crea Nuovo Evento" }).click();
  const modal = page.getByRole("dialog", { name: "Nuovo evento" });
  await expect(modal).toBeVisible();
  // The dialog has taken focus: its handlers are in place (a busy machine otherwise loses the key).
  await expect.poll(() => modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  await page.getByRole("button", { name: "Crea Nuovo Evento" }).click();
  await modal.getByLabel("Titolo", { exact: true }).fill("Serata da non perdere");
  // A click on the backdrop, outside the panel.
  await page.mouse.click(5, 5);
  const ask = page.getByRole("alertdialog", { name: "Scartare le modifiche?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Continua a modificare" }).click();
  await expect(ask).toBeHidden();
  await expect(modal.getByLabel("Titolo", { exact: true })).toHaveValue("Serata da non perdere");

  await page.keyboard.press("Escape");
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Scarta" }).click();
  await expect(modal).toBeHidden();
  await page.getByRole("button", { name: "Crea Nuovo Evento" }).click();
  await expect(modal.getByLabel("Titolo", { exact: true })).toHaveValue("");
  // The explicit way out does not ask.
  await modal.getByLabel("Titolo", { exact: true }).fill("Un'altra serata");
  await modal.getByRole("button", { name: "Annulla" }).click();
  await expect(modal).toBeHidden();
});

test("Escape on a changed category card asks before dropping the change", async ({ page }) => {
  await loginAsAdmin(page, "/admin?tab=categorie");
  await page.getByRole("button", { name: "Modifica Calcio" }).click();
  const editor = page.getByTestId("category-card").filter({ has: page.getByRole("button", { name: "Salva" }) });
  const name = editor.getByRole("textbox", { name: "Nome categoria" });
  await name.fill("Calcio e basket");
  await name.press("Escape");
  const ask = page.getByRole("alertdialog", { name: "Scartare le modifiche?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Continua a modificare" }).click();
  await expect(name).toHaveValue("Calcio e basket");
  await name.press("Escape");
  await ask.getByRole("button", { name: "Scarta" }).click();
  await expect(page.getByRole("button", { name: "Salva" })).toHaveCount(0);
  await expect(page.getByTestId("category-card").filter({ hasText: "Calcio" }).first()).not.toContainText("basket");
});
