import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { eventPath } from "../../shared/event-path";
import { bookings, notices, refunds } from "../../db/schema";
import { ATTRIBUTION_COOKIE, attributionOf } from "../lib/attribution";
import type { Sources } from "../services/charts";
import { renderOutboxRow } from "../services/email/render";
import { listPayments, paymentsTotals } from "../services/payments-report";
import { adminCookie } from "../test/admin";
import { api, ORIGIN, randomClientIp, seedBooking, seedEvent, testDb } from "../test/helpers";
import { app } from "../app";

/** The cookie a page's answer sets, as the browser would send it back (null when it sets none). */
const landingCookie = (res: Response) => {
  const set = res.headers.get("Set-Cookie");
  return set ? set.split(";")[0]! : null;
};

const bookWith = async (cookie: string | null) => {
  const { eventId, rateId } = await seedEvent();
  const res = await api("/api/bookings", {
    method: "POST",
    json: { eventId, rateId, customerName: "Mario Rossi", customerEmail: `mario.${eventId}@example.it`, licensePlate: "AB123CD", carModel: "Fiat Panda" },
    headers: cookie ? { Cookie: cookie } : {},
  });
  expect(res.status).toBe(201);
  const { id } = await res.json<{ id: string }>();
  return testDb().select({ source: bookings.source, detail: bookings.sourceDetail }).from(bookings).where(eq(bookings.id, id)).get();
};

