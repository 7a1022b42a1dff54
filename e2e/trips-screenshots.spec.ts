import { expect, test } from "./visitor-test";
import { buyPaidBooking, createEventViaApi, loginAsAdmin, unique } from "./admin-helpers";
import { bookingCodeOf, createBooking, eventByTitle, fillBookingDialog, payBooking, withoutLivePopups } from "./public-helpers";

// Screens changed by issue #15, at the width where each problem was seen. Runs after
// public-screenshots (file order): the events it creates must not appear in those.
const dir = "docs/screenshots";
const PHONE = { width: 390, height: 844 };

test.beforeEach(({ page }) => withoutLivePopups(page));

test("pass banner and Le Mie Prenotazioni on a phone @screenshot", async ({ page, request }) => {
  const event = await eventByTitle(request, "Napoli – Inter");
  const email = "anna.bianchi@example.it";
  const booking = await createBooking(request, event.id, event.rates[0].id, { name: "Anna Bianchi", email });
  await payBooking(request, booking.id);
  const code = bookingCodeOf(booking.id);
  // What the checkout leaves on the device after paying.
  await page.addInitScript(
    ({ code, email, title }) => {
      localStorage.setItem("parcheggi-eventi:pass-banner", JSON.stringify({ code, eventTitle: title }));
      localStorage.setItem("parcheggi-eventi:prenotazioni", JSON.stringify([{ email, code }]));
    },
    { code, email, title: event.title },
  );
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await expect(page.getByTestId("pass-banner")).toContainText(code);
  await page.screenshot({ path: `${dir}/pass-banner-mobile.png` });
  await page.getByRole("link", { name: "Vedi il pass" }).click();
  await expect(page.getByTestId("booking-pass").first()).toContainText(code);
  await page.screenshot({ path: `${dir}/my-bookings-mobile.png`, fullPage: true });
});

test("checkout on a phone, scrolled to the pay button @screenshot", async ({ page, request }) => {
  const event = await eventByTitle(request, "Champions League");
  const booking = await createBooking(request, event.id, event.rates[0].id);
  await page.setViewportSize(PHONE);
  await page.goto(`/checkout?bookingId=${booking.id}&amount=${booking.amount}`);
  const pay = page.getByRole("button", { name: /^Paga €/ });
  await page.getByLabel("Numero carta").fill("4242 4242 4242 4242");
  await expect(pay).toBeEnabled();
  await pay.evaluate((el) => window.scrollBy({ top: el.getBoundingClientRect().bottom - window.innerHeight + 8, behavior: "instant" }));
  await page.screenshot({ path: `${dir}/checkout-mobile.png` });
});

test("repeated plate: the booking dialog's warning and the admin flag @screenshot", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAsAdmin(page);
  const title = unique("Napoli – Lazio");
  const event = await createEventViaApi(page.request, { title });
  await buyPaidBooking(page.request, event.id, event.rates[0].id, { name: "Ciro Russo", plate: "FA123BC" });
  await buyPaidBooking(page.request, event.id, event.rates[0].id, { name: "Ciro Russo", plate: "FA123BC" });
  await buyPaidBooking(page.request, event.id, event.rates[0].id, { name: "Rosa Esposito", plate: "FB456CD" });
  await page.goto("/admin?tab=prenotazioni");
  await page.getByLabel("Evento", { exact: true }).selectOption({ label: title });
  await expect(page.getByTestId("repeated-plate").first()).toBeVisible();
  await page.screenshot({ path: `${dir}/admin-bookings-repeated-plate.png` });

  await page.setViewportSize(PHONE);
  await page.goto("/");
  const dialog = await fillBookingDialog(page, title, /Posto auto/, { name: "Ciro Russo", email: "ciro.russo@example.it", plate: "FA123BC", car: "Fiat Tipo" });
  await dialog.getByRole("button", { name: /Prenota e paga/ }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await dialog.getByRole("button", { name: "Prenota comunque un altro posto" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${dir}/booking-repeat-plate-mobile.png` });
});
