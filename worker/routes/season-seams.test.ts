/**
 * The seams between season passes, the waiting list, vouchers and the rest of the lifecycle that
 * issue #40 found: one named test per finding, each saying how it failed before.
 */
import { introspectWorkflowInstance } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, categories, emailOutbox, refunds, seasonHolders, seasonPasses, waitlistEntries } from "../../db/schema";
import { adminApi } from "../test/admin";
import { renderOutboxRow } from "../services/email/render";
import { offlinePasses } from "../services/gate-offline";
import type { SeasonPurchase } from "../services/season-purchase";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const holder = (plate = "NA123SS", email = "gennaro@example.it") => ({ customerName: "Gennaro Esposito", customerEmail: email, licensePlate: plate, carModel: "Fiat Panda" });

/** A category with two matches (tomorrow and the day after) and a season over it. */
async function seedSeason(opts: { spots?: number; totalSpots?: number; price?: number } = {}) {
  const db = testDb();
  const cat = await db.insert(categories).values({ name: `Stadio ${crypto.randomUUID().slice(0, 6)}` }).returning().get();
  const totalSpots = opts.totalSpots ?? 10;
  const a = await seedEvent({ category: null, categoryId: cat.id, datetime: Date.now() + DAY, totalSpots });
  const b = await seedEvent({ category: null, categoryId: cat.id, datetime: Date.now() + 2 * DAY, totalSpots });
  const season = await db
    .insert(seasonPasses)
    .values({ name: "Abbonamento di prova", categoryId: cat.id, startsAt: Date.now() - DAY, endsAt: Date.now() + 200 * DAY, priceCents: opts.price ?? 30_000, spots: opts.spots ?? 5 })
    .returning()
    .get();
  return { cat, a, b, season };
}

const buy = (seasonId: number, body: unknown = holder(), key = crypto.randomUUID(), headers: Record<string, string> = {}) =>
  api(`/api/seasons/${seasonId}/holders`, { method: "POST", json: body, headers: { "Idempotency-Key": key, ...headers } });

describe("finding 8: an Idempotency-Key is bound to its request's body", () => {
  // Before: the second purchase, another person's details under the same key, answered 200 with the first buyer's booking id.
  it("a season purchase replayed with other details is refused (409) and never answers the first buyer's booking", async () => {
    const { season } = await seedSeason();
    const key = crypto.randomUUID();
    const first = await buy(season.id, holder("NA111AA", "primo@example.it"), key);
    expect(first.status).toBe(201);
    const other = await buy(season.id, holder("NA222BB", "altro@example.it"), key);
    expect(other.status).toBe(409);
    const body = await other.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe("conflict");
    expect(JSON.stringify(body)).not.toContain((await first.json<SeasonPurchase>()).bookingId);
    // The same body again is a retry: the same purchase.
    expect((await buy(season.id, holder("NA111AA", "primo@example.it"), key)).status).toBe(200);
    expect(await testDb().select().from(seasonHolders).where(eq(seasonHolders.seasonId, season.id))).toHaveLength(1);
  });

  // Before: the join took no key at all, so a replay made a second entry and another body with the key was accepted.
  it("a waiting-list join replayed answers the same entry; another body with the key is refused (409)", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 1 });
    await seedBooking({ eventId, rateId, status: "paid", holdExpiresAt: Date.now() });
    const key = crypto.randomUUID();
    const join = (email: string, plate: string) =>
      api("/api/waitlist", { method: "POST", json: { eventId, rateId, email, licensePlate: plate }, headers: { "Idempotency-Key": key } });
    const first = await join("fan@example.it", "NA333CC");
    expect(first.status).toBe(201);
    const token = (await first.json<{ token: string }>()).token;
    const again = await join("fan@example.it", "NA333CC");
    expect(again.status).toBe(200);
    expect((await again.json<{ token: string }>()).token).toBe(token);
    const other = await join("intruso@example.it", "NA444DD");
    expect(other.status).toBe(409);
    expect(JSON.stringify(await other.json())).not.toContain(token);
    expect(await testDb().select().from(waitlistEntries).where(eq(waitlistEntries.eventId, eventId))).toHaveLength(1);
  });
});

async function pay(bookingId: string) {
  const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId } })).json<{ paymentIntentId: string; amount: string }>();
  const res = await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
  expect(res.status).toBe(200);
  return intent;
}

