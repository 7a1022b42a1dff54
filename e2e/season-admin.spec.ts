import { expect, test } from "./visitor-test";
import { createEventViaApi, expectNoSidewaysOverflow, loginAsAdmin, unique } from "./admin-helpers";
import { customerAddress, fillBookingDialog, withoutLivePopups } from "./public-helpers";
import { seriousViolations } from "./axe";

const HOUR = 3_600_000;
/** A Rome calendar day, `days` from today: what a date field holds. */
const romeDay = (days: number) => new Date(Date.now() + days * 24 * HOUR).toLocaleDateString("en-CA", { timeZone: "Europe/Rome" });

/** `within`: the part of the page this feature owns (the admin bar's phone menu is checked by its own spec). */

test("the owner creates a season pass and a voucher from the admin, and a visitor books with the voucher", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsAdmin(page, "/admin/abbonamenti");
  const title = unique("Partita admin");
  await createEventViaApi(page.request, { title: `${title} A`, datetime: new Date(Date.now() + 48 * HOUR).toISOString(), rates: [{ name: "Posto auto", price: "20.00" }] });
  await createEventViaApi(page.request, { title: `${title} B`, datetime: new Date(Date.now() + 72 * HOUR).toISOString() });
  await page.reload();

  // The season: the form refuses what the server would, in the same words, before sending anything.
  await page.getByRole("button", { name: "Nuovo abbonamento" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuovo abbonamento" });
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Tutti i campi sono obbligatori");
  const seasonName = `Abbonamento ${title}`;
  await dialog.getByLabel("Nome", { exact: true }).fill(seasonName);
  await dialog.getByLabel("Un elenco di eventi").check();
  await dialog.getByLabel("Dal", { exact: true }).fill(romeDay(-1));
  await dialog.getByLabel("Al (compreso)").fill(romeDay(30));
  await dialog.getByLabel("Prezzo (€)").fill("150");
  await dialog.getByLabel("Numero di abbonamenti").fill("5");
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Scegli una categoria oppure almeno un evento");
  await dialog.getByLabel(`${title} A`).check();
  await dialog.getByLabel(`${title} B`).check();
  expect(await seriousViolations(page), "season dialog").toEqual([]);
  await page.screenshot({ path: "test-results/season-admin-dialog-1280.png" });
  await dialog.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Abbonamento creato")).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId("admin-season").filter({ hasText: seasonName });
  await expect(card.getByTestId("season-matches").getByRole("listitem")).toHaveCount(2);

  // A partner's pass, free: a spot reserved at both matches; one handed back.
  await card.getByRole("button", { name: "Assegna omaggio" }).click();
  const assign = page.getByRole("dialog", { name: `Abbonamento omaggio: ${seasonName}` });
  await assign.getByLabel("Nome e cognome").fill("Partner Srl");
  await assign.getByLabel("E-mail").fill(`partner-${Date.now()}@example.it`);
  await assign.getByLabel("Targa").fill("PA123RT");
  await assign.getByLabel("Auto").fill("Fiat Tipo");
  await assign.getByRole("button", { name: "Assegna omaggio" }).click();
  await expect(page.getByText("Abbonamento assegnato")).toBeVisible();
  await expect(card.getByTestId("season-matches").getByText("1 posto riservato")).toHaveCount(2);
  const holder = card.getByTestId("admin-holder").filter({ hasText: "Partner Srl" });
  await holder.getByRole("button", { name: "Partite (2)" }).click();
  await holder.getByRole("button", { name: `Libera il posto a ${title} B` }).click();
  await page.getByRole("alertdialog", { name: "Liberare il posto?" }).getByRole("button", { name: "Libera" }).click();
  await expect(page.getByText("Posto liberato")).toBeVisible();
  await expect(holder.getByTestId("holder-matches")).toContainText("Liberato");
  await expect(card.getByTestId("season-matches").getByText("0 posti riservati")).toHaveCount(1);

  // The voucher: 25% off the first match, three uses.
  // A hand-chosen code: at least 8 of the unambiguous alphabet (decision 046).
  const code = `ADM${Array.from({ length: 7 }, () => "ABCDEFGHJKMNPQRSTUVWXYZ23456789"[Math.floor(Math.random() * 31)]).join("")}`;
  await page.getByRole("button", { name: "Nuovo codice sconto" }).click();
  const vdialog = page.getByRole("dialog", { name: "Nuovo codice sconto" });
  await vdialog.getByLabel("Codice").fill(`${code.toLowerCase()}!`);
  await vdialog.getByLabel("Sconto (%)").fill("25");
  await vdialog.getByLabel("Numero di usi").fill("3");
  await vdialog.getByLabel("Valido fino al (compreso)").fill(romeDay(10));
  await vdialog.getByLabel(`${title} A`).check();
  await vdialog.getByRole("button", { name: "Salva" }).click();
  await expect(vdialog.getByRole("alert")).toHaveText("Il codice deve avere almeno 8 caratteri tra lettere e cifre non ambigue (senza 0, O, 1, I, L); lascialo vuoto per generarne uno");
  await vdialog.getByLabel("Codice").fill(code.toLowerCase());
  expect(await seriousViolations(page), "voucher dialog").toEqual([]);
  await vdialog.getByRole("button", { name: "Salva" }).click();
  await expect(page.getByText("Codice sconto creato")).toBeVisible();
  const voucher = page.getByTestId("admin-voucher").filter({ hasText: code });
  await expect(voucher).toContainText("0 usi su 3");
  expect(await seriousViolations(page), "seasons page").toEqual([]);
  await page.screenshot({ path: "test-results/season-admin-1280.png", fullPage: true });

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(card).toBeVisible();
  await expectNoSidewaysOverflow(page, "main");
  expect(await seriousViolations(page, { within: "main" }), "seasons page at 360").toEqual([]);
  await page.screenshot({ path: "test-results/season-admin-360.png", fullPage: true });
  await voucher.getByRole("button", { name: "Modifica" }).click();
  const edit = page.getByRole("dialog", { name: `Modifica ${code}` });
  await expect(edit.getByLabel("Codice")).toBeDisabled();
  await expectNoSidewaysOverflow(page, "[role=dialog]");
  await page.screenshot({ path: "test-results/season-admin-voucher-360.png" });
  await edit.getByRole("button", { name: "Annulla" }).click();

  // A visitor (no staff session) books the first match with the code, typed in lower case.
  const visitor = await browser.newContext({ viewport: { width: 360, height: 780 }, extraHTTPHeaders: customerAddress() });
  const vpage = await visitor.newPage();
  await withoutLivePopups(vpage);
  await vpage.goto("/");
  const booking = await fillBookingDialog(vpage, `${title} A`, /Posto auto/, { name: "Ciro Russo", email: `sconto-${Date.now()}@example.it`, plate: "SC123ON", car: "Fiat 500" });
  await booking.getByLabel("Codice sconto (facoltativo)").fill(code.toLowerCase());
  await booking.getByRole("button", { name: "Prenota e paga € 20,00" }).click();
  await expect(vpage).toHaveURL(/\/checkout\?/);
  await vpage.getByLabel("Numero carta").fill("4242 4242 4242 4242");
  await vpage.getByRole("button", { name: "Paga € 15,00" }).click();
  await expect(vpage.getByRole("heading", { name: "Pagamento Completato" })).toBeVisible();
  await visitor.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(voucher).toContainText("1 uso su 3");
  await voucher.getByRole("button", { name: "Usi" }).click();
  const uses = page.getByRole("dialog", { name: `Usi di ${code}` });
  await expect(uses.getByTestId("voucher-uses")).toContainText("Ciro Russo");
  await expect(uses.getByTestId("voucher-uses")).toContainText("Pagato € 15,00 · sconto € 5,00");
  await expect(uses.getByTestId("voucher-uses")).toContainText("Pagata");
});
