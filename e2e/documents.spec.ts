import { expect, test, type Locator } from "./visitor-test";
import { it as itWords, en as enWords } from "../web/i18n/whole";
import { adminSession, createEventViaApi, expectNoSidewaysOverflow, loginAsAdmin, unique } from "./admin-helpers";
import { customerAddress, fillBookingDialog, payBooking } from "./public-helpers";

// Issue #41 on a phone: pay, open the receipt with its VAT, ask for an invoice as a company, see it in
// Documenti; the owner downloads the month's ZIP.
test.use({ viewport: { width: 390, height: 844 } });

const COMPANY = { denominazione: "Rossi & Figli S.p.A.", partitaIva: "01234567897", indirizzo: "Via Toledo 1", cap: "80134", comune: "Napoli", provincia: "NA", codiceDestinatario: "M5UXCR1" };

/** The invoice form filled in for COMPANY, with `partitaIva` (a wrong one to see the refusal). */
async function fillCompany(form: Locator, f: typeof itWords.documents.form, partitaIva: string) {
  await form.getByLabel(f.denominazione).fill(COMPANY.denominazione);
  await form.getByLabel(f.partitaIva).fill(partitaIva);
  await form.getByLabel(f.indirizzo).fill(COMPANY.indirizzo);
  await form.getByLabel(f.cap).fill(COMPANY.cap);
  await form.getByLabel(f.comune).fill(COMPANY.comune);
  await form.getByLabel(f.provincia).fill(COMPANY.provincia);
  await form.getByLabel(f.codiceDestinatario).fill(COMPANY.codiceDestinatario);
}

