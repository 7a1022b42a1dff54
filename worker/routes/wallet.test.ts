import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, garageCoordinates, walletStandInDeliveries } from "../../db/schema";
import { cancelByCustomer, changePlate } from "../services/cancellations";
import type { BookingDto } from "../services/bookings";
import { createDemoProvider } from "../services/payments/demo";
import type { IntentDto } from "../services/payments/checkout";
import { startEventCancellation } from "../services/event-cancellation";
import { romeIso } from "../services/event-page";
import { renderOutboxRow } from "../services/email/render";
import { postponeEvent } from "../services/event-postponement";
import { sendWalletUpdates } from "../services/wallet/wallet-updates";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";
import { auth, BASE, call, der, downloadPkpass, identity, openPkpass, PASS_TYPE, pushesTo, register, walletEnv } from "../test/wallet";

async function paidBooking(plate = "NA123WW") {
  const seeded = await seedEvent({ title: "Napoli – Inter" });
  const booking = await seedBooking({ eventId: seeded.eventId, rateId: seeded.rateId, status: "paid", licensePlate: plate });
  return { ...seeded, booking, secret: booking.passSecret! };
}

describe("Apple Wallet .pkpass", () => {
  it("is signed for the test CA and carries the event, plate, gate QR, relevantDate and the garage's place, without e-mail", async () => {
    const { booking, secret, event } = await paidBooking();
    const { pass, files } = await downloadPkpass(secret);
    const coordinates = await testDb().select().from(garageCoordinates).where(eq(garageCoordinates.id, 1)).get();
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: "TESTTEAM01",
      webServiceURL: `${BASE}/api/wallet/apple`,
      relevantDate: romeIso(event.datetime!),
      barcodes: [{ format: "PKBarcodeFormatQR", message: `${BASE}/p/${secret}`, altText: booking.id.slice(0, 8).toUpperCase() }],
      locations: [{ latitude: coordinates!.latitude, longitude: coordinates!.longitude }],
    });
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    expect(pass.voided).toBeUndefined();
    expect(pass.eventTicket.primaryFields[0]).toMatchObject({ label: "Evento", value: "Napoli – Inter" });
    expect(pass.eventTicket.secondaryFields).toContainEqual(expect.objectContaining({ key: "plate", label: "Targa", value: "NA123WW" }));
    expect(pass.eventTicket.secondaryFields).toContainEqual(expect.objectContaining({ key: "when", value: romeIso(event.datetime!), ignoresTimeZone: true }));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["icon.png", "icon@2x.png", "it.lproj/pass.strings", "en.lproj/pass.strings"]));
    // One .lproj per language: the booking's Italian labels, read in English on an English phone.
    const english = new TextDecoder("utf-16le").decode(files["en.lproj/pass.strings"].slice(2));
    expect(english).toContain('"Targa" = "Plate";');
    expect(JSON.stringify(pass)).not.toContain("mario@example.it");
  });

  it("after a postponement carries the new date, and a cancellation voids it: \"Annullato\", no barcode, no place", async () => {
    const { eventId, secret } = await paidBooking();
    const { pass: before } = await downloadPkpass(secret);
    const later = Date.now() + 20 * 86_400_000;
    expect((await postponeEvent(testDb(), eventId, { datetime: later, cancelWindowDays: 3 }, Date.now())).ok).toBe(true);
    const latest = await call(`/api/wallet/apple/v1/passes/${PASS_TYPE}/${before.serialNumber}`, { headers: auth(before.authenticationToken) });
    expect(latest.status).toBe(200);
    const { pass: postponed } = await openPkpass(new Uint8Array(await latest.arrayBuffer()));
    expect(postponed.relevantDate).toBe(romeIso(later));
    expect(postponed.serialNumber).toBe(before.serialNumber);

    await startEventCancellation(testDb(), eventId, "wf-test", Date.now());
    const { pass: cancelled } = await downloadPkpass(secret);
    expect(cancelled.voided).toBe(true);
    expect(cancelled.barcodes).toBeUndefined();
    expect(cancelled.locations).toBeUndefined();
    expect(cancelled.eventTicket.headerFields).toEqual([expect.objectContaining({ key: "status", value: "Annullato" })]);
  });

  it("is written in English for a booking made in English", async () => {
    const { booking, secret } = await paidBooking();
    await testDb().update(bookings).set({ lang: "en" }).where(eq(bookings.id, booking.id));
    const { pass } = await downloadPkpass(secret);
    expect(pass.eventTicket.secondaryFields).toContainEqual(expect.objectContaining({ key: "plate", label: "Plate" }));
    expect(pass.description).toMatch(/^Parking pass – /);
  });

  it("is not offered without the secrets, nor with them on a public address with no push channel", async () => {
    const { secret } = await paidBooking();
    expect(await (await call("/api/wallet/offered", {}, env)).json()).toEqual({ apple: false, google: false });
    expect((await call(`/api/wallet/${secret}/apple.pkpass`, {}, env)).status).toBe(404);
    expect((await call(`/api/wallet/${secret}/google`, {}, env)).status).toBe(404);
    const live = { ...walletEnv, PUBLIC_BASE_URL: "https://parcheggi.example" };
    expect(await (await call("/api/wallet/offered", {}, live)).json()).toEqual({ apple: false, google: true });
    expect(await (await call("/api/wallet/offered")).json()).toEqual({ apple: true, google: true });
  });

  it("is refused for a cancelled booking and for a season spot whose link is not a holder's", async () => {
    const { eventId, rateId } = await seedEvent();
    const cancelled = await seedBooking({ eventId, rateId, status: "cancelled" });
    expect((await call(`/api/wallet/${cancelled.passSecret}/apple.pkpass`)).status).toBe(404);
    const season = await seedBooking({ eventId, rateId, status: "paid" });
    await testDb().update(bookings).set({ kind: "season" }).where(eq(bookings.id, season.id));
    expect((await call(`/api/wallet/${season.passSecret}/apple.pkpass`)).status).toBe(404);
    expect((await call(`/api/wallet/${season.passSecret}/google`)).status).toBe(404);
  });
});

