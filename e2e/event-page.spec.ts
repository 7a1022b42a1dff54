import { expect, test, type Page } from "./visitor-test";
import { en, it as italian } from "../web/i18n/whole";
import type { Catalogue } from "../web/i18n/catalogue";
import { bookingStatus, customerAddress, eventByTitle } from "./public-helpers";

const NAPOLI_INTER = "Napoli – Inter, Serie A";
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, permissions: ["clipboard-read", "clipboard-write"] });

function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return errors;
}

/** Home → the card's link → the page; share by copying; book a rate from the page, in `t`'s language. */
async function openShareAndBook(page: Page, t: Catalogue, texts: { bookAndPay: string; spots: RegExp; plate: string }) {
  const errors = watchErrors(page);
  const event = await eventByTitle(page.request, "Napoli – Inter");
  // A customer of its own: the hold it leaves must not count against the suite's other browser tests.
  await page.setExtraHTTPHeaders(customerAddress());
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const card = page.getByTestId("event-card").filter({ has: page.getByRole("heading", { name: NAPOLI_INTER }) });
  const link = card.getByRole("link", { name: t.eventPage.openPage(NAPOLI_INTER) });
  await expect(link).toHaveAttribute("href", `/eventi/${event.id}-napoli-inter-serie-a`);
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/eventi/${event.id}-napoli-inter-serie-a`));
  await expect(page.getByRole("heading", { level: 1, name: NAPOLI_INTER })).toBeVisible();
  await expect(page.getByTestId("free-spots")).toHaveText(texts.spots);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", texts.spots);
  await page.waitForLoadState("networkidle");

  // A desktop-like browser without the share sheet: the link is copied, and a toast says so.
  expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");
  await page.getByRole("button", { name: t.eventPage.share, exact: true }).click();
  await expect(page.getByText(t.eventPage.linkCopied)).toBeVisible();
  const shared = new URL(`/eventi/${event.id}-napoli-inter-serie-a?ref=share`, page.url()).href;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shared);
  // The shared link, opened: the Worker keeps its mark for the booking (decision 059), with no page script.
  await page.goto(shared);
  await expect(page.getByRole("heading", { level: 1, name: NAPOLI_INTER })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === "pe_from")).toMatchObject({ value: "ref%3Dshare", httpOnly: true });
  await page.waitForLoadState("networkidle");

  // The demo rate's name in the page's language (English twin, issue #25).
  await page.getByRole("button", { name: `${t.eventPage.book}: ${t === en ? "Car space" : "Posto auto"}` }).click();
  const dialog = page.getByRole("dialog", { name: t.booking.title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(t.booking.customerName).fill("Gennaro Esposito");
  await dialog.getByLabel(t.booking.customerEmail).fill("gennaro@example.it");
  await dialog.getByLabel(t.booking.licensePlate).fill(texts.plate);
  await dialog.getByLabel(t.booking.carModel).fill("Fiat Tipo");
  await dialog.getByRole("button", { name: texts.bookAndPay }).click();
  await expect(page).toHaveURL(/\/checkout\?bookingId=[0-9a-f-]+&amount=18\.00/);
  const bookingId = new URL(page.url()).searchParams.get("bookingId")!;
  expect(await bookingStatus(page.request, bookingId)).toBe("pending");
  expect(errors).toEqual([]);
}

test.describe("an event's page, in Italian", () => {
  test.use({ locale: "it-IT" });
  test("a fan opens Napoli–Inter's page from the home at 390 px, copies its link and books from it", async ({ page }) => {
    await openShareAndBook(page, italian, { bookAndPay: "Prenota e paga € 18,00", spots: /Ancora \d+ posti liberi/, plate: "NA 482 KL" });
  });
});

test.describe("an event's page, in English", () => {
  test.use({ locale: "en-GB" });
  test("the same page answers in English at the same URL, and books in English", async ({ page }) => {
    await openShareAndBook(page, en, { bookAndPay: "Book and pay €18.00", spots: /\d+ free spaces left/, plate: "GB 17 FAN" });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
  });
});
