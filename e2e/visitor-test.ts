import { test as base } from "@playwright/test";
import { customerAddress } from "./public-helpers";

export * from "@playwright/test";

/**
 * Playwright's `test`, with every test a visitor of its own: its pages and its `request` send an
 * address of their own (`customerAddress()`), as fans on their own phones do. Locally every request
 * comes from 127.0.0.1, so without it the whole suite shared one client's budgets: the Worker's
 * 60 writes a minute (WRITE_RATE_LIMITER) and the holds a client may keep. With the suite faster, two
 * workers' checkouts in the same minute went past 60 and a payment was refused with 429.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...customerAddress(), ...extraHTTPHeaders });
  },
});