/** A season with two matches and one paid holder. */
async function paidHolder(opts: Parameters<typeof seedSeason>[0] = {}, email = `fan-${crypto.randomUUID().slice(0, 8)}@example.it`) {
  const seeded = await seedSeason(opts);
  const purchase = await (await buy(seeded.season.id, holder("NA123SS", email))).json<SeasonPurchase>();
  await pay(purchase.bookingId);
  const row = (await testDb().select().from(seasonHolders).where(eq(seasonHolders.id, purchase.holderId)).get())!;
  return { ...seeded, purchase, secret: row.passSecret! };
}

describe("finding 10: a season pass is one car", () => {
  // Before: the new plate went on the first match's booking only; at match 2 the gate (and its offline list) did not find it.
  it("a plate change applies to every match still to come, and the offline list of each has it", async () => {
    const { a, b, purchase, secret } = await paidHolder();
    const res = await api(`/api/passes/${secret}/plate`, { method: "PUT", json: { licensePlate: "NE999WW" } });
    expect(res.status, await res.clone().text()).toBe(200);
    const spots = await testDb().select().from(bookings).where(eq(bookings.seasonHolderId, purchase.holderId));
    expect(spots.map((s) => s.licensePlate)).toEqual(["NE999WW", "NE999WW"]);
    const pass = await (await api(`/api/season-passes/${secret}`)).json<{ licensePlate: string; plateChangeAllowed: boolean }>();
    expect(pass).toMatchObject({ licensePlate: "NE999WW", plateChangeAllowed: true });
    for (const eventId of [a.eventId, b.eventId]) expect((await offlinePasses(testDb(), eventId)).map((p) => p.licensePlate)).toEqual(["NE999WW"]);
    // A second change to the same plate says so.
    expect((await api(`/api/passes/${secret}/plate`, { method: "PUT", json: { licensePlate: "NE999WW" } })).status).toBe(409);
  });
});

describe("finding 14: a holder's own view in Le Mie Prenotazioni", () => {
  // Before: the season's code found nothing (404); a match's code listed one row at € 300,00 and
  // the others at € 0,00, each "Nessun pass valido per questa prenotazione".
  it("the season's code finds the holder as one season row with its matches and its one pass; no per-match money rows", async () => {
    const { a, b, purchase, secret } = await paidHolder({}, "abbonato14@example.it");
    const lookup = (code: string) => api("/api/my-bookings/lookup", { method: "POST", json: { email: "abbonato14@example.it", code } });
    for (const code of [purchase.holderId.slice(0, 8).toUpperCase(), purchase.bookingId.slice(0, 8)]) {
      const res = await lookup(code);
      expect(res.status, code).toBe(200);
      const body = await res.json<{ bookings: { kind: string }[]; seasons: { code: string; amount: string; passSecret: string; matches: { eventId: number; state: string }[] }[] }>();
      expect(body.bookings.filter((x) => x.kind === "season")).toEqual([]);
      expect(body.seasons).toHaveLength(1);
      expect(body.seasons[0]).toMatchObject({ code: purchase.holderId.slice(0, 8).toUpperCase(), amount: "300.00", passSecret: secret });
      expect(body.seasons[0].matches.map((m) => [m.eventId, m.state])).toEqual([
        [a.eventId, "reserved"],
        [b.eventId, "reserved"],
      ]);
    }
    // Another e-mail with the season's code finds nothing.
    expect((await api("/api/my-bookings/lookup", { method: "POST", json: { email: "altro@example.it", code: purchase.holderId.slice(0, 8) } })).status).toBe(404);
  });
});

/** "Annulla evento" as the admin runs it: the Workflow, to the end. */
async function cancelEvent(eventId: number) {
  const id = `cancel-seams-${eventId}-${crypto.randomUUID().slice(0, 6)}`;
  await using instance = await introspectWorkflowInstance(env.CANCEL_EVENT, id);
  await instance.modify(async (m) => {
    await m.disableRetryDelays();
  });
  await env.CANCEL_EVENT.create({ id, params: { eventId } });
  await instance.waitForStatus("complete");
  return instance.getOutput();
}

