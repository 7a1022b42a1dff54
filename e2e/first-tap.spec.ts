import { appendFileSync } from "node:fs";
import { expect, test, type Browser, type CDPSession, type Locator, type Page } from "./visitor-test";
import { eventPath } from "../shared/event-path";
import { en } from "../web/i18n/whole";
import { it as italian } from "../web/i18n/it";
import { customerAddress, eventByTitle } from "./public-helpers";

// A fan's first gesture on a page that boots late (decision 043, 049), on a phone: 390 px, touch,
// the CPU slowed 4× (Lighthouse's mobile model). Each load is fresh; its first gesture is either a
// touch scroll followed by a tap within 150 ms, or the tap itself on a shared link that opens at
// the control. Every tap must do what the control says, and no load may log an error (React's
// #418/#425 hydration errors above all). `npm test` runs FIRST_TAP_LOADS loads per case (1: each
// case and gesture on a fresh load, 9 loads; a second load of each doubled the spec's 84 s for a
// second sample of the same race, issue #42); `npm run bench:first-tap` runs 20 and writes the
// figures (bench/first-tap.mjs), the measure of how often a first tap is answered.
const LOADS = Number(process.env.FIRST_TAP_LOADS ?? 1);
const REPORT = process.env.FIRST_TAP_REPORT;
const PHONE = { width: 390, height: 844 };
const TAP_AFTER_SCROLL_MS = 150;

type Gesture = "scroll-then-tap" | "tap";
type Case = {
  name: string;
  /** The page, with the fragment a shared link would carry to put the control on the first screen. */
  path: (page: Page) => Promise<{ scrollFrom: string; tapAt: string }>;
  control: (page: Page) => Locator;
  /** The control stays in place as the page scrolls (the sticky header). */
  sticky?: boolean;
  /** The phone's language (Italian unless said). */
  locale?: string;
  /** The first gestures tried (both unless said). */
  gestures?: Gesture[];
  /** Resolves once the page shows what the control says. */
  answered: (page: Page) => Promise<void>;
};

const homeCard = (page: Page) => page.getByTestId("event-card").first();

const CASES: Case[] = [
  {
    name: "home card",
    path: async () => ({ scrollFrom: "/", tapAt: "/#eventi" }),
    control: (page) => homeCard(page).getByRole("heading", { level: 3 }).getByRole("button"),
    answered: (page) => expect(homeCard(page)).toHaveAttribute("data-expanded", "true"),
  },
  {
    // The Worker answers an English phone in English, and the app writes the language into the address.
    name: "home card on an English phone",
    locale: "en-GB",
    // Its first scroll is what differs (the tap itself is the Italian case's).
    gestures: ["scroll-then-tap"],
    path: async () => ({ scrollFrom: "/", tapAt: "/#eventi" }),
    control: (page) => homeCard(page).getByRole("heading", { level: 3 }).getByRole("button"),
    answered: (page) => expect(homeCard(page)).toHaveAttribute("data-expanded", "true"),
  },
  {
    name: "event page rate",
    path: async (page) => {
      const path = eventPath(await eventByTitle(page.request, "Napoli – Inter"));
      return { scrollFrom: path, tapAt: `${path}#tariffe-title` };
    },
    control: (page) => page.getByRole("button", { name: `${italian.eventPage.book}: Posto auto` }),
    answered: (page) => expect(page.getByRole("dialog", { name: italian.booking.title })).toBeVisible(),
  },
  {
    name: "presale button",
    path: async (page) => {
      const path = eventPath(await eventByTitle(page.request, "Pinguini Tattici Nucleari"));
      return { scrollFrom: path, tapAt: `${path}#tariffe-title` };
    },
    control: (page) => page.getByRole("button", { name: new RegExp(`^${italian.eventCard.presale}`) }),
    answered: (page) => expect(page.getByRole("dialog")).toBeVisible(),
  },
  {
    name: "language switch",
    path: async () => ({ scrollFrom: "/", tapAt: "/" }),
    control: (page) => page.getByRole("group", { name: italian.language.label }).getByRole("button", { name: /^EN/ }),
    sticky: true,
    answered: async (page) => {
      await expect(page.getByRole("heading", { level: 1, name: en.home.hero.title })).toBeVisible();
      await expect(page).toHaveURL(/\?lang=en$/);
      // Every part hydrates in English, the ones below the first screen too (a part still holding the
      // server's Italian when it hydrates is React's #418).
      const footer = page.getByRole("contentinfo");
      await footer.scrollIntoViewIfNeeded();
      await expect(footer.getByText(en.layout.footer.about, { exact: true })).toBeVisible();
      await page.waitForLoadState("networkidle");
    },
  },
];

