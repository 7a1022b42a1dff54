import { expect, test } from "./visitor-test";
import { es } from "../web/i18n/whole";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createEventViaApi, unique } from "./admin-helpers";
import { bookingStatus, expandCard } from "./public-helpers";
import { bookAndPay, firstVisitIn, garageTexts, openPassFromHome, pageErrors, visibleForeign } from "./language-helpers";

test.use({ viewport: { width: 390, height: 844 }, locale: "es-ES", extraHTTPHeaders: { "Accept-Language": "es" } });

test("a Spanish fan books, pays, opens the pass and cancels in Spanish at 390 px, with no other language's catalogue text", async ({ page, request }) => {
  // An event of this test's own, its title and rate written in Spanish by the garage too.
  expect((await request.post("/api/admin/login", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).ok()).toBe(true);
  const suffix = unique("").trim();
  const title = `Concierto en el Maradona ${suffix}`;
  await createEventViaApi(request, {
    title: `Concerto al Maradona ${suffix}`,
    titleTranslations: { en: `Concert at the Maradona ${suffix}`, es: title },
    rates: [{ name: "Posto auto", price: "14.00", nameTranslations: { es: "Plaza de coche" } }],
  });
  const errors = pageErrors(page);
  const content = await garageTexts(request);

  await firstVisitIn(page, "es", content);
  const card = await expandCard(page, title);
  await expect(card.getByText(es.eventCard.liberi, { exact: true })).toBeVisible();
  expect(await visibleForeign(page, "es", content)).toEqual([]);
  await card.getByRole("button", { name: es.eventCard.rates(1) }).click();
  await card.getByRole("button", { name: /Plaza de coche.*14,00 €/ }).click();

  const bookingId = await bookAndPay(page, "es", content, { name: "Lucía Fernández", email: "lucia.aficionada@example.es", plate: "1234 BCD", car: "Seat Ibiza" }, "14,00 €");
  expect(await bookingStatus(page.request, bookingId)).toBe("paid");
  await openPassFromHome(page, "es", content);

  // Cancelling from the pass page: the question, the toast and the void pass, in Spanish.
  const manage = page.getByTestId("pass-actions");
  await manage.getByRole("button", { name: es.pass.manage.cancel }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText(es.pass.manage.confirmText)).toBeVisible();
  expect(await visibleForeign(page, "es", content)).toEqual([]);
  await confirm.getByRole("button", { name: es.pass.manage.confirm }).click();
  await expect(page.getByRole("status").filter({ hasText: es.pass.manage.cancelled("14,00 €") })).toBeVisible();
  await expect(page.getByText(es.pass.void)).toBeVisible();
  expect(await visibleForeign(page, "es", content)).toEqual([]);
  expect(await bookingStatus(page.request, bookingId)).toBe("refunded");
  expect(errors).toEqual([]);
});
