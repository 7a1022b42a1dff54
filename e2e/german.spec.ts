import { expect, test } from "./visitor-test";
import { de } from "../web/i18n/whole";
import { bookingStatus, expandCard } from "./public-helpers";
import { bookAndPay, firstVisitIn, garageTexts, openPassFromHome, pageErrors, visibleForeign } from "./language-helpers";

const NAPOLI_INTER = "Napoli – Inter, Serie A";
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, locale: "de-DE", extraHTTPHeaders: { "Accept-Language": "de-CH, de;q=0.9, en;q=0.5" } });

test("a German fan books, pays and opens the pass in German at 390 px, with no other language's catalogue text", async ({ page, request }) => {
  const errors = pageErrors(page);
  const content = await garageTexts(request);

  // First visit with a German browser: the Worker's first response is already German.
  await firstVisitIn(page, "de", content);
  expect(errors).toEqual([]);

  const card = await expandCard(page, NAPOLI_INTER);
  await expect(card.getByText(de.eventCard.liberi, { exact: true })).toBeVisible();
  await expect(card.getByText(/ Uhr$/)).toBeVisible();
  expect(await visibleForeign(page, "de", content)).toEqual([]);
  await card.getByRole("button", { name: "VERFÜGBARE TARIFE (2)" }).click();
  await card.getByRole("button", { name: /Car space.*18,00 €/ }).click();

  const bookingId = await bookAndPay(page, "de", content, { name: "Thomas Müller", email: "thomas.fan@example.de", plate: "M AB 1234", car: "VW Golf" }, "18,00 €");
  expect(await bookingStatus(page.request, bookingId)).toBe("paid");
  await openPassFromHome(page, "de", content);

  // A server refusal reads in German too (worker/i18n/de.json).
  await page.goto("/le-mie-prenotazioni");
  await page.getByLabel(de.myBookings.email).fill("niemand@example.de");
  await page.getByLabel(de.myBookings.code).fill("00000000");
  await page.getByRole("button", { name: de.myBookings.submit }).click();
  await expect(page.getByRole("alert")).toHaveText("Mit diesen Angaben haben wir keine Buchung gefunden");
  expect(errors).toEqual([]);
});
