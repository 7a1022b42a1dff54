import { expect, test } from "./visitor-test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, signOutTo, submitLogin } from "./admin-helpers";

test("every admin route asks for e-mail and password; a wrong one is refused, the right one opens the dashboard", async ({ page }) => {
  for (const path of ["/admin", "/admin/calendario", "/admin/partner-carousel", "/admin/carousel"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Accesso amministratore" })).toBeVisible();
  }

  await submitLogin(page, ADMIN_EMAIL, "password-sbagliata");
  await expect(page.getByRole("alert")).toHaveText("E-mail o password non validi");
  await expect(page.getByText("Benvenuto, Admin")).toHaveCount(0);

  await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page.getByText("Benvenuto, Admin")).toBeVisible(); // 1280 px: the greeting is in the header itself
  // The login happened on /admin/carousel: the same route now shows its screen.
  await expect(page).toHaveURL(/\/admin\/carousel$/);
  await expect(page.getByRole("switch", { name: "Abilita Carosello" })).toBeVisible();

  // The session survives a reload; the link back to the site is there.
  await page.goto("/admin");
  await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Torna al sito" })).toHaveAttribute("href", "/");

  await signOutTo(page, "Accesso amministratore");
});

test("the dashboard keeps its tab in the URL across reload and back", async ({ page }) => {
  await page.goto("/admin");
  await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  const tabs = ["Overview", "Eventi", "Categorie", "Partner & Carosello", "Prenotazioni", "Notifiche", "Pagamenti", "E-mail", "Lista d'attesa", "Documenti", "Registro", "Utenti"];
  await expect(page.getByRole("tab")).toHaveText(tabs);

  await page.getByRole("tab", { name: "Categorie" }).click();
  await expect(page).toHaveURL(/\?tab=categorie$/);
  await page.getByRole("tab", { name: "Pagamenti" }).click();
  await expect(page).toHaveURL(/\?tab=pagamenti$/);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Pagamenti" })).toHaveAttribute("aria-selected", "true");
  await page.goBack();
  await expect(page.getByRole("tab", { name: "Categorie" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Aggiungi categoria" })).toBeVisible();

  await page.getByRole("tab", { name: "Partner & Carosello" }).click();
  await page.getByRole("link", { name: /Gestisci Partner & Carosello/ }).click();
  await expect(page).toHaveURL(/\/admin\/partner-carousel/);
  await expect(page.getByRole("heading", { name: "Gestione Partner & Carosello" })).toBeVisible();
});

test("the login screen shows the rate-limit message when the server refuses more tries", async ({ page }) => {
  // Simulated at the network layer: really tripping the limit would lock every other spec out for a minute.
  await page.route("**/api/admin/login", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "rate_limited", message: "Troppi tentativi, riprova tra poco" } }),
    }),
  );
  await page.goto("/admin");
  await submitLogin(page, "chiunque@parcheggi.example", "qualsiasi");
  await expect(page.getByRole("alert")).toHaveText("Troppi tentativi, riprova tra poco");
});