describe("Apple's pass web service", () => {
  it("registers a device (201, then 200), refuses a wrong token (401) or pass type (404), unregisters (200)", async () => {
    const { secret } = await paidBooking();
    const { pass } = await downloadPkpass(secret);
    expect((await register("device-a", pass.serialNumber, pass.authenticationToken)).status).toBe(201);
    expect((await register("device-a", pass.serialNumber, pass.authenticationToken)).status).toBe(200);
    expect((await register("device-b", pass.serialNumber, "not-the-token-0000000")).status).toBe(401);
    const wrongType = await call(`/api/wallet/apple/v1/devices/device-a/registrations/pass.other/${pass.serialNumber}`, {
      method: "POST",
      headers: { ...auth(pass.authenticationToken), "Content-Type": "application/json" },
      body: JSON.stringify({ pushToken: "x" }),
    });
    expect(wrongType.status).toBe(404);
    const path = `/api/wallet/apple/v1/devices/device-a/registrations/${PASS_TYPE}/${pass.serialNumber}`;
    expect((await call(path, { method: "DELETE" })).status).toBe(401);
    expect((await call(path, { method: "DELETE", headers: auth(pass.authenticationToken) })).status).toBe(200);
    expect((await call(`/api/wallet/apple/v1/devices/device-a/registrations/${PASS_TYPE}`)).status).toBe(204);
  });

  it("lists the passes changed since a tag (200 with serials and lastUpdated, 204 when none) and serves the latest pass with Last-Modified / 304", async () => {
    const { booking, secret } = await paidBooking("NA111AA");
    const { pass } = await downloadPkpass(secret);
    await register("device-c", pass.serialNumber, pass.authenticationToken);
    const list = `/api/wallet/apple/v1/devices/device-c/registrations/${PASS_TYPE}`;
    const first = await call(list);
    expect(first.status).toBe(200);
    const { serialNumbers, lastUpdated } = (await first.json()) as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toEqual([pass.serialNumber]);
    expect((await call(`${list}?passesUpdatedSince=${lastUpdated}`)).status).toBe(204);

    const passPath = `/api/wallet/apple/v1/passes/${PASS_TYPE}/${pass.serialNumber}`;
    const served = await call(passPath, { headers: auth(pass.authenticationToken) });
    const lastModified = served.headers.get("Last-Modified")!;
    expect(lastModified).toBeTruthy();
    expect((await call(passPath, { headers: { ...auth(pass.authenticationToken), "If-Modified-Since": lastModified } })).status).toBe(304);
    expect((await call(passPath)).status).toBe(401);

    expect((await changePlate(testDb(), secret, "NA222BB", Date.now() + 2_000)).ok).toBe(true);
    const changed = await call(`${list}?passesUpdatedSince=${lastUpdated}`);
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { serialNumbers: string[] }).serialNumbers).toEqual([pass.serialNumber]);
    const fresh = await call(passPath, { headers: { ...auth(pass.authenticationToken), "If-Modified-Since": lastModified } });
    expect(fresh.status).toBe(200);
    const { pass: updated } = await openPkpass(new Uint8Array(await fresh.arrayBuffer()));
    expect(updated.eventTicket.secondaryFields).toContainEqual(expect.objectContaining({ key: "plate", value: "NA222BB" }));
    expect(booking.licensePlate).toBe("NA111AA");
  });

  it("tells each registered device of a postponement once, and of a cancellation once, through the push stand-in", async () => {
    const { eventId, secret } = await paidBooking();
    const { pass } = await downloadPkpass(secret);
    await register("phone-1", pass.serialNumber, pass.authenticationToken, "token-phone-1");
    await register("phone-2", pass.serialNumber, pass.authenticationToken, "token-phone-2");
    const db = testDb();

    await postponeEvent(db, eventId, { datetime: Date.now() + 30 * 86_400_000, cancelWindowDays: 3 }, Date.now());
    await sendWalletUpdates(db, walletEnv, Date.now());
    await sendWalletUpdates(db, walletEnv, Date.now() + 60_000);
    expect(await pushesTo("token-phone-1")).toBe(1);
    expect(await pushesTo("token-phone-2")).toBe(1);

    await startEventCancellation(db, eventId, "wf-wallet", Date.now() + 120_000);
    await Promise.all([sendWalletUpdates(db, walletEnv, Date.now() + 180_000), sendWalletUpdates(db, walletEnv, Date.now() + 180_000)]);
    expect(await pushesTo("token-phone-1")).toBe(2);
    expect(await pushesTo("token-phone-2")).toBe(2);
  });
});

