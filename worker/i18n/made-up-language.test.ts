// A language is one entry in the list and one catalogue per side (issue #45): this file adds "xx",
// a language no one speaks, through the list and the registries the real languages are found in,
// before the Worker's code is loaded, and asks the Worker for an error answer, a booking, an e-mail
// and the home in it. It fails where a code path still knows only the five: a zod enum or type
// guard written out refuses "xx" (400, or an answer in Italian), a `lang === "en" ? … : …` or a map
// of the five gives another language's words (the "no other catalogue's text" checks), a registry
// or a lookup keyed by the five finds nothing (undefined, a throw).
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

// The pool loaded the Worker (worker/index.ts) before this file, with the five languages: forget
// those modules, add the language to the list and the registries, and only then load the Worker
// anew, as it would load with "xx" written in the list.
vi.resetModules();
const { addMadeUpLanguage, foreignTexts, MADE_UP, madeUpText } = await import("../../shared/test/made-up-language");
const { catalogues } = await import("../../web/i18n/catalogues");
const { emailCatalogues } = await import("../services/email/catalogue");
const { messageCatalogues } = await import("./catalogues");
addMadeUpLanguage([messageCatalogues, emailCatalogues, catalogues]);
const worker = (await import("../index")).default;
const { bookings } = await import("../../db/schema");
const { browserRequest, seedEvent, testDb } = await import("../test/helpers");
const { renderOutboxRow } = await import("../services/email/render");
const { loadHomeData } = await import("../services/home");
const { renderHomePage } = await import("../services/home-page");

/** A request to the Worker loaded with the made-up language. */
async function api(path: string, init: RequestInit & { json?: unknown } = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(browserRequest(path, init) as Request<unknown, IncomingRequestCfProperties>, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

type ErrorAnswer = { error: { code: string; message: string } };
const xxHeaders = { "Accept-Language": "xx, en;q=0.5", "CF-Connecting-IP": "203.0.113.66" };

describe("a made-up language added to the list and to one catalogue per side", () => {
  // Fails if Accept-Language is matched against a written-out list, or the answer's catalogue is.
  it("answers an error in it", async () => {
    const res = await api("/api/bookings/no-such-booking", { headers: xxHeaders });
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Language")).toBe(MADE_UP);
    expect(((await res.json()) as ErrorAnswer).error.message).toBe(madeUpText("Booking not found"));
  });

  // Fails if a booking's language is checked against the five (zod refuses "xx"), or its e-mails
  // pick their words by anything but the booking's language.
  it("takes a booking in it and writes its confirmation e-mail in it alone", async () => {
    const { eventId, rateId } = await seedEvent({ title: "Concerto di Capodanno", rates: [{ name: "Posto coperto", priceCents: 1550 }] });
    const res = await api("/api/bookings", {
      method: "POST",
      headers: xxHeaders,
      json: { eventId, rateId, customerName: "Mario Rossi", customerEmail: "fan.xx@example.it", licensePlate: "XX123XX", carModel: "Fiat Panda", lang: MADE_UP },
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const booking = (await testDb().select().from(bookings).where(eq(bookings.licensePlate, "XX123XX")).get())!;
    expect(booking.lang).toBe(MADE_UP);
    await testDb().update(bookings).set({ status: "paid", paidAt: Date.now() }).where(eq(bookings.id, booking.id)).run();
    const email = (await renderOutboxRow(testDb(), env, { bookingId: booking.id, kind: "confirmation", data: null }))!;
    const words = emailCatalogues[MADE_UP];
    expect(email.subject).toBe(words.confirmation.subject("Concerto di Capodanno"));
    expect(email.html).toContain(`<html lang="${MADE_UP}">`);
    expect(email.text).toContain(words.greeting("Mario Rossi"));
    expect(email.text).toContain("XX 15,50");
    const readable = [email.subject, email.html, email.text].join("\n");
    expect(foreignTexts(emailCatalogues).filter((text) => readable.includes(text))).toEqual([]);
  });

  // Fails if the home's islands, its language links or its words are chosen among the five.
  it("renders the home in it", async () => {
    await seedEvent({ title: "Concerto al Maradona", titleTranslations: { en: "Concert at the Maradona" }, totalSpots: 3 });
    const shell = `<!doctype html><html><head><title>t</title></head><body><div id="root" hidden><div data-island="hero-stats">–</div><div data-island="partners"><!--$--><!--/$--></div><section id="eventi" data-island="events">…</section></div></body></html>`;
    const res = await renderHomePage(new Response(shell, { headers: { "Content-Type": "text/html" } }), await loadHomeData(testDb(), Date.now()), MADE_UP, "https://parcheggi.example");
    expect(res.headers.get("Content-Language")).toBe(MADE_UP);
    const html = await res.text();
    expect(html).toContain(`<link rel="alternate" hreflang="${MADE_UP}" href="https://parcheggi.example/?lang=${MADE_UP}">`);
    // What the page shows, without the data for the browser's cache (which holds every language's title).
    const shown = html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, "");
    expect(shown).toContain(catalogues[MADE_UP].eventCard.freeSpots(3));
    // A visitor of a language the garage did not write reads its English.
    expect(shown).toContain("Concert at the Maradona");
    expect(foreignTexts(catalogues).filter((text) => shown.includes(text))).toEqual([]);
  });
});