describe("where buyers came from (decision 059)", () => {
  it("a marked landing on an event's page keeps its marks in a first-party, HttpOnly cookie; an unmarked one sets none", async () => {
    const { event } = await seedEvent();
    const marked = await api(`${eventPath(event)}?ref=share&fbclid=abc&utm_source=WhatsApp%20Group`);
    expect(marked.status).toBe(200);
    const set = marked.headers.get("Set-Cookie")!;
    // Only ref and utm_*, cleaned: a click id of a tracker is never kept.
    expect(landingCookie(marked)).toBe(`${ATTRIBUTION_COOKIE}=${encodeURIComponent("ref=share&utm_source=whatsapp-group")}`);
    expect(set).toContain("HttpOnly");
    expect(set).toContain("SameSite=Lax");
    expect(set).toContain("Max-Age=2592000");
    expect(landingCookie(await api(eventPath(event)))).toBeNull();
    // Not on the API's answers, even with the marks in their URL.
    expect(landingCookie(await api(`/api/events?ref=share`))).toBeNull();
  });

  it("the booking records the source its landing cookie says, each mark its own, direct without one", async () => {
    const cookieFor = async (query: string) => {
      const { event } = await seedEvent();
      return landingCookie(await api(`${eventPath(event)}?${query}`));
    };
    // Each landing holds only kept marks, so the row's detail is the landing's query as it came.
    const cases: [string, string][] = [
      ["ref=share", "share"],
      ["ref=partner&utm_source=bar-sport", "partner"],
      ["utm_source=ultras-napoli&utm_medium=partner", "partner"],
      ["ref=email-notice", "email_notice"],
      ["ref=email-reminder", "email_reminder"],
      ["utm_medium=email&utm_campaign=newsletter-marzo", "email"],
      ["utm_source=instagram&utm_campaign=derby", "campaign"],
    ];
    for (const [query, source] of cases) {
      expect(await bookWith(await cookieFor(query)), query).toEqual({ source, detail: query });
    }
    expect(await bookWith(null)).toEqual({ source: "direct", detail: null });
    // A cookie written by hand is cleaned like a landing URL: nothing but the kept marks reaches the row.
    expect(await bookWith(`${ATTRIBUTION_COOKIE}=${encodeURIComponent("ref=<script>&email=mario@example.it")}`)).toEqual({ source: "campaign", detail: "ref=script" });
    expect(attributionOf("email=mario@example.it")).toEqual({ source: "direct", detail: null });
  });

  it("the notice and the reminder e-mails mark their link to the site with their own kind", async () => {
    const { eventId, rateId } = await seedEvent({ datetime: Date.now() + 3 * 86_400_000 });
    const b = await seedBooking({ eventId, rateId, status: "paid" });
    const noticeId = crypto.randomUUID();
    await testDb().insert(notices).values({ id: noticeId, eventId, subject: "Cancelli aperti prima", body: "Il varco apre alle 18.", idempotencyKey: crypto.randomUUID(), createdAt: Date.UTC(2031, 0, 1) });
    const base = env.PUBLIC_BASE_URL.replace(/\/$/, "");
    const notice = (await renderOutboxRow(testDb(), env, { bookingId: b.id, kind: "notice", data: null, noticeId }))!;
    const reminder = (await renderOutboxRow(testDb(), env, { bookingId: b.id, kind: "reminder", data: null }))!;
    expect(notice.html).toContain(`href="${base}/?ref=email-notice"`);
    expect(notice.text).toContain(`${base}/?ref=email-notice`);
    expect(reminder.html).toContain(`href="${base}/?ref=email-reminder"`);
    expect(reminder.text).toContain(`${base}/?ref=email-reminder`);
    // The home those links open keeps the mark like an event's page does.
    // Through the build's shell reduced to what the Worker rewrites: `npm test` runs this before the build.
    const shellAssets = {
      fetch: async () =>
        new Response('<!doctype html><html lang="it"><head><title>t</title></head><body><div id="root" hidden><section id="eventi" data-island="events"></section></div></body></html>', {
          headers: { "Content-Type": "text/html" },
        }),
    } as unknown as Fetcher;
    const home = await app.fetch(new Request(`${ORIGIN}/?ref=email-reminder`, { headers: { "CF-Connecting-IP": randomClientIp() } }), { ...env, ASSETS: shellAssets }, createExecutionContext());
    expect(home.status).toBe(200);
    expect(landingCookie(home)).toBe(`${ATTRIBUTION_COOKIE}=${encodeURIComponent("ref=email-reminder")}`);
  });

  it("the Provenienza chart adds up to the payments report of the same days, and its CSV says the same", async () => {
    const rome = (s: string) => Temporal.PlainDateTime.from(s).toZonedDateTime("Europe/Rome").epochMilliseconds;
    const { eventId, rateId } = await seedEvent();
    const paid = async (amountCents: number, source: (typeof bookings.$inferSelect)["source"], detail: string | null, at: string) => {
      const b = await seedBooking({ eventId, rateId, status: "paid", amountCents, paidAt: rome(at) });
      await testDb().update(bookings).set({ source, sourceDetail: detail }).where(eq(bookings.id, b.id)).run();
      return b;
    };
    const shared = await paid(2000, "share", "ref=share", "2031-05-03T10:00");
    await paid(1500, "partner", "ref=partner&utm_source=bar-sport", "2031-05-04T10:00");
    await paid(1500, "partner", "ref=partner&utm_source=bar-sport", "2031-05-05T10:00");
    await paid(1000, "direct", null, "2031-05-06T10:00");
    // Outside the days asked: counted nowhere.
    await paid(9900, "share", "ref=share", "2031-06-01T10:00");
    await testDb().insert(refunds).values({ id: crypto.randomUUID(), bookingId: shared.id, amountCents: 500, source: "admin", status: "succeeded", createdAt: rome("2031-05-07T10:00") });

    const range = "from=2031-05-01&to=2031-05-31";
    const res = await api(`/api/admin/charts/sources?${range}`, { headers: { Cookie: await adminCookie() } });
    expect(res.status).toBe(200);
    const body = await res.json<Sources>();
    const row = (s: string) => body.rows.find((r) => r.source === s);
    expect(row("share")).toEqual({ source: "share", count: 1, gross: "20.00", refunded: "5.00", net: "15.00" });
    expect(row("partner")).toEqual({ source: "partner", count: 2, gross: "30.00", refunded: "0.00", net: "30.00" });
    expect(row("direct")).toEqual({ source: "direct", count: 1, gross: "10.00", refunded: "0.00", net: "10.00" });
    expect(row("email_reminder")).toMatchObject({ count: 0, gross: "0.00" });
    expect(body.links[0]).toEqual({ source: "partner", link: "ref=partner&utm_source=bar-sport", count: 2, gross: "30.00", refunded: "0.00", net: "30.00" });

    const report = await listPayments(testDb(), { from: Temporal.PlainDate.from("2031-05-01"), to: Temporal.PlainDate.from("2031-05-31") });
    expect(body.totals).toEqual({ count: report.length, ...paymentsTotals(report) });

    const csvRes = await api(`/api/admin/charts/sources.csv?${range}`, { headers: { Cookie: await adminCookie() } });
    expect(csvRes.headers.get("Content-Disposition")).toBe('attachment; filename="provenienza_2031-05-01_2031-05-31.csv"');
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csvRes.arrayBuffer());
    expect(csv.split("\r\n").slice(0, 5)).toEqual([
      "\uFEFFProvenienza;Collegamento;Pagamenti;Incassato (€);Rimborsato (€);Netto (€)",
      "Diretto;;1;10,00;0,00;10,00",
      "Link condiviso;;1;20,00;5,00;15,00",
      "Link condiviso;ref=share;1;20,00;5,00;15,00",
      "Partner;;2;30,00;0,00;30,00",
    ]);
  });
});