describe("a refund that ends the booking", () => {
  it("voids the wallet pass and tells its device once (the customer cancels with the demo card's refund)", async () => {
    const { eventId, rateId } = await seedEvent({ rates: [{ priceCents: 1800 }] });
    const booking = await (
      await api("/api/bookings", { method: "POST", json: { eventId, rateId, customerName: "Sara Conte", customerEmail: `sara.${eventId}@example.it`, licensePlate: "CA123NC", carModel: "Panda" } })
    ).json<BookingDto>();
    const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
    await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
    const secret = (await testDb().select().from(bookings).where(eq(bookings.id, booking.id)).get())!.passSecret!;
    const { pass } = await downloadPkpass(secret);
    await register("refund-phone", pass.serialNumber, pass.authenticationToken, "token-refund-phone");

    const db = testDb();
    expect((await cancelByCustomer(db, createDemoProvider(db), secret, Date.now())).ok).toBe(true);
    await sendWalletUpdates(db, walletEnv, Date.now());
    await sendWalletUpdates(db, walletEnv, Date.now());
    expect(await pushesTo("token-refund-phone")).toBe(1);
    const { pass: voided } = await downloadPkpass(secret);
    expect(voided).toMatchObject({ voided: true, eventTicket: { headerFields: [{ value: "Annullato" }] } });
    expect(voided.barcodes).toBeUndefined();
  });
});

