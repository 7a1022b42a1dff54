import { expect, test } from "./visitor-test";

test("home lists a seeded event", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Pinguini Tattici Nucleari – Stadio Maradona").first()).toBeVisible();
});

test("an unknown page shows the 404 texts", async ({ page }) => {
  await page.goto("/qualcosa-che-non-esiste");
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("an unknown API path answers 404 JSON", async ({ request }) => {
  const res = await request.get("/api/non-esiste");
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ error: { code: "not_found", message: "Risorsa non trovata" } });
});
