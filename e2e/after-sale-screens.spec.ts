import { expect, test, type Page } from "./visitor-test";
import { adminSession, createEventViaApi, expectNoSidewaysOverflow, unique } from "./admin-helpers";
import { bookingCodeOf, bookingStatus, createBooking, eventByTitle, payBooking, publicEvents, withoutLivePopups } from "./public-helpers";
import { openRefundOfPaidBooking } from "./refund-helpers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const shots = "docs/screenshots/after-sale";
test.use({ viewport: PHONE });

/** This device made the booking: Le Mie Prenotazioni finds it by itself and the home shows its banner. */
async function rememberOnDevice(page: Page, email: string, code: string, eventTitle: string) {
  await page.addInitScript(
    ({ email, code, eventTitle }) => {
      localStorage.setItem("parcheggi-eventi:prenotazioni", JSON.stringify([{ email, code }]));
      localStorage.setItem("parcheggi-eventi:pass-banner", JSON.stringify({ code, eventTitle }));
    },
    { email, code, eventTitle },
  );
}

async function both(page: Page, name: string) {
  // A full-page shot does not scroll: the parts laid out when near (reviews) and the lazy images below
  // the first screen are shown first, as a scroll would.
  await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
  await page.evaluate(() =>
    Promise.all(
      [...document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')].map((img) => {
        img.loading = "eager";
        return img.decode().catch(() => undefined);
      }),
    ),
  );
  await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${shots}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

test("a customer cancels from Le Mie Prenotazioni within the deadline; the card and the home's banner then say it was refunded and show no pass (finding 6, Italian)", async ({ page }) => {
  await withoutLivePopups(page);
  const event = await eventByTitle(page.request, "Pinguini");
  const email = `${unique("annulla").toLowerCase().replace(/\W/g, "")}@example.it`;
  const booking = await createBooking(page.request, event.id, event.rates[0].id, { name: "Rita Amato", email });
  await payBooking(page.request, booking.id);
  const code = bookingCodeOf(booking.id);
  await rememberOnDevice(page, email, code, event.title);

  await page.goto("/");
  await expect(page.getByTestId("pass-banner")).toContainText("Il tuo pass");

  await page.goto("/le-mie-prenotazioni");
  const card = page.getByTestId("booking-pass").filter({ hasText: code });
  await expect(card.getByRole("img", { name: `Codice QR della prenotazione ${code}` })).toBeVisible();
  await expect(card.getByText(/Puoi annullare e ricevere il rimborso completo fino a/)).toBeVisible();
  await both(page, "my-bookings-cancellable");
  await card.getByRole("button", { name: "Annulla prenotazione" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Sì, annulla e rimborsa" }).click();
  await expect(card.getByTestId("booking-state")).toHaveText("Rimborsato");
  await expect(card.getByRole("img")).toHaveCount(0);
  await expect(card.getByText("Apri il pass")).toHaveCount(0);
  await expect(card.getByText(/quando il pagamento è completato/)).toHaveCount(0);
  await expect(card.getByTestId("after-sale")).toContainText(/Rimborso (in corso|completato)/);
  await expectNoSidewaysOverflow(page);
  await both(page, "my-bookings-refunded");

  await page.goto("/");
  const banner = page.getByTestId("pass-banner");
  await expect(banner).toHaveAttribute("data-state", "refunded");
  await expect(banner).toContainText("La tua prenotazione");
  await expect(banner.getByRole("link", { name: "Vedi il pass" })).toHaveCount(0);
  await both(page, "home-banner-refunded");
});

test("an event is cancelled: in English the banner, My Bookings and the pass say so with no pass; the admin's Eventi tab shows it read-only with its progress (findings 6 and 8)", async ({ page }) => {
  test.setTimeout(120_000);
  await adminSession(page.request);
  const title = unique("Partita rinviata a mai");
  const created = await createEventViaApi(page.request, { title });
  const email = `${unique("evento").toLowerCase().replace(/\W/g, "")}@example.it`;
  const booking = await createBooking(page.request, created.id, created.rates[0].id, { name: "John Smith", email });
  await payBooking(page.request, booking.id);
  const code = bookingCodeOf(booking.id);
  const cancel = await page.request.post(`/api/admin/events/${created.id}/cancel`);
  expect(cancel.status(), await cancel.text()).toBe(202);
  await expect.poll(async () => (await publicEvents(page.request)).find((e) => e.id === created.id), { timeout: 20_000 }).toMatchObject({ cancelled: true });
  await expect.poll(async () => bookingStatus(page.request, booking.id), { timeout: 20_000 }).toBe("refunded");

  // The admin: read-only, "Annullato", its progress; its rates readable.
  await page.goto("/admin?tab=eventi");
  const row = page.getByTestId("event-row").filter({ hasText: title });
  await expect(row.getByTestId("event-cancelled")).toHaveText("Annullato");
  await expect(row.getByTestId("cancellation-progress")).toContainText("1 di 1 rimborsate");
  await expect(row.getByRole("switch")).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Rinvia evento ${title}` })).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Annulla evento ${title}` })).toHaveCount(0);
  await row.scrollIntoViewIfNeeded();
  await both(page, "admin-events-cancelled");
  await row.getByRole("button", { name: `Vedi evento ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Evento annullato: sola lettura" });
  await expect(dialog.locator('input[value="Posto auto"]').first()).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Salva" })).toHaveCount(0);
  await both(page, "admin-event-read-only");
  await dialog.getByRole("button", { name: "Chiudi" }).last().click();

  // The customer, in English.
  await withoutLivePopups(page);
  await rememberOnDevice(page, email, code, title);
  await page.goto("/le-mie-prenotazioni?lang=en");
  const card = page.getByTestId("booking-pass").filter({ hasText: code });
  await expect(card.getByTestId("booking-state")).toHaveText(/Refunded|Event cancelled/);
  await expect(card.getByText("The organisers cancelled the event: the pass is no longer valid.")).toBeVisible();
  await expect(card.getByRole("img")).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  await both(page, "my-bookings-event-cancelled-en");

  await page.goto("/?lang=en");
  const banner = page.getByTestId("pass-banner");
  await expect(banner).toContainText("Your booking");
  await expect(banner).toContainText("The organisers cancelled the event");
  await expect(banner.getByRole("link", { name: "See the pass" })).toHaveCount(0);
  await both(page, "home-banner-event-cancelled-en");
});

test("the admin refunds part of a booking: the row and the refund dialog show it (finding 5)", async ({ page }) => {
  const name = `Parziale ${Date.now().toString(36)}`;
  const { row, dialog } = await openRefundOfPaidBooking(page, name, "parziale@example.it");
  await dialog.getByLabel("Importo da rimborsare (€)").fill("4,00");
  // Enter in a field submits, like the button (issue #25: it did nothing).
  await dialog.getByLabel("Importo da rimborsare (€)").press("Enter");
  await expect(page.getByText("Rimborsati € 4,00: il cliente riceverà un'e-mail")).toBeVisible();
  // Money that went back, or a refund the provider has not settled yet: never nothing.
  await expect(row.getByText(/Rimborsato parzialmente € 4,00 di € \d+,\d\d|Rimborso in corso/)).toBeVisible();
  await row.getByRole("button", { name: "Rimborsa" }).click();
  await expect(dialog.getByTestId("refund-item")).toHaveCount(1);
  await expect(dialog.getByTestId("refund-item")).toContainText("€ 4,00");
  await both(page, "admin-refund-dialog");
});
