import { expect, test } from "./visitor-test";
import { loginAsAdmin, unique } from "./admin-helpers";

test("create a category, edit it inline (one card at a time), then delete it after confirming", async ({ page }) => {
  const name = unique("Teatro");
  const renamed = `${name} e musical`;
  await loginAsAdmin(page, "/admin?tab=categorie");

  // A blank name does nothing (spec §5). The seeded categories are there before counting.
  await expect(page.getByTestId("category-card").first()).toBeVisible();
  await expect(page.getByLabel("Colore", { exact: true })).toHaveValue("#3b82f6");
  const before = await page.getByTestId("category-card").count();
  await page.getByLabel("Nome categoria", { exact: true }).fill("   ");
  await page.getByRole("button", { name: "Aggiungi categoria" }).click();
  await expect(page.getByTestId("category-card")).toHaveCount(before);

  await page.getByLabel("Nome categoria", { exact: true }).fill(name);
  await page.getByLabel("Colore", { exact: true }).fill("#e11d48");
  await page.getByRole("button", { name: "Aggiungi categoria" }).click();
  await expect(page.getByText("Categoria creata")).toBeVisible();
  const card = page.getByTestId("category-card").filter({ hasText: name });
  await expect(card).toContainText("#E11D48");
  await expect(page.getByLabel("Nome categoria", { exact: true })).toHaveValue("");

  // Editing one card, then another: only one is in edit mode at a time.
  await page.getByRole("button", { name: `Modifica ${name}` }).click();
  await expect(page.getByRole("textbox", { name: "Nome categoria", exact: true })).toHaveCount(2);
  await page.getByRole("button", { name: "Modifica Calcio" }).click();
  await expect(page.getByRole("textbox", { name: "Nome categoria", exact: true })).toHaveCount(2);
  await page.getByRole("button", { name: "Annulla" }).click();
  await expect(page.getByRole("textbox", { name: "Nome categoria", exact: true })).toHaveCount(1);

  await page.getByRole("button", { name: `Modifica ${name}` }).click();
  const editor = page.getByTestId("category-card").filter({ has: page.getByRole("button", { name: "Salva" }) });
  await editor.getByRole("textbox", { name: "Nome categoria", exact: true }).fill(renamed);
  await editor.getByLabel("Colore").fill("#16a34a");
  await editor.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Categoria aggiornata")).toBeVisible();
  await expect(page.getByTestId("category-card").filter({ hasText: renamed })).toContainText("#16A34A");

  // The new name is offered in the event modal.
  await page.getByRole("tab", { name: "Eventi" }).click();
  await page.getByRole("button", { name: "Crea Nuovo Evento" }).click();
  await expect(page.getByLabel("Categoria").locator("option", { hasText: renamed })).toHaveCount(1);
  await page.getByRole("button", { name: "Annulla" }).click();
  await page.getByRole("tab", { name: "Categorie" }).click();

  await page.getByRole("button", { name: `Elimina ${renamed}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Sei sicuro di voler eliminare questa categoria? Gli eventi associati non avranno più categoria.");
  await confirm.getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Categoria eliminata")).toBeVisible();
  await expect(page.getByTestId("category-card").filter({ hasText: renamed })).toHaveCount(0);
  const categories: { name: string }[] = await (await page.request.get("/api/categories")).json();
  expect(categories.some((c) => c.name === renamed)).toBe(false);
});
