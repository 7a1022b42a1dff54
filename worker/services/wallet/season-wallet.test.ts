import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, seasonHolders, seasonPasses } from "../../../db/schema";
import { bookingCodeOf } from "../../../shared/rules";
import { fixClock } from "../../../shared/test/clock";
import { adminApi } from "../../test/admin";
import { api, seedEvent, testDb } from "../../test/helpers";
import { BASE, call, downloadPkpass, latestPkpass, passOnAPhone, pushesTo, walletEnv } from "../../test/wallet";
import { romeIso } from "../event-page";
import { startEventCancellation } from "../event-cancellation";
import { sendWalletUpdates } from "./wallet-updates";

// docs/decisions/058-season-wallet-pass.md: a season holder keeps one wallet pass whose match and
// date move to the next match the holder keeps; each move reaches each phone once.

const HOUR = 3_600_000;
const holder = (plate: string) => ({ customerName: "Gennaro Esposito", customerEmail: "gennaro@example.it", licensePlate: plate, carModel: "Fiat Panda" });

/** A season of three matches: tonight at +2 h and +3 h, tomorrow at +26 h. */
async function seedSeason() {
  const db = testDb();
  const cat = await db.insert(categories).values({ name: `Stadio ${crypto.randomUUID().slice(0, 6)}` }).returning().get();
  const a = await seedEvent({ category: null, categoryId: cat.id, datetime: Date.now() + 2 * HOUR, title: "Napoli – Milan" });
  const b = await seedEvent({ category: null, categoryId: cat.id, datetime: Date.now() + 3 * HOUR, title: "Napoli – Roma" });
  const c = await seedEvent({ category: null, categoryId: cat.id, datetime: Date.now() + 26 * HOUR, title: "Napoli – Lazio" });
  const season = await db
    .insert(seasonPasses)
    .values({ name: "Abbonamento Curva", nameTranslations: { en: "Stand season" }, categoryId: cat.id, startsAt: Date.now() - 86_400_000, endsAt: Date.now() + 200 * 86_400_000, priceCents: 30_000, spots: 5 })
    .returning()
    .get();
  return { a, b, c, season };
}

/** A season pass bought and paid with the demo card: the holder and its one pass link. */
async function boughtPass(seasonId: number, plate = "NA500SS") {
  const purchase = await (await api(`/api/seasons/${seasonId}/holders`, { method: "POST", json: holder(plate), headers: { "Idempotency-Key": crypto.randomUUID() } })).json<{ holderId: string; bookingId: string }>();
  const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: purchase.bookingId } })).json<{ paymentIntentId: string }>();
  expect((await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } })).status).toBe(200);
  const row = (await testDb().select().from(seasonHolders).where(eq(seasonHolders.id, purchase.holderId)).get())!;
  return { holderId: row.id, carrierId: purchase.bookingId, secret: row.passSecret! };
}

async function cronSendsTwice() {
  await sendWalletUpdates(testDb(), walletEnv, Date.now());
  await sendWalletUpdates(testDb(), walletEnv, Date.now() + 1);
}

const fromB64url = (s: string) => new TextDecoder().decode(Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)));