for (const [lang, words] of [["it", itWords], ["en", enWords]] as const) {
  test(`a paid booking's receipt and a company's invoice${lang === "it" ? ", then Documenti and the month's ZIP" : ""} (${lang})`, async ({ page, browser }) => {
    const admin = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await adminSession(admin.request);
    const title = unique(`Fattura ${lang}`);
    const event = await createEventViaApi(admin.request, { title, rates: [{ name: "Auto", price: "20.00" }] });
    const customerEmail = `anna.${crypto.randomUUID().slice(0, 8)}@example.it`;
    const booking = await admin.request.post("/api/bookings", {
      headers: { "Idempotency-Key": crypto.randomUUID(), ...customerAddress(), "Accept-Language": lang },
      data: { eventId: event.id, rateId: event.rates[0].id, customerName: "Anna Russo", customerEmail, licensePlate: "EZ321KL", carModel: "Fiat 500" },
    });
    expect(booking.status(), await booking.text()).toBe(201);
    const { id } = (await booking.json()) as { id: string };
    await payBooking(page.request, id);
    const lookup = await page.request.post("/api/my-bookings/lookup", { headers: customerAddress(), data: { email: customerEmail, code: id.slice(0, 8) } });
    const passSecret = (await lookup.json()).bookings.find((b: { passSecret: string | null }) => b.passSecret).passSecret as string;

    // The pass links the receipt, which shows the VAT of 20,00: 16,39 + 3,61.
    await page.goto(`/p/${passSecret}?lang=${lang}`);
    const docs = page.getByTestId("pass-documents");
    await expect(docs.getByRole("heading", { name: words.documents.onPass })).toBeVisible();
    await docs.getByRole("link", { name: new RegExp(`^${words.documents.receipt} R\\d+/\\d{4}$`) }).click();
    const receipt = page.getByTestId("document");
    await expect(receipt.getByRole("heading", { name: words.documents.kindTitle.receipt })).toBeVisible();
    await expect(receipt.getByTestId("document-total")).toHaveText(words.money("20.00"));
    await expect(receipt.getByText(words.money("16.39"))).toBeVisible();
    await expect(receipt.getByText(words.money("3.61"))).toBeVisible();
    await expect(receipt.getByText("EZ321KL")).toBeVisible();
    await expectNoSidewaysOverflow(page);

    // "Richiedi fattura" as a company: a wrong partita IVA is refused in the page's language, then the invoice is issued.
    await page.goto(`/p/${passSecret}?lang=${lang}`);
    await docs.getByRole("button", { name: words.documents.requestInvoice }).click();
    const form = page.getByTestId("invoice-form");
    const f = words.documents.form;
    await form.getByLabel(f.company).check();
    await fillCompany(form, f, "12345678901");
    await form.getByRole("button", { name: f.submit }).click();
    await expect(form.getByTestId("invoice-error")).toHaveText(
      lang === "it" ? "Partita IVA non valida: 11 cifre con la cifra di controllo giusta" : "Invalid VAT number (partita IVA): 11 digits with the right check digit",
    );
    await form.getByLabel(f.partitaIva).fill(COMPANY.partitaIva);
    await form.getByRole("button", { name: f.submit }).click();
    const invoiceLink = docs.getByRole("link", { name: new RegExp(`^${words.documents.invoice} FE\\d+/\\d{4}$`) });
    await expect(invoiceLink).toBeVisible();
    const invoiceNumber = (await invoiceLink.textContent())!.replace(`${words.documents.invoice} `, "");
    await invoiceLink.click();
    await expect(page.getByTestId("document").getByText(COMPANY.denominazione)).toBeVisible();
    await expect(page.getByRole("link", { name: words.documents.downloadXml })).toBeVisible();

    // The owner's side is in Italian whatever the customer's: walked once, with the Italian invoice.
    if (lang === "en") return admin.close();
    // The owner sees it in Documenti and downloads the month's ZIP.
    await admin.goto("/admin?tab=documenti");
    const row = admin.getByTestId("document-row").filter({ hasText: invoiceNumber });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Rossi & Figli S.p.A. (P.IVA 01234567897)");
    // Sent to SdI at once through the queue; in demo mode to the local stand-in, which the tab says.
    await expect(admin.getByTestId("sdi-mode")).toHaveAttribute("data-mode", "demo");
    await expect(async () => {
      await admin.reload();
      await expect(row.getByTestId("document-sdi")).toHaveAttribute("data-sdi", /^(sent|delivered)$/, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expectNoSidewaysOverflow(admin, "[role=tabpanel]");
    const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByTestId("documents-export").click()]);
    expect(download.suggestedFilename()).toMatch(/^documenti-\d{4}-\d{2}\.zip$/);
    const bytes = await (await download.createReadStream()).toArray();
    const zip = Buffer.concat(bytes);
    expect(zip.subarray(0, 2).toString()).toBe("PK");
    expect(zip.includes(Buffer.from(`<Numero>${invoiceNumber}</Numero>`))).toBe(true);
    await admin.close();
  });
}

test("'Mi serve la fattura' in the booking dialog: once paid, the checkout asks for the invoice's details and issues it", async ({ page, browser }) => {
  const admin = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await loginAsAdmin(admin);
  const title = unique("Fattura al checkout");
  await createEventViaApi(admin.request, { title, rates: [{ name: "Auto", price: "20.00" }] });
  await page.goto("/");
  const dialog = await fillBookingDialog(page, title, /Auto.*€ 20,00/, { name: "Anna Russo", email: `anna.${crypto.randomUUID().slice(0, 8)}@example.it`, plate: "FA 123 BC", car: "Fiat 500" });
  await dialog.getByLabel(itWords.booking.wantsInvoice).check();
  await dialog.getByRole("button", { name: "Prenota e paga € 20,00" }).click();
  await expect(page).toHaveURL(/\/checkout\?.*fattura=1/);
  await page.getByLabel("Numero carta").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Paga € 20,00" }).click();

  const form = page.getByTestId("invoice-form");
  const f = itWords.documents.form;
  await expect(form).toBeVisible();
  await fillCompany(form, f, COMPANY.partitaIva);
  await form.getByRole("button", { name: f.submit }).click();
  const invoiceLink = page.getByTestId("checkout-invoice").getByRole("link", { name: new RegExp(`^${itWords.documents.invoice} FE\\d+/\\d{4}$`) });
  await expect(invoiceLink).toBeVisible();
  // Asked for an invoice, the page stayed (no return to the events).
  await expect(page).toHaveURL(/\/checkout\?/);
  await expectNoSidewaysOverflow(page);
  await admin.close();
});
