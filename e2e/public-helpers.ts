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

/** A pending booking (a hold) made through the public API, as the booking dialog would. */
export async function createBooking(request: APIRequestContext, eventId: number, rateId: number, who = { name: "Anna Bianchi", email: "anna.bianchi@example.it" }) {
  const res = await request.post("/api/bookings", {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: { eventId, rateId, customerName: who.name, customerEmail: who.email, licensePlate: "NA123AB", carModel: "Fiat Panda" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; amount: string; status: string };
}

/** Scrolls through the page (lazy images load on approach), back to the top, then waits for every image. */
export async function imagesLoaded(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
}

/** Screenshots show the page itself: no live popup drifting over it. */
export async function withoutLivePopups(page: Page) {
  await page.route("**/api/live-notifications/config", (route) =>
    route.fulfill({ json: { isEnabled: false, frequency: 10000, targetEventId: null, isRandomEvents: true } }),
  );
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