describe("a season holder's wallet pass", () => {
  it("is one signed pass: the season, the next match and its date, the plate, the holder's code and its one link; Google's ticket the same", async () => {
    const { a, season } = await seedSeason();
    const { holderId, secret } = await boughtPass(season.id);
    const { pass } = await downloadPkpass(secret);
    expect(pass).toMatchObject({
      relevantDate: romeIso(a.event.datetime!),
      barcodes: [{ format: "PKBarcodeFormatQR", message: `${BASE}/p/${secret}`, altText: bookingCodeOf(holderId) }],
      eventTicket: { primaryFields: [{ label: "Abbonamento", value: "Abbonamento Curva" }] },
    });
    expect(pass.locations).toHaveLength(1);
    expect(pass.eventTicket.secondaryFields).toEqual([
      expect.objectContaining({ key: "nextMatch", label: "Prossima partita", value: "Napoli – Milan" }),
      expect.objectContaining({ key: "plate", value: "NA500SS" }),
    ]);
    expect(pass.eventTicket.auxiliaryFields).toContainEqual(expect.objectContaining({ key: "when", value: romeIso(a.event.datetime!) }));
    expect(JSON.stringify(pass)).not.toContain("gennaro@example.it");
    // The same pass again: one per holder, not one per match.
    expect((await downloadPkpass(secret)).pass.serialNumber).toBe(pass.serialNumber);

    const google = await call(`/api/wallet/${secret}/google`);
    expect(google.status).toBe(302);
    const claims = JSON.parse(fromB64url(google.headers.get("Location")!.split("/save/")[1].split(".")[1]));
    const [ticketClass] = claims.payload.eventTicketClasses;
    const [ticket] = claims.payload.eventTicketObjects;
    expect(ticketClass).toMatchObject({ id: `3388000000000000001.season-${season.id}`, eventName: { defaultValue: { value: "Abbonamento Curva" } } });
    expect(ticket).toMatchObject({ classId: ticketClass.id, state: "ACTIVE", barcode: { value: `${BASE}/p/${secret}` } });
    expect(ticket.textModulesData[0]).toMatchObject({ id: "nextMatch", header: "Prossima partita" });
    expect(ticket.textModulesData[0].body).toMatch(/^Napoli – Milan – /);
  });

  it("moves to the next match when one is handed back, played or cancelled, telling the phone once each time", async () => {
    const { a, b, c, season } = await seedSeason();
    const { secret } = await boughtPass(season.id, "NA501SS");
    const { pass, token } = await passOnAPhone(secret);
    await cronSendsTwice();
    expect(await pushesTo(token)).toBe(0);

    expect((await api(`/api/season-passes/${secret}/release`, { method: "POST", json: { eventId: a.eventId } })).status).toBe(200);
    await cronSendsTwice();
    expect(await pushesTo(token)).toBe(1);
    expect((await latestPkpass(pass)).relevantDate).toBe(romeIso(b.event.datetime!));

    // The second match is over (its four hours): the pass moves to tomorrow's.
    fixClock(b.event.datetime! + 4 * HOUR + 60_000);
    await cronSendsTwice();
    expect(await pushesTo(token)).toBe(2);
    const tomorrow = await latestPkpass(pass);
    expect(tomorrow.relevantDate).toBe(romeIso(c.event.datetime!));
    expect(tomorrow.eventTicket.secondaryFields[0]).toMatchObject({ key: "nextMatch", value: "Napoli – Lazio" });

    await startEventCancellation(testDb(), c.eventId, `wf-season-${c.eventId}`, Date.now());
    await cronSendsTwice();
    expect(await pushesTo(token)).toBe(3);
    const none = await latestPkpass(pass);
    expect(none.eventTicket.secondaryFields[0]).toMatchObject({ key: "nextMatch", value: "Nessuna partita in programma" });
    expect(none.barcodes).toBeUndefined();
    expect(none.relevantDate).toBeUndefined();
  });

  it("carries a new plate to the phone once", async () => {
    const { season } = await seedSeason();
    const { secret } = await boughtPass(season.id, "NA502SS");
    const { pass, token } = await passOnAPhone(secret);
    expect((await api(`/api/passes/${secret}/plate`, { method: "PUT", json: { licensePlate: "NA503SS" } })).status).toBe(200);
    await cronSendsTwice();
    expect(await pushesTo(token)).toBe(1);
    expect((await latestPkpass(pass)).eventTicket.secondaryFields).toContainEqual(expect.objectContaining({ key: "plate", value: "NA503SS" }));
  });

  it("is voided once when the season is refunded, and once when a partner's pass is revoked", async () => {
    const { season } = await seedSeason();
    const sold = await boughtPass(season.id, "NA504SS");
    const onPhone = await passOnAPhone(sold.secret);
    expect((await adminApi(`/api/admin/season-holders/${sold.holderId}/refund`, { method: "POST", json: {} })).status).toBe(200);
    await cronSendsTwice();
    expect(await pushesTo(onPhone.token)).toBe(1);
    const refunded = await latestPkpass(onPhone.pass);
    expect(refunded).toMatchObject({ voided: true, eventTicket: { headerFields: [{ value: "Annullato" }] } });
    expect(refunded.barcodes).toBeUndefined();

    const partner = await (await adminApi(`/api/admin/seasons/${season.id}/holders`, { method: "POST", json: holder("PA505RT") })).json<{ id: string }>();
    const partnerSecret = (await testDb().select().from(seasonHolders).where(eq(seasonHolders.id, partner.id)).get())!.passSecret!;
    const partnerPhone = await passOnAPhone(partnerSecret);
    expect((await adminApi(`/api/admin/season-holders/${partner.id}/refund`, { method: "POST", json: {} })).status).toBe(200);
    await cronSendsTwice();
    expect(await pushesTo(partnerPhone.token)).toBe(1);
    expect((await latestPkpass(partnerPhone.pass)).voided).toBe(true);
  });
});
