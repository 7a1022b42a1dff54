import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, refunds } from "../../../db/schema";
import { adminCookie } from "../../test/admin";
import { api, customerFor, seedEvent, testDb } from "../../test/helpers";
import { confirmCard, dashboardRefund, deliverWebhook, getIntent, refundedCharge, standIn, stripeApi, stripeEnv, stripeEvent } from "../../test/stripe-mode";
import { latestPkpass, passOnAPhone, pushesTo, walletEnv } from "../../test/wallet";
import { freeBooking, type BookingDto } from "../bookings";
import type { IntentDto } from "../payments/checkout";
import { requirePaymentProvider } from "../payments/create-provider";
import { retryIncompleteRefunds } from "../refunds";
import { sendWalletUpdates } from "./wallet-updates";

// Issue #46: a refund settled after the admin's own (Stripe's webhooks, the cron's retry, "Riprova")
// or "Libera" changes what the pass shows; each path must tell the phone once. Each test failed on
// the code before decision 058, where only the admin's immediate refund marked the pass.

const row = async (id: string) => (await testDb().select().from(bookings).where(eq(bookings.id, id)).get())!;

type Call = typeof api;

/** A booking paid through the API (the Stripe stand-in, or the demo card), with its pass on a phone. */
async function paidOnAPhone(call: Call = stripeApi, priceCents = 1000) {
  const { eventId, rateId } = await seedEvent({ rates: [{ priceCents }] });
  const booking = await (await call("/api/bookings", { method: "POST", json: customerFor(eventId, rateId!) })).json<BookingDto>();
  const intent = await (await call("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
  if (call === api) await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
  else await confirmCard(intent.paymentIntentId);
  expect((await call("/api/confirm-payment", { method: "POST", json: { paymentIntentId: intent.paymentIntentId } })).status).toBe(200);
  const secret = (await row(booking.id)).passSecret!;
  return { bookingId: booking.id, paymentIntentId: intent.paymentIntentId, ...(await passOnAPhone(secret)) };
}

/** The cron's wallet task, twice: a change goes out once however often it runs. */
async function cronSendsTwice() {
  await sendWalletUpdates(testDb(), walletEnv, Date.now());
  await sendWalletUpdates(testDb(), walletEnv, Date.now() + 60_000);
}

async function expectVoidedOnce(p: { bookingId: string; pass: { serialNumber: string; authenticationToken: string }; token: string }) {
  expect((await row(p.bookingId)).status).not.toBe("paid");
  await cronSendsTwice();
  expect(await pushesTo(p.token)).toBe(1);
  const latest = await latestPkpass(p.pass);
  expect(latest.voided).toBe(true);
  expect(latest.barcodes).toBeUndefined();
}

const adminRefund = async (bookingId: string, amount?: string) =>
  stripeApi(`/api/admin/bookings/${bookingId}/refunds`, { method: "POST", json: amount ? { amount } : {}, headers: { Cookie: await adminCookie() } });

describe("a refund settled later voids the wallet pass and tells the phone once", () => {
  it("Stripe's refund.created and refund.updated for a full refund made from the Dashboard", async () => {
    const p = await paidOnAPhone();
    const made = await dashboardRefund(p.paymentIntentId);
    if (!made.ok) throw new Error(made.code);
    for (const type of ["refund.created", "refund.updated", "refund.created"]) expect((await deliverWebhook(stripeEvent(type, made.refund))).status).toBe(200);
    expect((await row(p.bookingId)).status).toBe("refunded");
    await expectVoidedOnce(p);
  });

  it("Stripe's charge.refunded for a full refund made from the Dashboard, delivered twice", async () => {
    const p = await paidOnAPhone();
    await dashboardRefund(p.paymentIntentId);
    const charge = refundedCharge(await getIntent(p.paymentIntentId), 1000);
    expect((await deliverWebhook(stripeEvent("charge.refunded", charge))).status).toBe(200);
    expect((await deliverWebhook(stripeEvent("charge.refunded", charge))).status).toBe(200);
    await expectVoidedOnce(p);
  });

  it("the cron's retry of a refund Stripe left pending, which finds the Dashboard's refund of the rest", async () => {
    const p = await paidOnAPhone();
    expect((await adminRefund(p.bookingId, "4.00")).status).toBe(201);
    // Stripe answered "pending" (some payment methods settle a refund days later): the cron follows it.
    await testDb().update(refunds).set({ status: "pending", completedAt: null }).where(eq(refunds.bookingId, p.bookingId));
    await dashboardRefund(p.paymentIntentId);
    expect((await row(p.bookingId)).status).toBe("paid");
    await retryIncompleteRefunds(testDb(), requirePaymentProvider(stripeEnv(), testDb()), Date.now());
    expect((await row(p.bookingId)).status).toBe("refunded");
    await expectVoidedOnce(p);
  });

  it("Riprova on a refund the provider refused, which now covers what is left", async () => {
    const p = await paidOnAPhone();
    await dashboardRefund(p.paymentIntentId, 600);
    // The provider cannot be read before the refund, so 5,00 on top of the Dashboard's 6,00 is refused.
    await standIn("/_test/fail", { json: { path: "/v1/refunds", times: 1 } });
    expect((await adminRefund(p.bookingId, "5.00")).status).toBe(409);
    expect((await row(p.bookingId)).status).toBe("paid");
    await cronSendsTwice();
    expect(await pushesTo(p.token)).toBe(0);
    const [failed] = (await testDb().select().from(refunds).where(eq(refunds.bookingId, p.bookingId))).filter((r) => r.status === "failed");
    const retried = await stripeApi(`/api/admin/refunds/${failed.id}/retry`, { method: "POST", json: {}, headers: { Cookie: await adminCookie() } });
    expect(retried.status).toBe(200);
    await expectVoidedOnce(p);
  });
});

describe("Libera Parcheggio", () => {
  it("voids the wallet pass and tells the phone once", async () => {
    const p = await paidOnAPhone(api);
    expect((await freeBooking(testDb(), p.bookingId, Date.now())).ok).toBe(true);
    await expectVoidedOnce(p);
  });
});
