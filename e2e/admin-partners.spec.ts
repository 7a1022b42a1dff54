import { expect, test } from "./visitor-test";
import { adminSession, loginAsAdmin, makePng, unique } from "./admin-helpers";

test("upload two partner logos, rename one, create both, then delete one", async ({ page }) => {
  const first = unique("Bar Toledo");
  const fileBase = `logo-${Date.now().toString(36)}`;
  await loginAsAdmin(page, "/admin/partners");
  await expect(page.getByRole("heading", { name: "Gestione Partner & Carosello" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Torna al Pannello Admin" })).toHaveAttribute("href", "/admin");
  const heading = page.getByText(/^Partner Esistenti \(\d+\)$/);
  await expect(heading).toBeVisible();
  const existingBefore = Number(/\((\d+)\)/.exec((await heading.textContent())!)![1]);
  await expect(page.getByTestId("partner-tile")).toHaveCount(existingBefore);

  await page.getByRole("button", { name: "Seleziona Immagini Partner" }).click();
  const dialog = page.getByRole("dialog", { name: "Carica immagini partner" });
  await expect(dialog).toContainText("Seleziona fino a 10 immagini (max 10MB ciascuna)");
  const input = dialog.getByLabel(/Scegli file/);

  // More than ten at once is refused.
  await input.setInputFiles(Array.from({ length: 11 }, (_, i) => ({ name: `x${i}.png`, mimeType: "image/png", buffer: makePng(8, 8, [0, 0, 0], [255, 255, 255]) })));
  await expect(dialog.getByRole("alert")).toHaveText("Puoi selezionare al massimo 10 immagini alla volta.");

  await input.setInputFiles([
    { name: `${fileBase}-a.png`, mimeType: "image/png", buffer: makePng(300, 120, [190, 18, 60], [255, 255, 255]) },
    { name: `${fileBase}-b.png`, mimeType: "image/png", buffer: makePng(300, 120, [21, 128, 61], [255, 255, 255]) },
  ]);
  await expect(dialog.getByRole("progressbar", { name: `${fileBase}-a.png` })).toHaveAttribute("aria-valuenow", "100");
  await expect(dialog.getByRole("progressbar", { name: `${fileBase}-b.png` })).toHaveAttribute("aria-valuenow", "100");
  // The bar reaches 100 % as the last byte leaves; the upload is over only when the server answered.
  await expect(dialog.getByRole("status")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Fatto" }).click();
  // Until the dialog has gone, the page behind it is hidden from assistive technology (and from getByRole).
  await expect(dialog).toBeHidden();

  await expect(page.getByText("Immagini caricate (2)")).toBeVisible();
  // Default names: the file names without extension (uploads finish in either order).
  const names = page.getByTestId("pending-partner").getByRole("textbox", { name: /^Nome partner/ });
  await expect(names).toHaveCount(2);
  expect((await names.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value))).sort()).toEqual([`${fileBase}-a`, `${fileBase}-b`]);
  await page.getByTestId("pending-partner").filter({ has: page.locator(`input[value="${fileBase}-a"]`) }).getByRole("textbox", { name: /^Nome partner/ }).fill(first);
  await page.getByRole("button", { name: "Crea 2 Partner" }).click();
  await expect(page.getByText("I partner sono stati creati con successo.")).toBeVisible();
  await expect(page.getByTestId("pending-partner")).toHaveCount(0);
  await expect(page.getByText(`Partner Esistenti (${existingBefore + 2})`)).toBeVisible();

  const tile = page.getByTestId("partner-tile").filter({ hasText: first });
  await expect(tile.getByRole("img", { name: first })).toBeVisible();
  const partners: { name: string; imageUrl: string; sortOrder: number }[] = await (await page.request.get("/api/partners")).json();
  const created = partners.filter((p) => p.name === first || p.name === `${fileBase}-b`);
  expect(created.map((p) => p.name).sort()).toEqual([first, `${fileBase}-b`].sort());
  expect(created.every((p) => p.imageUrl.startsWith("/objects/uploads/"))).toBe(true);

  // The delete button appears on hover (and on keyboard focus).
  const remove = tile.getByRole("button", { name: `Elimina ${first}` });
  await expect(remove).toHaveCSS("opacity", "0");
  await tile.hover();
  await expect(remove).toHaveCSS("opacity", "1");
  await remove.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Il partner è stato eliminato con successo.")).toBeVisible();
  await expect(page.getByTestId("partner-tile").filter({ hasText: first })).toHaveCount(0);
  await expect(page.getByTestId("partner-tile").filter({ hasText: `${fileBase}-b` })).toHaveCount(1);
  await expect(page.getByText(`Partner Esistenti (${existingBefore + 1})`)).toBeVisible();

  // Tidy up the other one so the home's carousel is as the seed left it.
  const other = ((await (await page.request.get("/api/partners")).json()) as { id: number; name: string }[]).find((p) => p.name === `${fileBase}-b`)!;
  expect((await page.request.delete(`/api/partners/${other.id}`)).status()).toBe(204);
});

test("a partner whose image is gone shows 'Immagine non disponibile'", async ({ page }) => {
  await adminSession(page.request);
  const name = unique("Logo mancante");
  const res = await page.request.post("/api/partners", { data: { name, imageUrl: "/demo/partners/non-esiste.png", sortOrder: 99 } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = await res.json();
  await page.goto("/admin/partner-carousel");
  await expect(page.getByTestId("partner-tile").filter({ hasText: name })).toContainText("Immagine non disponibile");
  expect((await page.request.delete(`/api/partners/${id}`)).status()).toBe(204);
});

test("save carousel settings and see them on the home", async ({ page }) => {
  await loginAsAdmin(page, "/admin/partner-carousel");
  await page.getByRole("tab", { name: "Impostazioni Carosello" }).click();
  const preview = page.getByTestId("carousel-preview");

  await page.getByLabel("Velocità Scorrimento").fill("2.5");
  await page.getByLabel("Fluidità Animazione").fill("20");
  await expect(preview).toContainText("2.5 px/frame");
  await expect(preview).toContainText("≈50 fps");
  await page.getByRole("switch", { name: "Abilita Carosello" }).click();
  await expect(preview).toContainText("Disattivato");
  await page.getByRole("button", { name: "Salva Impostazioni Carosello" }).click();
  await expect(page.getByText("Le impostazioni del carosello sono state aggiornate.")).toBeVisible();
  expect(await (await page.request.get("/api/carousel-settings")).json()).toEqual({ isEnabled: false, scrollSpeed: 2.5, frameRate: 20 });

  await page.goto("/");
  await expect(page.getByText("Pinguini Tattici Nucleari – Stadio Maradona").first()).toBeVisible();
  await expect(page.getByRole("img", { name: "Pizzeria Vesuvio" })).toHaveCount(0);

  // Back on, at the default pace: the logos return to the home.
  await page.goto("/admin/carousel");
  await expect(page.getByRole("link", { name: "Torna al Pannello Admin" })).toHaveAttribute("href", "/admin");
  await page.getByRole("switch", { name: "Abilita Carosello" }).click();
  await page.getByLabel("Velocità Scorrimento").fill("");
  await page.getByLabel("Fluidità Animazione").fill("");
  await expect(page.getByTestId("carousel-preview")).toContainText("1 px/frame");
  await expect(page.getByTestId("carousel-preview")).toContainText("≈63 fps");
  await page.getByRole("button", { name: "Salva Impostazioni Carosello" }).click();
  await expect(page.getByText("Impostazioni salvate")).toBeVisible();
  expect(await (await page.request.get("/api/carousel-settings")).json()).toEqual({ isEnabled: true, scrollSpeed: 1, frameRate: 16 });
  await page.goto("/");
  await expect(page.getByRole("img", { name: "Pizzeria Vesuvio" }).first()).toBeVisible();
});
