import { expect, test } from "./visitor-test";
import { loginAsAdmin } from "./admin-helpers";

test("live-notification settings: frequency and target event are saved, with the spec's toasts", async ({ page }) => {
  await loginAsAdmin(page, "/admin?tab=notifiche");
  const original = await (await page.request.get("/api/live-notifications/config")).json();
  const events: { id: number; title: string }[] = await (await page.request.get("/api/admin/events")).json();
  const target = events.find((e) => e.title.startsWith("Elodie"))!;

  await expect(page.getByLabel("Frequenza").locator("option")).toHaveText(["Ogni 5 secondi", "Ogni 10 secondi", "Ogni 15 secondi", "Ogni 30 secondi", "Ogni 60 secondi"]);
  await page.getByLabel("Frequenza").selectOption({ label: "Ogni 30 secondi" });
  await page.getByRole("radio", { name: "Evento specifico" }).check();
  await page.getByRole("combobox", { name: "Evento specifico" }).selectOption({ label: target.title });
  await page.getByRole("button", { name: "Salva configurazione" }).click();
  await expect(page.getByText("Configurazione aggiornata")).toBeVisible();
  expect(await (await page.request.get("/api/live-notifications/config")).json()).toEqual({
    isEnabled: original.isEnabled,
    frequency: 30000,
    targetEventId: target.id,
    isRandomEvents: false,
  });

  await page.reload();
  await expect(page.getByLabel("Frequenza")).toHaveValue("30000");
  await expect(page.getByRole("combobox", { name: "Evento specifico" })).toHaveValue(String(target.id));

  // A refused save shows the spec's failure toast.
  await page.route("**/api/live-notifications/config", (route) =>
    route.request().method() === "PUT" ? route.fulfill({ status: 500, contentType: "application/json", body: '{"error":{"code":"internal","message":"x"}}' }) : route.continue(),
  );
  await page.getByRole("button", { name: "Salva configurazione" }).click();
  await expect(page.getByText("Impossibile aggiornare la configurazione.")).toBeVisible();
  await page.unrouteAll();

  // Back to the seed's settings so the home behaves as before.
  await page.getByRole("radio", { name: "Eventi casuali" }).check();
  await page.getByLabel("Frequenza").selectOption(String(original.frequency));
  await page.getByRole("button", { name: "Salva configurazione" }).click();
  await expect(page.getByText("Configurazione aggiornata")).toBeVisible();
  expect(await (await page.request.get("/api/live-notifications/config")).json()).toEqual(original);
});