describe("Google Wallet", () => {
  async function jwtOf(secret: string) {
    const res = await call(`/api/wallet/${secret}/google`);
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location.startsWith("https://pay.google.com/gp/v/save/")).toBe(true);
    return location.slice("https://pay.google.com/gp/v/save/".length);
  }
  const fromB64url = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

  it("opens a save link whose JWT verifies with the service account's public key and carries the ticket", async () => {
    const { booking, secret, event } = await paidBooking("NA777GG");
    const jwt = await jwtOf(secret);
    const [header, payload, signature] = jwt.split(".");
    const key = await crypto.subtle.importKey("spki", der(identity.googlePublicKey), { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]);
    expect(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, fromB64url(signature), new TextEncoder().encode(`${header}.${payload}`))).toBe(true);
    expect(JSON.parse(new TextDecoder().decode(fromB64url(header)))).toEqual({ alg: "RS256", typ: "JWT" });
    const claims = JSON.parse(new TextDecoder().decode(fromB64url(payload)));
    expect(claims).toMatchObject({ iss: walletEnv.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL, aud: "google", typ: "savetowallet", origins: [BASE] });
    const [ticketClass] = claims.payload.eventTicketClasses;
    const [ticket] = claims.payload.eventTicketObjects;
    expect(ticketClass).toMatchObject({ id: `3388000000000000001.event-${event.id}`, eventName: { defaultValue: { value: "Napoli – Inter" } }, dateTime: { start: romeIso(event.datetime!) } });
    expect(ticket).toMatchObject({
      classId: ticketClass.id,
      state: "ACTIVE",
      barcode: { type: "QR_CODE", value: `${BASE}/p/${secret}`, alternateText: booking.id.slice(0, 8).toUpperCase() },
    });
    expect(ticket.textModulesData).toContainEqual({ id: "plate", header: "Targa", body: "NA777GG" });
    expect(jwt).not.toContain("mario");
  });

  it("replaces the object once per change through the API stand-in: the new plate, then INACTIVE without barcode", async () => {
    const { eventId, secret } = await paidBooking("NA888HH");
    await jwtOf(secret);
    const db = testDb();
    await changePlate(db, secret, "NA999JJ", Date.now());
    await sendWalletUpdates(db, walletEnv, Date.now());
    await startEventCancellation(db, eventId, "wf-google", Date.now());
    await sendWalletUpdates(db, walletEnv, Date.now());
    await sendWalletUpdates(db, walletEnv, Date.now());
    const sent = (await db.select().from(walletStandInDeliveries).where(eq(walletStandInDeliveries.channel, "google_object")))
      .map((d) => JSON.parse(d.body).object)
      .filter((o) => o.barcode?.value === `${BASE}/p/${secret}` || o.linksModuleData.uris[0].uri === `${BASE}/p/${secret}`);
    expect(sent).toHaveLength(2);
    expect(sent[0].textModulesData).toContainEqual({ id: "plate", header: "Targa", body: "NA999JJ" });
    expect(sent[1]).toMatchObject({ state: "INACTIVE" });
    expect(sent[1].barcode).toBeUndefined();
  });
});

describe("the confirmation e-mail", () => {
  it("carries both wallet links beside the pass where the shop offers them, and none without the secrets", async () => {
    const { booking, secret } = await paidBooking();
    const row = { bookingId: booking.id, kind: "confirmation" as const, data: null };
    const offered = (await renderOutboxRow(testDb(), walletEnv, row))!;
    expect(offered.html).toContain(`href="${BASE}/api/wallet/${secret}/apple.pkpass"`);
    expect(offered.html).toContain(`href="${BASE}/api/wallet/${secret}/google"`);
    expect(offered.text).toContain(`Aggiungi a Apple Wallet: ${BASE}/api/wallet/${secret}/apple.pkpass`);
    const plain = (await renderOutboxRow(testDb(), env, row))!;
    expect(plain.html).not.toContain("/api/wallet/");
    expect(plain.text).not.toContain("Wallet");
  });
});