const refundsOf = (bookingId: string) => testDb().select().from(refunds).where(eq(refunds.bookingId, bookingId));
const passOf = async (secret: string) => (await api(`/api/season-passes/${secret}`)).json<{ status: string; matches: { eventId: number; state: string }[] }>();

describe("findings 1 and 7: a season's money belongs to the season, not to its first match", () => {
  // Before: "Annulla evento" on the first match refunded the whole season (its booking carried the
  // price), ended the holder and voided the pass for the other matches; the partner's 0 € spot was
  // listed as a failed refund ("Si può rimborsare solo una prenotazione pagata").
  it("Annulla evento on the first match ends only that spot: no money under 'none', the pass opens the next match, a free holder is no failure", async () => {
    const { a, b, season, purchase, secret } = await paidHolder();
    const partner = await (await adminApi(`/api/admin/seasons/${season.id}/holders`, { method: "POST", json: holder("PA123RT", "partner@example.it") })).json<{ id: string }>();
    const preview = await (await adminApi(`/api/admin/events/${a.eventId}/cancellation/seasons`)).json<{ seasons: { policy: string; holders: number; paidHolders: number; refundCents: number }[] }>();
    expect(preview.seasons).toEqual([expect.objectContaining({ policy: "none", holders: 2, paidHolders: 1, refundCents: 0 })]);

    await cancelEvent(a.eventId);
    const progress = await (await adminApi(`/api/admin/events/${a.eventId}/cancellation`)).json<{ progress: { failures: unknown[]; total: number } }>();
    expect(progress.progress.failures).toEqual([]);
    expect(await refundsOf(purchase.bookingId)).toEqual([]);
    const row = (await testDb().select().from(seasonHolders).where(eq(seasonHolders.id, purchase.holderId)).get())!;
    expect(row.status).toBe("active");
    const pass = await passOf(secret);
    expect(pass.status).toBe("valid");
    expect(pass.matches.map((m) => [m.eventId, m.state])).toEqual([
      [a.eventId, "cancelled"],
      [b.eventId, "reserved"],
    ]);
    expect((await testDb().select().from(seasonHolders).where(eq(seasonHolders.id, partner.id)).get())!.status).toBe("active");
    // Each holder is told, in the e-mail, what the season gives back for this match.
    const mails = await testDb().select().from(emailOutbox).where(eq(emailOutbox.kind, "season_match_cancelled"));
    const spotA = (await testDb().select().from(bookings).where(and(eq(bookings.seasonHolderId, purchase.holderId), eq(bookings.eventId, a.eventId))).get())!;
    const mail = mails.find((m) => m.bookingId === spotA.id)!;
    const rendered = await renderOutboxRow(testDb(), env, mail);
    expect(rendered!.text).toContain("non prevedono rimborsi per le partite annullate");
    expect(rendered!.text).toContain("resta valido per tutte le altre partite");
  });

  it("under the 'share' policy each cancelled match refunds price ÷ matches, rounded down; the last takes the remainder; never above paid", async () => {
    const { a, b, season, purchase } = await paidHolder({ price: 30_001 });
    await testDb().update(seasonPasses).set({ cancelRefund: "share" }).where(eq(seasonPasses.id, season.id));
    const preview = await (await adminApi(`/api/admin/events/${a.eventId}/cancellation/seasons`)).json<{ seasons: { refundCents: number }[] }>();
    expect(preview.seasons[0].refundCents).toBe(15_000);
    await cancelEvent(a.eventId);
    expect((await refundsOf(purchase.bookingId)).map((r) => [r.amountCents, r.status, r.source])).toEqual([[15_000, "succeeded", "season_match"]]);
    expect((await testDb().select().from(seasonHolders).where(eq(seasonHolders.id, purchase.holderId)).get())!.status).toBe("active");
    // A rerun of the cancellation gives nothing twice.
    await cancelEvent(a.eventId);
    expect(await refundsOf(purchase.bookingId)).toHaveLength(1);
    await cancelEvent(b.eventId);
    const all = await refundsOf(purchase.bookingId);
    expect(all.map((r) => r.amountCents).sort()).toEqual([15_000, 15_001]);
    expect(all.reduce((n, r) => n + r.amountCents, 0)).toBe(30_001);
  });

  // Before: releasing the first match freed the booking that carried the season's price, and the season's refund answered 409.
  it("a season whose first match was released is still refunded in full, and every match to come ends with it", async () => {
    const { a, b, purchase, secret } = await paidHolder();
    expect((await api(`/api/season-passes/${secret}/release`, { method: "POST", json: { eventId: a.eventId } })).status).toBe(200);
    const res = await adminApi(`/api/admin/season-holders/${purchase.holderId}/refund`, { method: "POST", json: {} });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ status: "cancelled" });
    expect((await refundsOf(purchase.bookingId)).reduce((n, r) => n + r.amountCents, 0)).toBe(30_000);
    const spotB = (await testDb().select().from(bookings).where(and(eq(bookings.seasonHolderId, purchase.holderId), eq(bookings.eventId, b.eventId))).get())!;
    expect(spotB.status).toBe("refunded");
    // Nothing is left to give back.
    expect((await adminApi(`/api/admin/season-holders/${purchase.holderId}/refund`, { method: "POST", json: {} })).status).toBe(409);
  });
});

