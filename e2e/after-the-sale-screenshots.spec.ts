import { expect, test } from "./visitor-test";
import { createEventViaApi, loginAsAdmin, unique } from "./admin-helpers";
import { bookingCodeOf, cancelledEventOnHome, createBooking, eventByTitle, imagesLoaded, payBooking, transitionsDone, withoutLivePopups } from "./public-helpers";

const dir = "docs/screenshots";

test.use({ viewport: { width: 1366, height: 900 } });

test("admin e-mail preview with the pass QR @screenshot", async ({ page }) => {
  const event = await eventByTitle(page.request, "Pinguini");
  const booking = await createBooking(page.request, event.id, event.rates[0].id, { name: "Lucia Ferri", email: "lucia.ferri@example.it" });
  await payBooking(page.request, booking.id);
  await loginAsAdmin(page, "/admin?tab=email");
  const row = page.getByTestId("email-row").filter({ has: page.getByText(bookingCodeOf(booking.id)) });
  await expect(row.getByText("Inviata", { exact: true })).toBeVisible();
  await page.screenshot({ path: `${dir}/admin-emails.png` });
  await row.getByRole("button", { name: "Anteprima" }).click();
  await expect(page.frameLocator('[data-testid="email-preview"]').getByRole("img", { name: /QR del pass/ })).toBeVisible();
  await transitionsDone(page);
  await page.screenshot({ path: `${dir}/admin-email-preview.png` });
});

test("admin refund dialog @screenshot", async ({ page }) => {
  const event = await eventByTitle(page.request, "Pinguini");
  const booking = await createBooking(page.request, event.id, event.rates[0].id, { name: "Ilaria Rinaldi", email: "ilaria.rinaldi@example.it" });
  await payBooking(page.request, booking.id);
  await loginAsAdmin(page, "/admin?tab=prenotazioni");
  await page.getByTestId("booking-row").filter({ hasText: "Ilaria Rinaldi" }).getByRole("button", { name: "Rimborsa" }).click();
  await page.getByLabel("Importo da rimborsare (€)").fill("5,00");
  await page.getByLabel("Motivo").fill("Cancello aperto in ritardo");
  await transitionsDone(page);
  await page.screenshot({ path: `${dir}/admin-refund.png` });
});

test("pass page with plate change and cancellation at 390 px @screenshot", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const event = await eventByTitle(page.request, "Pinguini");
  const booking = await createBooking(page.request, event.id, event.rates[0].id, { name: "Marco Vitale", email: "marco.vitale@example.it" });
  await payBooking(page.request, booking.id);
  const found = await (await page.request.post("/api/my-bookings/lookup", { data: { email: "marco.vitale@example.it", code: bookingCodeOf(booking.id) } })).json();
  const secret = (found.bookings ?? found).find((b: { code?: string }) => b.code === bookingCodeOf(booking.id)).passSecret;
  await page.goto(`/p/${secret}`);
  await expect(page.getByTestId("pass-actions")).toBeVisible();
  await page.getByTestId("pass-actions").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${dir}/pass-manage-mobile.png`, fullPage: true });
});

test("cancelled event card on the home, desktop and 390 px @screenshot", async ({ page }) => {
  await loginAsAdmin(page);
  const title = unique("Napoli - Roma");
  await cancelledEventOnHome(page, title, (t) => createEventViaApi(page.request, { title: t }));
  await withoutLivePopups(page);
  await page.goto("/");
  const card = page.getByTestId("event-card").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card.getByText("Annullato", { exact: true })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await imagesLoaded(page);
  await card.screenshot({ path: `${dir}/event-card-cancelled.png` });
  await card.getByRole("button", { name: title }).click();
  await transitionsDone(page);
  await card.screenshot({ path: `${dir}/event-card-cancelled-expanded.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(card.getByText("Annullato", { exact: true })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await imagesLoaded(page);
  await card.screenshot({ path: `${dir}/event-card-cancelled-mobile.png` });
});
