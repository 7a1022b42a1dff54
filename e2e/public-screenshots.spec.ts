import { expect, test } from "./visitor-test";
import { createBooking, eventByTitle, expandCard, imagesLoaded, transitionsDone, wholePageScreenshot, withoutLivePopups } from "./public-helpers";

const dir = "docs/screenshots";

test.beforeEach(({ page }) => withoutLivePopups(page));

test("home desktop @screenshot", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await expect(page.getByTestId("event-card").first()).toBeVisible();
  await wholePageScreenshot(page, `${dir}/home-desktop.png`);
});

test("home mobile @screenshot", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByTestId("event-card").first()).toBeVisible();
  await wholePageScreenshot(page, `${dir}/home-mobile.png`);
});

test("event card expanded @screenshot", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto("/#eventi");
  const card = await expandCard(page, "Pinguini Tattici Nucleari – Stadio Maradona");
  await transitionsDone(page);
  await imagesLoaded(page);
  await card.scrollIntoViewIfNeeded();
  // The sticky site header would sit over the section in an element screenshot.
  await page.locator("#eventi").screenshot({ path: `${dir}/event-card-expanded.png`, style: "header.sticky { visibility: hidden !important; }" });
});

test("checkout @screenshot", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const event = await eventByTitle(request, "Champions League");
  const booking = await createBooking(request, event.id, event.rates[0].id);
  await page.goto(`/checkout?bookingId=${booking.id}&amount=${booking.amount}`);
  await expect(page.getByRole("button", { name: /^Paga €/ })).toBeEnabled();
  await page.screenshot({ path: `${dir}/checkout.png`, fullPage: true });
});

// English (issue #14): the home and the checkout as a visiting fan sees them.
for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["mobile", { width: 390, height: 844 }],
] as const) {
  test(`home in English ${name} @screenshot`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/?lang=en");
    await expect(page.getByRole("heading", { name: "Your parking space for every big event" })).toBeVisible();
    await wholePageScreenshot(page, `${dir}/home-en-${name}.png`);
  });

  test(`checkout in English ${name} @screenshot`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const event = await eventByTitle(request, "Champions League");
    const booking = await createBooking(request, event.id, event.rates[0].id);
    await page.goto(`/checkout?bookingId=${booking.id}&amount=${booking.amount}&lang=en`);
    await expect(page.getByRole("button", { name: /^Pay €/ })).toBeEnabled();
    await page.screenshot({ path: `${dir}/checkout-en-${name}.png`, fullPage: true });
  });
}
