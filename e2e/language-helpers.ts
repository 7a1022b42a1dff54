import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { LANGS, type Lang } from "../shared/lang";
import { sameOnPurpose } from "../shared/same-on-purpose";
import type { Catalogue } from "../web/i18n/catalogue";
import * as whole from "../web/i18n/whole";
import { transitionsDone } from "./public-helpers";

/** A language's whole public catalogue (web/i18n/whole.ts exports each by its code). */
export const catalogueOf = (lang: Lang) => (whole as unknown as Record<Lang, Catalogue>)[lang];

/** Every text of the other languages' catalogues that `lang` says differently (4 characters or more, the same-on-purpose ones aside). */
function foreignTexts(lang: Lang): string[] {
  const out = new Set<string>();
  const walk = (other: unknown, own: unknown) => {
    if (typeof other === "string") {
      if (other !== own && other.length >= 4 && !sameOnPurpose(lang, other)) out.add(other);
    } else if (other && typeof other === "object") {
      for (const key of Object.keys(other)) walk((other as Record<string, unknown>)[key], (own as Record<string, unknown>)?.[key]);
    }
  };
  for (const other of LANGS.filter((l) => l !== lang)) walk(catalogueOf(other), catalogueOf(lang));
  return [...out];
}

/**
 * The garage's own texts, which are content and not catalogue: every text of the public events (the
 * Italian, and each language's translation a visitor may read), their rates and categories, and the
 * shop's name ("Parcheggi Eventi", which holds Italian "Eventi").
 */
export async function garageTexts(request: APIRequestContext): Promise<string[]> {
  const res = await request.get("/api/events");
  expect(res.ok()).toBeTruthy();
  const texts: string[] = [whole.it.common.appName];
  const walk = (value: unknown) => {
    if (typeof value === "string") texts.push(value);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(await res.json());
  return texts;
}

/** The texts of other languages' catalogues a visitor of `lang` can read on the page; the garage's own content aside. */
export async function visibleForeign(page: Page, lang: Lang, content: string[]): Promise<string[]> {
  const text = await page.locator("body").innerText();
  // As whole words: English "Date" is not in German "Daten".
  const shown = (t: string) => new RegExp(`(^|[^\\p{L}])${t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(text);
  return foreignTexts(lang).filter((t) => shown(t) && !content.some((c) => c.includes(t)));
}

/** Script errors and failed requests (a 404 aside) a page reports, collected from now on. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().includes("status of 404")) errors.push(m.text());
  });
  return errors;
}

/**
 * A browser of `lang` opens the home: the Worker's first response is already in that language, names
 * it among the alternates, and once the app runs the address says the language.
 */
export async function firstVisitIn(page: Page, lang: Lang, content: string[]) {
  const t = catalogueOf(lang);
  const html = await (await page.goto("/"))!.text();
  expect(html).toContain(`<html lang="${lang}">`);
  expect(html).toContain(`hreflang="${lang}"`);
  await expect(page.getByRole("heading", { name: t.home.hero.title })).toBeVisible();
  await page.mouse.move(20, 20);
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(new RegExp(`\\?lang=${lang}$`));
  expect(await visibleForeign(page, lang, content)).toEqual([]);
}

export type Fan = { name: string; email: string; plate: string; car: string };

/**
 * Books a space in the open card's booking dialog and pays it in demo mode (the local Stripe stand-in),
 * checking at each step that no other language's text shows. Answers the booking's id.
 */
export async function bookAndPay(page: Page, lang: Lang, content: string[], fan: Fan, amount: string): Promise<string> {
  const t = catalogueOf(lang);
  const dialog = page.getByRole("dialog", { name: t.booking.title });
  await expect(dialog).toBeVisible();
  await transitionsDone(page);
  await dialog.getByLabel(t.booking.customerName).fill(fan.name);
  await dialog.getByLabel(t.booking.customerEmail).fill(fan.email);
  await dialog.getByLabel(t.booking.licensePlate).fill(fan.plate);
  await dialog.getByLabel(t.booking.carModel).fill(fan.car);
  expect(await visibleForeign(page, lang, content)).toEqual([]);
  await dialog.getByRole("button", { name: t.booking.submit(amount) }).click();

  await expect(page).toHaveURL(new RegExp(`/checkout\\?bookingId=[0-9a-f-]+&amount=[\\d.]+&lang=${lang}$`));
  const bookingId = new URL(page.url()).searchParams.get("bookingId")!;
  await expect(page.getByText(t.checkout.subtitle)).toBeVisible();
  const pay = page.getByRole("button", { name: t.checkout.pay(amount) });
  await expect(pay).toBeEnabled();
  await transitionsDone(page);
  expect(await visibleForeign(page, lang, content)).toEqual([]);
  await page.getByLabel(t.payment.cardNumber).fill("4242 4242 4242 4242");
  await pay.click();
  await expect(page.getByRole("heading", { name: t.checkout.successTitle })).toBeVisible();
  expect(await visibleForeign(page, lang, content)).toEqual([]);
  return bookingId;
}

/** From the home after paying, the pass banner's link opens the pass, valid. */
export async function openPassFromHome(page: Page, lang: Lang, content: string[]) {
  const t = catalogueOf(lang);
  await expect(page).toHaveURL(new RegExp(`/\\?lang=${lang}$`), { timeout: 5000 });
  await page.getByRole("link", { name: t.passBanner.link }).click();
  await expect(page).toHaveURL(/\/p\//);
  await expect(page.getByText(t.pass.valid)).toBeVisible();
  expect(await visibleForeign(page, lang, content)).toEqual([]);
}
