import { deflateSync } from "node:zlib";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { bookingCodeOf, customerAddress } from "./public-helpers";

const devVars = readFileSync(".dev.vars", "utf8");
/** The first owner (created by its first login), from .dev.vars as `npm start` prints it. */
export const ADMIN_EMAIL = /^ADMIN_EMAIL=(.*)$/m.exec(devVars)?.[1]?.trim() ?? "titolare@parcheggi.example";
export const ADMIN_PASSWORD = /^ADMIN_PASSWORD=(.*)$/m.exec(devVars)?.[1]?.trim() ?? "garage-napoli-demo";
/** The demo gate account, written beside its hash in db/seed.sql. */
export const [, GATE_EMAIL, GATE_PASSWORD] = /^-- (\S+@\S+) \/ (\S+)$/m.exec(readFileSync("db/seed.sql", "utf8")) ?? [];

/** Fills the login screen (already shown) and submits it. */
export async function submitLogin(page: Page, email: string, password: string) {
  await expect(page.getByRole("heading", { name: "Accesso amministratore" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Accedi" }).click();
}

/**
 * Logs in as the owner and opens `path`: the session cookie the API sets is the page's too (page.request
 * shares the context's cookies). The login screen itself is walked by admin-login.spec.ts; here it
 * would only repeat that walk before each admin test (issue #42).
 */
export async function loginAsAdmin(page: Page, path = "/admin") {
  await adminSession(page.request);
  await page.goto(path);
  // The admin's navigation shows at every width (the greeting moves into a menu on phones).
  await expect(page.getByRole("navigation", { name: "Navigazione amministrazione" })).toBeVisible();
}

/** The owner's session for `request` (a page's request shares its cookies), without opening a screen. */
export async function adminSession(request: APIRequestContext) {
  const res = await request.post("/api/admin/login", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Fails when anything inside `selector` reaches past the viewport's sides or scrolls sideways. */
export async function expectNoSidewaysOverflow(page: Page, selector = "body") {
  const problems = await page.evaluate((sel) => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (sel === "body" && document.documentElement.scrollWidth > width) out.push(`page scrolls: ${document.documentElement.scrollWidth} > ${width}`);
    for (const root of Array.from(document.querySelectorAll(sel))) {
      for (const el of [root, ...Array.from(root.querySelectorAll("*"))]) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const style = getComputedStyle(el);
        if (style.visibility === "hidden" || style.position === "fixed" || el.closest(".sr-only")) continue;
        if (r.left < -0.5 || r.right > width + 0.5) out.push(`${el.tagName.toLowerCase()}${el.getAttribute("aria-label") ? `[${el.getAttribute("aria-label")}]` : ""} ${Math.round(r.left)}–${Math.round(r.right)}`);
        if (["auto", "scroll"].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName.toLowerCase()} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
      }
    }
    return out.slice(0, 10);
  }, selector);
  expect(problems).toEqual([]);
}

/** A unique suffix so rows made by one run never collide with another spec's rows. */
export function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real PNG (diagonal stripes of two colours) so crop and upload work on actual pixels. */
export function makePng(width: number, height: number, a: [number, number, number], b: [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, bl] = Math.floor((x + y) / 40) % 2 === 0 ? a : b;
      raw.set([r, g, bl], row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

type RateSpec = { name: string; price: string; isVisible?: boolean; isPayable?: boolean; nameTranslations?: Record<string, string> };

/** Creates an event through the admin API (needs a logged-in request context). */
export async function createEventViaApi(
  request: APIRequestContext,
  spec: { title: string; titleTranslations?: Record<string, string>; totalSpots?: number; datetime?: string | null; rates?: RateSpec[]; isAlwaysActive?: boolean },
): Promise<{ id: number; rates: { id: number; name: string }[] }> {
  const rates = spec.rates ?? [{ name: "Posto auto", price: "12.50" }];
  const res = await request.post("/api/events", {
    data: {
      event: {
        title: spec.title,
        title_translations: spec.titleTranslations ?? {},
        description: "Evento di prova creato dai test del pannello admin.",
        datetime: spec.isAlwaysActive ? null : (spec.datetime ?? "2030-05-10T21:00"),
        isAlwaysActive: spec.isAlwaysActive ?? false,
        durationMinutes: 240,
        distanceMeters: 500,
        totalSpots: spec.totalSpots ?? 20,
        reservedSpots: 0,
        occupiedSpots: 0,
        imageUrl: null,
        prevendita_title: null,
        prevendita_description: null,
        prevendita_price: null,
        isPrevenditaVisible: false,
        isPrevenditaPayable: false,
        categoryId: null,
      },
      rates: rates.map((r, i) => ({ name: r.name, name_translations: r.nameTranslations ?? {}, description: "", price: r.price, isVisible: r.isVisible ?? true, isPayable: r.isPayable ?? true, sortOrder: i + 1 })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** Books and pays (demo card) one spot as a visitor would, through the public API. */
export async function buyPaidBooking(
  request: APIRequestContext,
  eventId: number,
  rateId: number,
  customer: { name: string; plate: string },
): Promise<string> {
  const booking = await request.post("/api/bookings", {
    headers: { "Idempotency-Key": crypto.randomUUID(), ...customerAddress() },
    data: { eventId, rateId, customerName: customer.name, customerEmail: "test.admin@example.it", licensePlate: customer.plate, carModel: "Fiat Panda" },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  const { id } = await booking.json();
  const intent = await request.post("/api/create-payment-intent", { headers: { "Idempotency-Key": crypto.randomUUID() }, data: { bookingId: id } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId } = await intent.json();
  const paid = await request.post("/api/demo/confirm", { data: { paymentIntentId, cardNumber: "4242424242424242" } });
  expect(paid.status(), await paid.text()).toBe(200);
  return id;
}

const HOUR = 3_600_000;
/** A Rome calendar day, `days` from today: what the admin's season form sends. */
export const romeDay = (days: number) => new Date(Date.now() + days * 24 * HOUR).toLocaleDateString("en-CA", { timeZone: "Europe/Rome" });

/** A season of tonight's two matches (both on the gate's list), € 120 for 5 holders, made by the owner through the API. */
export async function seasonOfTwoMatchesTonight(request: APIRequestContext, title: string) {
  await adminSession(request);
  const first = await createEventViaApi(request, { title: `${title} A`, datetime: new Date(Date.now() + 2 * HOUR).toISOString(), totalSpots: 10 });
  const second = await createEventViaApi(request, { title: `${title} B`, datetime: new Date(Date.now() + 3 * HOUR).toISOString(), totalSpots: 10 });
  const created = await request.post("/api/admin/seasons", {
    data: { name: `Abbonamento ${title}`, eventIds: [first.id, second.id], from: romeDay(-1), to: romeDay(2), price: 120, spots: 5 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return { id, first, second };
}

/** "Esci": back to the sign-in screen headed `heading`, which a reload keeps. */
export async function signOutTo(page: Page, heading: string) {
  await page.getByRole("button", { name: "Esci" }).click();
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
}

/**
 * The owner's session, a new event and one paid booking on it with `plate`: the event's title and the
 * customer's name are the labels made unique, so the test finds its own rows. Returns them and the booking's code.
 */
export async function eventWithPaidBooking(request: APIRequestContext, labels: { title: string; customer: string }, plate: string, totalSpots?: number) {
  await adminSession(request);
  const [title, customer] = [unique(labels.title), unique(labels.customer)];
  const event = await createEventViaApi(request, { title, ...(totalSpots ? { totalSpots } : {}) });
  const id = await buyPaidBooking(request, event.id, event.rates[0].id, { name: customer, plate });
  return { event, id, code: bookingCodeOf(id), title, customer };
}