/** A payment opened in time: its intent exists before the hold lapses. */
async function openPayment(bookingId: string) {
  return (await api("/api/create-payment-intent", { method: "POST", json: { bookingId } })).json<{ paymentIntentId: string }>();
}
const completePayment = (paymentIntentId: string) => api("/api/demo/confirm", { method: "POST", json: { paymentIntentId, cardNumber: "4242424242424242" } });
const lapse = async (holderId: string | null, bookingIds: string[]) => {
  const past = Date.now() - 1000;
  if (holderId) await testDb().update(seasonHolders).set({ holdExpiresAt: past }).where(eq(seasonHolders.id, holderId));
  for (const id of bookingIds) await testDb().update(bookings).set({ holdExpiresAt: past }).where(eq(bookings.id, id));
};

describe("finding 2: a late payment for a lapsed season purchase goes through the seat guard", () => {
  // Before: the late payment activated the holder without the seat guard: a 1-seat season ended with 2 active holders.
  it("a 1-seat season whose seat was sold meanwhile refunds the late payment and keeps one holder", async () => {
    const { season } = await seedSeason({ spots: 1 });
    const first = await (await buy(season.id, holder("LA111TE", "tardi@example.it"))).json<SeasonPurchase>();
    const intent = await openPayment(first.bookingId);
    const firstSpots = (await testDb().select().from(bookings).where(eq(bookings.seasonHolderId, first.holderId))).map((b) => b.id);
    await lapse(first.holderId, firstSpots);
    const second = await (await buy(season.id, holder("IN222TE", "intempo@example.it"))).json<SeasonPurchase>();
    await pay(second.bookingId);
    await completePayment(intent.paymentIntentId);
    const holders = await testDb().select().from(seasonHolders).where(eq(seasonHolders.seasonId, season.id));
    expect(holders.filter((h) => h.status === "active").map((h) => h.id)).toEqual([second.holderId]);
    const carrier = (await testDb().select().from(bookings).where(eq(bookings.id, first.bookingId)).get())!;
    expect(carrier.status).toBe("refunded");
    expect((await testDb().select().from(bookings).where(eq(bookings.seasonHolderId, first.holderId))).filter((b) => b.status === "paid")).toEqual([]);
  });
});

describe("finding 6: the line first", () => {
  // Before: the late payment of a lapsed hold took the freed spot (free spots ≥ 1) ahead of the fan waiting for it.
  it("a late payment cannot take a freed spot while a fan waits for it: it is refunded", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 2, datetime: Date.now() + 3 * DAY });
    await seedBooking({ eventId, rateId, status: "paid", holdExpiresAt: Date.now() });
    const held = await (
      await api("/api/bookings", { method: "POST", json: { eventId, rateId, customerName: "Lento Pagatore", customerEmail: "lento@example.it", licensePlate: "LE123NT", carModel: "Fiat Uno" } })
    ).json<{ id: string }>();
    const intent = await openPayment(held.id);
    const joined = await api("/api/waitlist", { method: "POST", json: { eventId, rateId, email: "fan@example.it", licensePlate: "FA123NN" } });
    expect(joined.status).toBe(201);
    await lapse(null, [held.id]);
    await completePayment(intent.paymentIntentId);
    expect((await testDb().select().from(bookings).where(eq(bookings.id, held.id)).get())!.status).toBe("refunded");
  });
});
