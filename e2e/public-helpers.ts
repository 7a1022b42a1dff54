import { expect, type APIRequestContext, type Page } from "@playwright/test";

export type SeededEvent = { id: number; title: string; availableSpots: number; rates: { id: number; name: string; price: string; isPayable: boolean }[] };

export async function publicEvents(request: APIRequestContext): Promise<SeededEvent[]> {
  const res = await request.get("/api/events");
  expect(res.ok()).toBeTruthy();
  return res.json();
}

export async function eventByTitle(request: APIRequestContext, prefix: string): Promise<SeededEvent> {
  const event = (await publicEvents(request)).find((e) => e.title.startsWith(prefix));
  if (!event) throw new Error(`no public event starting with ${prefix}`);
  return event;
}

/**
 * The address of a customer of its own, for bookings a test makes through the API. Locally every
 * request comes from 127.0.0.1, so without it the per-client caps (holds, spots per event) would add
 * up the whole suite's bookings as one client's. Cloudflare sets the header itself in production.
 */
export function customerAddress(): { "CF-Connecting-IP": string } {
  const part = () => Math.floor(Math.random() * 0xffff).toString(16);
  return { "CF-Connecting-IP": `2001:db8:${part()}:${part()}::1` };
}

/** A pending booking (a hold) made through the public API, as the booking dialog would; by default a customer of its own. */
export async function createBooking(
  request: APIRequestContext,
  eventId: number,
  rateId: number,
  who = { name: "Anna Bianchi", email: `anna.bianchi.${crypto.randomUUID().slice(0, 8)}@example.it` },
) {
  const res = await request.post("/api/bookings", {
    headers: { "Idempotency-Key": crypto.randomUUID(), ...customerAddress() },
    data: { eventId, rateId, customerName: who.name, customerEmail: who.email, licensePlate: "NA123AB", carModel: "Fiat Panda" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; amount: string; status: string };
}

/**
 * Scrolls through the page (lazy images load on approach), back to the top, then waits for every
 * image that can be seen: a lazy image that is not laid out, or lies beside the viewport (the
 * partner carousel's track runs past the right edge of a phone), never loads and is not seen.
 */
export async function imagesLoaded(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() =>
    Array.from(document.images).every((img) => {
      const r = img.getBoundingClientRect();
      return img.complete || img.getClientRects().length === 0 || r.right <= 0 || r.left >= window.innerWidth;
    }),
  );
}

/**
 * A picture of the whole page as a visitor scrolling it sees it. Playwright's `fullPage` captures
 * before the browser renders what lies below the screen (`render-when-near-*`: content-visibility),
 * which then shows as an empty band; a viewport as tall as the page brings it all near first.
 */
export async function wholePageScreenshot(page: Page, path: string) {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await imagesLoaded(page);
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
}

/** Waits until no finite CSS transition or animation is running (dialogs in, cards expanded). */
export async function transitionsDone(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity));
}

/** Screenshots show the page itself: no live popup drifting over it. */
export const LIVE_POPUPS_OFF = { isEnabled: false, frequency: 5000, targetEventId: null, isRandomEvents: true };

/** Live popups off for this page: in the configuration the home arrives with, and in its refetches. */
export async function withoutLivePopups(page: Page) {
  await withLiveConfig(page, LIVE_POPUPS_OFF);
}

/**
 * This page's live popups as `config` says, whatever the site's setting (another worker may change it):
 * in the configuration the home arrives with, and in its refetches.
 */
export async function withLiveConfig(page: Page, config: { isEnabled: boolean; frequency: number; targetEventId: number | null; isRandomEvents: boolean }) {
  await page.route(
    (url) => url.pathname === "/",
    async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/"liveConfig":\{[^}]*\}/, `"liveConfig":${JSON.stringify(config)}`);
      await route.fulfill({ response: res, body: html });
    },
  );
  await page.route("**/api/live-notifications/config", (route) => route.fulfill({ json: config }));
}

/** Expands the card of `title` and answers its locator. */
export async function expandCard(page: Page, title: string) {
  const card = page.getByTestId("event-card").filter({ has: page.getByRole("heading", { name: title }) });
  await card.getByRole("button", { name: title }).click();
  await expect(card).toHaveAttribute("data-expanded", "true");
  return card;
}

/** Pays a pending booking with a demo card through the public API, as the checkout would. */
export async function payBooking(request: APIRequestContext, bookingId: string, cardNumber = "4242424242424242") {
  const intent = await request.post("/api/create-payment-intent", { headers: { "Idempotency-Key": crypto.randomUUID() }, data: { bookingId } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId } = await intent.json();
  const card = await request.post("/api/demo/confirm", { data: { paymentIntentId, cardNumber } });
  expect(card.status(), await card.text()).toBe(200);
  const confirmed = await request.post("/api/confirm-payment", { data: { paymentIntentId } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return confirmed.json() as Promise<{ id: string; status: string }>;
}

export async function bookingStatus(request: APIRequestContext, id: string): Promise<string> {
  const res = await request.get(`/api/bookings/${id}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).status;
}

export const bookingCodeOf = (id: string) => id.slice(0, 8).toUpperCase();

/** Opens the booking dialog of `rate` on the card of `title` (expanding it) and fills the four fields. */
export async function fillBookingDialog(
  page: Page,
  title: string,
  rate: RegExp,
  who: { name: string; email: string; plate: string; car: string },
) {
  const card = await expandCard(page, title);
  await card.getByRole("button", { name: /TARIFFE DISPONIBILI/ }).click();
  await card.getByRole("button", { name: rate }).click();
  const dialog = page.getByRole("dialog", { name: "Prenota il parcheggio" });
  await dialog.getByLabel("Nome e cognome").fill(who.name);
  await dialog.getByLabel("E-mail").fill(who.email);
  await dialog.getByLabel("Targa").fill(who.plate);
  await dialog.getByLabel("Modello auto").fill(who.car);
  return dialog;
}

/** Creates an event with a paid booking and runs "Annulla evento" on it (needs a logged-in admin page); waits until the home lists it as cancelled. */
export async function cancelledEventOnHome(page: Page, title: string, createEvent: (title: string) => Promise<{ id: number; rates: { id: number }[] }>) {
  const created = await createEvent(title);
  const booking = await createBooking(page.request, created.id, created.rates[0].id, { name: "Paola Esposito", email: "paola.esposito@example.it" });
  await payBooking(page.request, booking.id);
  const res = await page.request.post(`/api/admin/events/${created.id}/cancel`);
  expect(res.status(), await res.text()).toBe(202);
  await expect
    .poll(async () => (await publicEvents(page.request)).find((e) => e.id === created.id) as (SeededEvent & { cancelled?: boolean }) | undefined, { timeout: 20_000 })
    .toMatchObject({ cancelled: true });
  await expect.poll(async () => bookingStatus(page.request, booking.id), { timeout: 20_000 }).toBe("refunded");
  return created;
}