/** Fingers on the lower screen moving up by `distance` px in all, ten steps a swipe, each still for a moment before it lifts. */
async function touchScroll(cdp: CDPSession, distance: number) {
  const x = PHONE.width / 2;
  const from = PHONE.height - 60;
  for (let left = distance; left > 0; left -= 600) {
    const swipe = Math.min(left, 600);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: from }] });
    for (let step = 1; step <= 10; step++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: from - (step * swipe) / 10 }] });
    await new Promise((resolve) => setTimeout(resolve, 120));
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  }
}

type Outcome = { case: string; gesture: Gesture; answered: boolean; msToAnswer: number | null; msScrollToTap: number | null; errors: string[] };

/** One fresh load on a slow phone, its first gesture `gesture` on the case's control. */
async function firstTap(browser: Browser, baseURL: string, c: Case, gesture: Gesture): Promise<Outcome> {
  // A customer of its own per load: the presale dialog prepares a payment, and the per-client caps
  // would add up every load's.
  const context = await browser.newContext({ baseURL, viewport: PHONE, hasTouch: true, isMobile: true, locale: c.locale ?? "it-IT", extraHTTPHeaders: customerAddress() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  // Where the finger landed, noted by the page as it happens (for a failure's report).
  await context.addInitScript(() => {
    const note = (event: Event) => {
      // The last one is the tap (a swipe's lift comes before it).
      (window as { firstTap?: string }).firstTap = `${event.type} at scrollY ${Math.round(window.scrollY)} on ${(event.target as Element).outerHTML.slice(0, 100)}`;
    };
    window.addEventListener("touchend", note, { capture: true, passive: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const paths = await c.path(page);
  let msScrollToTap: number | null = null;
  try {
    // The boot script (inline, a module) has run by DOMContentLoaded: what a fan sees is painted.
    await page.goto(gesture === "tap" ? paths.tapAt : paths.scrollFrom, { waitUntil: "domcontentloaded" });
    const control = c.control(page);
    // The middle of its first line box: a title that wraps is an inline button whose two lines leave
    // a gap at the middle of its bounding box.
    // Measured once the page stands still (the same place for three frames), as a fan's eye finds the
    // control: a page that opens at a fragment is still scrolling to it at DOMContentLoaded.
    const box = await control.evaluate(
      (el) =>
        new Promise<{ x: number; y: number }>((resolve) => {
          let last = "";
          let still = 0;
          const look = () => {
            const first = el.getClientRects()[0]!;
            const point = { x: first.x + first.width / 2, y: first.y + first.height / 2 };
            const now = `${point.x},${point.y},${window.scrollY}`;
            still = now === last ? still + 1 : 0;
            last = now;
            if (still >= 2) resolve(point);
            else requestAnimationFrame(look);
          };
          requestAnimationFrame(look);
        }),
    );
    const x = box.x;
    let y = box.y;
    if (gesture === "scroll-then-tap") {
      // A finger's scroll that brings the control to the middle of the screen (a sticky one stays put),
      // held still before it lifts so the page does not fling on.
      const room = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      const distance = c.sticky ? 300 : Math.min(room, Math.round(y - PHONE.height / 2));
      await touchScroll(cdp, distance);
      const scrolled = Date.now();
      // Where the control is now, asked of the page (a wrong guess would tap beside it, not late).
      if (!c.sticky) y = await control.evaluate((el) => el.getClientRects()[0]!.y + el.getClientRects()[0]!.height / 2);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, TAP_AFTER_SCROLL_MS - 20 - (Date.now() - scrolled))));
      msScrollToTap = Date.now() - scrolled;
    }
    const tapped = Date.now();
    await page.touchscreen.tap(x, y);
    try {
      await c.answered(page);
    } catch (err) {
      // Where the finger landed, for the report.
      const landed = await page.evaluate(() => (window as { firstTap?: string }).firstTap ?? "no tap seen").catch(() => "");
      return { case: c.name, gesture, answered: false, msToAnswer: null, msScrollToTap, errors: [...errors, String(err).split("\n")[0], landed] };
    }
    const msToAnswer = Date.now() - tapped;
    // Whatever hydrates after the answer (the rest of the page) has its chance to log.
    await page.waitForLoadState("networkidle");
    return { case: c.name, gesture, answered: true, msToAnswer, msScrollToTap, errors };
  } finally {
    await context.close();
  }
}


for (const c of CASES) {
  for (const gesture of c.gestures ?? (["scroll-then-tap", "tap"] as const)) {
    test(`a first ${gesture === "tap" ? "tap" : "scroll then tap within 150 ms"} on the ${c.name} works on a slow phone, every load, without a hydration error`, async ({ browser, baseURL }) => {
      test.setTimeout(30_000 + LOADS * 25_000);
      const mine: Outcome[] = [];
      for (let i = 0; i < LOADS; i++) mine.push(await firstTap(browser, baseURL!, c, gesture));
      if (REPORT) appendFileSync(REPORT, mine.map((o) => `${JSON.stringify(o)}\n`).join(""));
      // All loads run before judging, so the bench counts every one.
      expect(mine.filter((o) => !o.answered || o.errors.length > 0)).toEqual([]);
    });
  }
}
