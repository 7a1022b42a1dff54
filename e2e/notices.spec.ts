import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "./visitor-test";
import { createEventViaApi, expectNoSidewaysOverflow, loginAsAdmin, unique } from "./admin-helpers";
import { bookingCodeOf, customerAddress, payBooking } from "./public-helpers";

const shots = process.env.NOTICE_SHOTS;

async function paidBooking(request: APIRequestContext, eventId: number, rateId: number, lang: "it" | "en", email: string) {
  const res = await request.post("/api/bookings", {
    headers: { "Idempotency-Key": crypto.randomUUID(), ...customerAddress() },
    data: { eventId, rateId, customerName: "Cliente Prova", customerEmail: email, licensePlate: "NA123AB", carModel: "Fiat Panda", lang },
  });
  expect(res.status(), await res.text()).toBe(201);
  const booking = (await res.json()) as { id: string };
  await payBooking(request, booking.id);
  const found = await (await request.post("/api/my-bookings/lookup", { data: { email, code: bookingCodeOf(booking.id) } })).json();
  const secret = (found.bookings ?? found).find((b: { code?: string }) => b.code === bookingCodeOf(booking.id))?.passSecret as string;
  expect(secret, JSON.stringify(found)).toBeTruthy();
  return secret;
}

test.use({ viewport: { width: 390, height: 844 } });

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("at 390 px the owner writes a notice in Italian and English, sees it delivered, and each pass shows it in its language", async ({ page }) => {
  await loginAsAdmin(page, "/admin?tab=eventi");
  const title = unique("Napoli – Avvisi");
  const event = await createEventViaApi(page.request, { title, rates: [{ name: "Auto", price: "15.00" }, { name: "Moto", price: "8.00" }] });
  const italian = await paidBooking(page.request, event.id, event.rates[0].id, "it", "avvisi.it@example.it");
  const english = await paidBooking(page.request, event.id, event.rates[1].id, "en", "avvisi.en@example.it");

  await page.reload();
  await page.getByRole("button", { name: `Avvisa i clienti di ${title}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("notice-audience")).toHaveText("Raggiungerà 2 prenotazioni");
  // Only the Moto rate: one booking.
  await dialog.getByLabel("Solo alcune tariffe").check();
  await dialog.getByLabel("Moto").check();
  await expect(dialog.getByTestId("notice-audience")).toHaveText("Raggiungerà 1 prenotazione");
  await dialog.getByLabel("Tutte le tariffe").check();
  await expect(dialog.getByTestId("notice-audience")).toHaveText("Raggiungerà 2 prenotazioni");

  await dialog.getByLabel("Oggetto", { exact: true }).fill("Ingresso da Via Marina");
  await dialog.getByLabel("Testo", { exact: true }).fill("Via Caracciolo è chiusa dalla polizia: entrate da Via Marina. <b>Grazie</b>");
  await dialog.getByRole("tab", { name: /^English/ }).click();
  await dialog.getByLabel("Oggetto (English, facoltativo)", { exact: true }).fill("Enter from Via Marina");
  await dialog.getByLabel("Testo (English, facoltativo)", { exact: true }).fill("Via Caracciolo is closed by the police: please use Via Marina.");
  await expectNoSidewaysOverflow(page, '[role="dialog"]');
  if (shots) await page.screenshot({ path: `${shots}/notice-dialog-390.png` });
  await expect(dialog.getByTestId("notice-languages")).toHaveText("1 in italiano, 1 in inglese");
  await dialog.getByRole("button", { name: "Invia a 2 prenotazioni" }).click();
  // Nothing leaves before the owner confirms, told how many booked in each language.
  const confirm = page.getByRole("alertdialog", { name: "Inviare l'avviso?" });
  await expect(confirm).toContainText("L'e-mail parte subito verso 2 prenotazioni (1 in italiano, 1 in inglese) e non si può ritirare.");
  expect(await (await page.request.get(`/api/admin/events/${event.id}/notices`)).json()).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/notice-confirm-390.png` });
  expect(await seriousViolations(page), "notice confirmation").toEqual([]);
  await confirm.getByRole("button", { name: "Invia a 2 prenotazioni" }).click();
  await expect(page.getByText("Avviso inviato a 2 prenotazioni")).toBeVisible();
  await expect(confirm).toBeHidden();

  const item = dialog.getByTestId("notice-item").first();
  await expect(item).toContainText("Ingresso da Via Marina");
  await expect(item).toContainText("2 destinatari");
  // The queue and the (local) Email Service deliver both; the list follows along.
  await expect(item.getByTestId("notice-delivered")).toHaveText("2 consegnati", { timeout: 20_000 });
  if (shots) await page.screenshot({ path: `${shots}/notice-sent-390.png` });
  await dialog.getByRole("button", { name: "Annulla" }).click();

  await page.goto(`/p/${italian}`);
  const notice = page.getByTestId("pass-notice");
  await expect(notice.getByRole("heading", { name: "Ingresso da Via Marina" })).toBeVisible();
  // Markup typed by staff is shown as text.
  await expect(notice).toContainText("<b>Grazie</b>");
  await expect(notice).toContainText("Avviso dal parcheggio");
  await expect(notice).toContainText(/Pubblicato .* ore \d\d:\d\d/);
  await expectNoSidewaysOverflow(page);
  if (shots) await page.screenshot({ path: `${shots}/pass-notice-it-390.png` });

  await page.goto(`/p/${english}?lang=en`);
  const en = page.getByTestId("pass-notice");
  await expect(en.getByRole("heading", { name: "Enter from Via Marina" })).toBeVisible();
  await expect(en).toContainText("Notice from the car park");
  await expect(en).toContainText("please use Via Marina.");
  await expectNoSidewaysOverflow(page);
  if (shots) await page.screenshot({ path: `${shots}/pass-notice-en-390.png` });
});

test("a bad notice is refused with a clear message and sends nothing", async ({ page }) => {
  await loginAsAdmin(page, "/admin?tab=eventi");
  const title = unique("Notizia vuota");
  const event = await createEventViaApi(page.request, { title });
  await paidBooking(page.request, event.id, event.rates[0].id, "it", "avvisi.bad@example.it");
  const res = await page.request.post(`/api/admin/events/${event.id}/notices`, {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: { subject: "Riga\nBcc: tutti", body: "Testo" },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).error.message).toBe("L'oggetto deve stare su una riga");
  expect(await (await page.request.get(`/api/admin/events/${event.id}/notices`)).json()).toEqual([]);
});
