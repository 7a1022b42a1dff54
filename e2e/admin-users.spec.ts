import { expect, test } from "./visitor-test";
import { GATE_EMAIL, GATE_PASSWORD, loginAsAdmin, submitLogin, unique } from "./admin-helpers";

test("the owner creates a manager, who logs in and sees everything but Utenti", async ({ page }) => {
  await loginAsAdmin(page, "/admin?tab=utenti");
  await expect(page.getByRole("tab", { name: "Utenti" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("user-row").filter({ hasText: "Admin" })).toContainText("(tu)");

  const email = `${unique("resp").replace(/\W+/g, "-")}@parcheggi.example`.toLowerCase();
  await page.getByLabel("Nome").fill("Giulia Responsabile");
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByLabel("Ruolo", { exact: true }).selectOption({ label: "Responsabile" });
  await page.getByLabel("Password").fill("corta");
  await page.getByRole("button", { name: "Crea utente" }).click();
  // The browser's own minlength check stops a too-short password before the server sees it.
  await expect(page.getByTestId("user-row").filter({ hasText: email })).toHaveCount(0);
  await page.getByLabel("Password").fill("password-responsabile");
  await page.getByRole("button", { name: "Crea utente" }).click();
  const row = page.getByTestId("user-row").filter({ hasText: email });
  await expect(row).toContainText("Giulia Responsabile");
  await expect(row.getByRole("combobox", { name: "Ruolo di Giulia Responsabile" })).toHaveValue("manager");
  await expect(row).toContainText("Attivo");

  // The same e-mail twice: the server's Italian answer is shown.
  await page.getByLabel("Nome").fill("Doppione");
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByLabel("Password").fill("password-responsabile");
  await page.getByRole("button", { name: "Crea utente" }).click();
  await expect(page.getByRole("alert")).toHaveText("Esiste già un utente con questa e-mail");

  await page.getByRole("button", { name: "Esci" }).click();
  await submitLogin(page, email, "password-responsabile");
  await expect(page.getByText("Benvenuto, Giulia Responsabile")).toBeVisible();
  await expect(page.getByRole("tab")).toHaveText(["Overview", "Eventi", "Categorie", "Partner & Carosello", "Prenotazioni", "Notifiche", "Pagamenti", "E-mail", "Lista d'attesa", "Documenti", "Registro"]);
  await page.goto("/admin?tab=utenti");
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  expect((await page.request.get("/api/admin/users")).status()).toBe(403);
  expect((await page.request.get("/api/admin/payments/summary")).status()).toBe(200);

  // The manager changes their own password: a wrong current one is refused, then the new one works.
  await page.getByRole("button", { name: "Cambia password" }).click();
  const dialog = page.getByRole("dialog", { name: "Cambia la tua password" });
  await dialog.getByLabel("Password attuale").fill("non-e-questa");
  await dialog.getByLabel("Nuova password").fill("nuova-password-resp");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("La password attuale non è corretta");
  await dialog.getByLabel("Password attuale").fill("password-responsabile");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Password aggiornata")).toBeVisible();
  await page.getByRole("button", { name: "Esci" }).click();
  await submitLogin(page, email, "nuova-password-resp");
  await expect(page.getByText("Benvenuto, Giulia Responsabile")).toBeVisible();
});

test("the owner disables an account: its open session ends and it cannot log in", async ({ page, browser }) => {
  await loginAsAdmin(page, "/admin?tab=utenti");
  const email = `${unique("via").replace(/\W+/g, "-")}@parcheggi.example`.toLowerCase();
  await page.getByLabel("Nome").fill("Da Disattivare");
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByLabel("Password").fill("password-da-disattivare");
  await page.getByRole("button", { name: "Crea utente" }).click();
  const row = page.getByTestId("user-row").filter({ hasText: email });
  await expect(row).toContainText("Attivo");

  const other = await browser.newPage();
  await other.goto("/admin");
  await submitLogin(other, email, "password-da-disattivare");
  await expect(other.getByText("Benvenuto, Da Disattivare")).toBeVisible();

  await row.getByRole("button", { name: "Disattiva" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Disattiva" }).click();
  await expect(row).toContainText("Disattivato");

  await other.reload();
  await expect(other.getByRole("heading", { name: "Accesso amministratore" })).toBeVisible();
  await submitLogin(other, email, "password-da-disattivare");
  await expect(other.getByRole("alert")).toHaveText("E-mail o password non validi");

  await row.getByRole("button", { name: "Riattiva" }).click();
  await expect(row).toContainText("Attivo");
  await row.getByRole("button", { name: "Reimposta password" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuova password per Da Disattivare" });
  await dialog.getByLabel("Nuova password").fill("password-reimpostata");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog).toHaveCount(0);
  await submitLogin(other, email, "password-reimpostata");
  await expect(other.getByText("Benvenuto, Da Disattivare")).toBeVisible();
  await other.close();
});

test("a gate account is sent to the gate screen, never into the admin area", async ({ page }) => {
  await page.goto("/admin");
  await submitLogin(page, GATE_EMAIL, GATE_PASSWORD);
  await expect(page).toHaveURL(/\/gate$/);
  expect((await page.request.get("/api/admin/events")).status()).toBe(403);
  expect((await page.request.get("/api/bookings")).status()).toBe(403);
});
