import { expect, test, type Page } from "@playwright/test";
import { de, en, it as italian } from "../web/i18n/whole";
import { sameOnPurpose } from "../shared/same-on-purpose";
import { bookingStatus, expandCard, publicEvents, transitionsDone } from "./public-helpers";

const NAPOLI_INTER = "Napoli – Inter, Serie A";
const PHONE = { width: 390, height: 844 };

/** Every text of it.ts and en.ts that German says differently (4 characters or more, the same-on-purpose ones aside). */
function foreignTexts(): string[] {
  const out: string[] = [];
  const walk = (other: unknown, german: unknown) => {
    if (typeof other === "string") {
      if (other !== german && other.length >= 4 && !sameOnPurpose("de", other)) out.push(other);
    } else if (other && typeof other === "object") {
      for (const key of Object.keys(other)) walk((other as Record<string, unknown>)[key], (german as Record<string, unknown>)?.[key]);
    }
  };
  walk(italian, de);
  walk(en, de);
  return [...new Set(out)];
}

/** The Italian or English catalogue texts a German visitor can read on the page; the garage's own content aside. */
async function visibleForeign(page: Page, content: string[]): Promise<string[]> {
  const text = await page.locator("body").innerText();
  // As whole words: English "Date" is not in German "Daten".
  const shown = (t: string) => new RegExp(`(^|[^\\p{L}])${t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(text);
  return foreignTexts().filter((t) => shown(t) && !content.some((c) => c.includes(t)));
}

test.use({ viewport: PHONE, locale: "de-DE", extraHTTPHeaders: { "Accept-Language": "de-CH, de;q=0.9, en;q=0.5" } });

test("a German fan books, pays and opens the pass in German at 390 px, with no Italian or English catalogue text", async ({ page, request }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().includes("status of 404")) errors.push(m.text());
  });
  const events = await publicEvents(request);
  // The garage's own texts (Italian, and the English twins a German visitor reads) are content, not catalogue.
  const content = events.flatMap((e) => [
    ...Object.values(e as Record<string, unknown>).filter((v): v is string => typeof v === "string"),
    ...e.rates.flatMap((r) => Object.values(r as Record<string, unknown>).filter((v): v is string => typeof v === "string")),
    ...Object.values((e as { category?: Record<string, unknown> | null }).category ?? {}).filter((v): v is string => typeof v === "string"),
  ]);
  // The shop's name ("Parcheggi Eventi", which holds Italian "Eventi") is a name in every language.
  content.push(de.common.appName);

  // First visit with a German browser: the Worker's first response is already German.
  const response = await page.goto("/");
  const html = await response!.text();
  expect(html).toContain('<html lang="de">');
  expect(html).toContain('hreflang="de"');
  await expect(page.getByRole("heading", { name: de.home.hero.title })).toBeVisible();
  await page.mouse.move(20, 20);
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(/\?lang=de$/);
  expect(errors).toEqual([]);
  expect(await visibleForeign(page, content)).toEqual([]);

  const card = await expandCard(page, NAPOLI_INTER);
  await expect(card.getByText(de.eventCard.liberi, { exact: true })).toBeVisible();
  await expect(card.getByText(/ Uhr$/)).toBeVisible();
  expect(await visibleForeign(page, content)).toEqual([]);
  await card.getByRole("button", { name: "VERFÜGBARE TARIFE (2)" }).click();
  await card.getByRole("button", { name: /Car space.*18,00 €/ }).click();

  const dialog = page.getByRole("dialog", { name: de.booking.title });
  await expect(dialog).toBeVisible();
  await transitionsDone(page);
  await dialog.getByLabel(de.booking.customerName).fill("Thomas Müller");
  await dialog.getByLabel(de.booking.customerEmail).fill("thomas.fan@example.de");
  await dialog.getByLabel(de.booking.licensePlate).fill("M AB 1234");
  await dialog.getByLabel(de.booking.carModel).fill("VW Golf");
  expect(await visibleForeign(page, content)).toEqual([]);
  await dialog.getByRole("button", { name: "Buchen und 18,00 € bezahlen" }).click();

  await expect(page).toHaveURL(/\/checkout\?bookingId=[0-9a-f-]+&amount=18\.00&lang=de$/);
  const bookingId = new URL(page.url()).searchParams.get("bookingId")!;
  await expect(page.getByText(de.checkout.subtitle)).toBeVisible();
  await expect(page.getByRole("button", { name: "18,00 € bezahlen" })).toBeEnabled();
  await transitionsDone(page);
  expect(await visibleForeign(page, content)).toEqual([]);
  await page.getByLabel(de.payment.cardNumber).fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "18,00 € bezahlen" }).click();
  await expect(page.getByRole("heading", { name: de.checkout.successTitle })).toBeVisible();
  expect(await visibleForeign(page, content)).toEqual([]);
  expect(await bookingStatus(page.request, bookingId)).toBe("paid");

  await expect(page).toHaveURL(/\/\?lang=de$/, { timeout: 5000 });
  await page.getByRole("link", { name: de.passBanner.link }).click();
  await expect(page).toHaveURL(/\/p\//);
  await expect(page.getByText(de.pass.valid)).toBeVisible();
  expect(await visibleForeign(page, content)).toEqual([]);

  // A server refusal reads in German too (worker/i18n/de.ts).
  await page.goto("/le-mie-prenotazioni");
  await page.getByLabel(de.myBookings.email).fill("niemand@example.de");
  await page.getByLabel(de.myBookings.code).fill("00000000");
  await page.getByRole("button", { name: de.myBookings.submit }).click();
  await expect(page.getByRole("alert")).toHaveText("Mit diesen Angaben haben wir keine Buchung gefunden");
  expect(errors).toEqual([]);
});
