import { introspectWorkflowInstance } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, demoRefunds, emailOutbox, events, refunds } from "../../db/schema";
import { cancelDeadline } from "../../shared/lifecycle/event";
import { adminCookie } from "../test/admin";
import { api, customerFor, seedEvent, testDb } from "../test/helpers";
import { confirmCard, standIn, stripeApi, stripeEnv } from "../test/stripe-mode";
import { createStripeClient } from "./payments/stripe";
import type { BookingDto } from "./bookings";
import { romeLongDateTime } from "./email/format";
import { gateSummary } from "./gate";
import { offlinePasses } from "./gate-offline";
import { requirePaymentProvider } from "./payments/create-provider";
import { retryIncompleteRefunds } from "./refunds";
import { renderOutboxRow } from "./email/render";
import type { IntentDto } from "./payments/checkout";

// Issue #28: where after-sale features met, the rules leaked. Each test names the finding it closes
// and failed on the code before the lifecycle module.

const customer = (eventId: number, rateId: number, n = 0) =>
  customerFor(eventId, rateId, { customerEmail: `anna.${eventId}.${n}@example.it`, licensePlate: `FA${100 + n}GH` });

const row = async (id: string) => (await testDb().select().from(bookings).where(eq(bookings.id, id)).get())!;
const refundRows = (bookingId: string) => testDb().select().from(refunds).where(eq(refunds.bookingId, bookingId));

async function demoHoldWithIntent(eventId: number, rateId: number, n = 0) {
  const booking = await (await api("/api/bookings", { method: "POST", json: customer(eventId, rateId, n) })).json<BookingDto>();
  const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
  return { booking, intent };
}

const demoCard = (paymentIntentId: string) => api("/api/demo/confirm", { method: "POST", json: { paymentIntentId, cardNumber: "4242424242424242" } });

async function paidDemoBooking(eventId: number, rateId: number, n = 0) {
  const { booking, intent } = await demoHoldWithIntent(eventId, rateId, n);
  expect((await demoCard(intent.paymentIntentId)).status).toBe(200);
  expect((await row(booking.id)).status).toBe("paid");
  return booking;
}

async function cancelEvent(eventId: number) {
  const id = `seams-${eventId}-${crypto.randomUUID().slice(0, 8)}`;
  await using instance = await introspectWorkflowInstance(env.CANCEL_EVENT, id);
  await instance.modify(async (m) => m.disableRetryDelays());
  await env.CANCEL_EVENT.create({ id, params: { eventId } });
  await instance.waitForStatus("complete");
}

describe("finding 1: money paid after Annulla evento never keeps a spot", () => {
  it("a hold whose card is confirmed after the cancellation cannot pay: its intent was cancelled first", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 3 });
    const { booking, intent } = await demoHoldWithIntent(eventId, rateId!);
    await cancelEvent(eventId);
    const late = await demoCard(intent.paymentIntentId);
    expect(late.status).toBe(409); // the open intent was cancelled by "Annulla evento"
    const confirm = await api("/api/confirm-payment", { method: "POST", json: { paymentIntentId: intent.paymentIntentId } });
    expect(confirm.status).not.toBe(200);
    expect((await row(booking.id)).status).not.toBe("paid");
  });

  it("an intent that had already succeeded when the event was cancelled is refunded by the cancellation itself", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 3 });
    const { booking, intent } = await demoHoldWithIntent(eventId, rateId!);
    // Succeeded at the provider (the demo card form), settlement not yet run: the webhook is late.
    const { demoPaymentIntents } = await import("../../db/schema");
    await testDb().update(demoPaymentIntents).set({ status: "succeeded" }).where(eq(demoPaymentIntents.id, intent.paymentIntentId)).run();
    await cancelEvent(eventId);
    const after = await row(booking.id);
    expect(after.status).toBe("refunded");
    expect(after.paidAt).toBeNull();
    const back = await testDb().select().from(demoRefunds).where(eq(demoRefunds.paymentIntentId, intent.paymentIntentId));
    expect(back.reduce((sum, r) => sum + r.amountCents, 0)).toBe(after.amountCents);
    // The late confirmation changes nothing.
    await api("/api/confirm-payment", { method: "POST", json: { paymentIntentId: intent.paymentIntentId } });
    expect((await row(booking.id)).status).toBe("refunded");
    const free = await testDb().select({ cancelledAt: events.cancelledAt }).from(events).where(eq(events.id, eventId)).get();
    expect(free!.cancelledAt).not.toBeNull();
  });
});

describe("findings 2 and 3: a refund is what the provider did, reconciled by its refund id", () => {
  async function paidStripeBooking(priceCents: number) {
    const { eventId, rateId } = await seedEvent({ rates: [{ priceCents }] });
    const created = await stripeApi("/api/bookings", { method: "POST", json: customer(eventId, rateId!) });
    const booking = await created.json<BookingDto>();
    const intent = await (await stripeApi("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
    await confirmCard(intent.paymentIntentId);
    expect((await stripeApi("/api/confirm-payment", { method: "POST", json: { paymentIntentId: intent.paymentIntentId } })).status).toBe(200);
    return { booking, paymentIntentId: intent.paymentIntentId };
  }
  const adminRefund = async (bookingId: string, amount?: string) =>
    stripeApi(`/api/admin/bookings/${bookingId}/refunds`, { method: "POST", json: amount ? { amount } : {}, headers: { Cookie: await adminCookie() } });
  // Made at the provider by someone else (the Stripe Dashboard): no webhook reaches us yet.
  const dashboardRefund = async (paymentIntentId: string, amount: number) => (await createStripeClient(stripeEnv())).refunds.create({ payment_intent: paymentIntentId, amount });

  it("a Dashboard refund whose webhooks are late counts before the owner's refund: 6 € back, the owner may refund 4 € more, never 10", async () => {
    const { booking, paymentIntentId } = await paidStripeBooking(1000);
    await dashboardRefund(paymentIntentId, 600);
    const tooMuch = await adminRefund(booking.id, "10.00");
    expect(tooMuch.status).toBe(409);
    expect((await tooMuch.json<{ error: { message: string } }>()).error.message).toBe("Importo troppo alto: rimborsabili al massimo € 4,00");
    expect((await refundRows(booking.id)).map((r) => [r.source, r.amountCents, r.status])).toEqual([["provider", 600, "succeeded"]]);
    expect((await row(booking.id)).status).toBe("paid");
    const rest = await adminRefund(booking.id);
    expect(rest.status).toBe(201);
    expect((await row(booking.id)).status).toBe("refunded");
    const rows = await refundRows(booking.id);
    expect(rows.filter((r) => r.status === "succeeded").reduce((sum, r) => sum + r.amountCents, 0)).toBe(1000);
  });

  it("a refund the provider refuses is stored as failed with its reason, never answered as done; Riprova refunds what is left", async () => {
    const { booking, paymentIntentId } = await paidStripeBooking(1000);
    await dashboardRefund(paymentIntentId, 600);
    // The provider cannot be read before the refund (its list answers 500), so the refusal comes from the refund itself.
    await standIn("/_test/fail", { json: { path: "/v1/refunds", times: 1 } });
    const refused = await adminRefund(booking.id, "10.00");
    expect(refused.status).toBe(409);
    const body = await refused.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe("refund_failed");
    const [failed] = (await refundRows(booking.id)).filter((r) => r.source === "admin");
    expect(failed).toMatchObject({ status: "failed", amountCents: 1000 });
    expect(failed.failureReason).toMatch(/greater than unrefunded/);
    // Not counted as money back anywhere: no refund e-mail for it.
    expect(await testDb().select().from(emailOutbox).where(and(eq(emailOutbox.bookingId, booking.id), eq(emailOutbox.dedupeKey, `refund:${failed.id}`)))).toHaveLength(0);

    const retried = await stripeApi(`/api/admin/refunds/${failed.id}/retry`, { method: "POST", json: {}, headers: { Cookie: await adminCookie() } });
    expect(retried.status).toBe(200);
    const rows = await refundRows(booking.id);
    expect(rows.map((r) => [r.source, r.amountCents, r.status]).sort()).toEqual([
      ["admin", 400, "succeeded"],
      ["provider", 600, "succeeded"],
    ]);
    expect((await row(booking.id)).status).toBe("refunded");
  });

  it("a refund the provider could not be asked about stays pending (202), and the cron completes it once", async () => {
    const { booking, paymentIntentId } = await paidStripeBooking(1000);
    // The list before the refund and the refund itself both hit an outage.
    await standIn("/_test/fail", { json: { path: "/v1/refunds", times: 2 } });
    const answer = await adminRefund(booking.id);
    expect(answer.status).toBe(202);
    const [pending] = await refundRows(booking.id);
    expect(pending).toMatchObject({ status: "pending", completedAt: null });
    const provider = requirePaymentProvider(stripeEnv(), testDb());
    expect(await retryIncompleteRefunds(testDb(), provider, Date.now())).toEqual({ completed: 1, pending: 0 });
    expect(await retryIncompleteRefunds(testDb(), provider, Date.now())).toEqual({ completed: 0, pending: 0 });
    expect((await refundRows(booking.id)).map((r) => [r.amountCents, r.status])).toEqual([[1000, "succeeded"]]);
    const atStripe = await (await createStripeClient(stripeEnv())).refunds.list({ payment_intent: paymentIntentId });
    expect(atStripe.data.map((r) => r.amount)).toEqual([1000]);
    expect(await testDb().select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `refund:${pending.id}`))).toHaveLength(1);
  });

  it("the demo provider refuses more than was paid, like Stripe", async () => {
    const { eventId, rateId } = await seedEvent({ rates: [{ priceCents: 1000 }] });
    const booking = await paidDemoBooking(eventId, rateId!);
    const cookie = await adminCookie();
    const part = await api(`/api/admin/bookings/${booking.id}/refunds`, { method: "POST", json: { amount: "3.00" }, headers: { Cookie: cookie } });
    expect(part.status).toBe(201);
    const tooMuch = await api(`/api/admin/bookings/${booking.id}/refunds`, { method: "POST", json: { amount: "8.00" }, headers: { Cookie: cookie } });
    expect(tooMuch.status).toBe(409);
    const rest = await api(`/api/admin/bookings/${booking.id}/refunds`, { method: "POST", json: {}, headers: { Cookie: cookie } });
    expect(rest.status).toBe(201);
    const back = await testDb().select().from(demoRefunds).where(eq(demoRefunds.paymentIntentId, (await row(booking.id)).paymentIntentId!));
    expect(back.reduce((sum, r) => sum + r.amountCents, 0)).toBe(1000);
  });
});

describe("finding 4: Reinvia never sends a valid-looking pass for a void booking", () => {
  it("refuses the confirmation of a fully refunded booking, and writes no message", async () => {
    const { eventId, rateId } = await seedEvent();
    const booking = await paidDemoBooking(eventId, rateId!);
    const cookie = await adminCookie();
    expect((await api(`/api/admin/bookings/${booking.id}/refunds`, { method: "POST", json: {}, headers: { Cookie: cookie } })).status).toBe(201);
    const before = await testDb().select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id));
    const resend = await api(`/api/admin/emails/bookings/${booking.id}/resend`, { method: "POST", json: {}, headers: { Cookie: cookie } });
    expect(resend.status).toBe(409);
    expect((await resend.json<{ error: { message: string } }>()).error.message).toBe("La prenotazione non è più valida: la conferma con il pass non può essere reinviata");
    const confirmation = before.find((m) => m.kind === "confirmation")!;
    const again = await api(`/api/admin/emails/${confirmation.id}/resend`, { method: "POST", json: {}, headers: { Cookie: cookie } });
    expect(again.status).toBe(409);
    expect(await testDb().select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id))).toHaveLength(before.length);
  });
});

describe("finding 6 (server): a pass of a cancelled event is void", () => {
  it("the pass page answers void once the event is cancelled", async () => {
    const { eventId, rateId } = await seedEvent();
    const booking = await paidDemoBooking(eventId, rateId!);
    const secret = (await row(booking.id)).passSecret!;
    expect((await (await api(`/api/passes/${secret}`)).json<{ status: string }>()).status).toBe("valid");
    await testDb().update(events).set({ cancelledAt: Date.now(), isActive: false }).where(eq(events.id, eventId)).run();
    expect((await (await api(`/api/passes/${secret}`)).json<{ status: string }>()).status).toBe("void");
    // Nor does a gate phone keep it among the passes it checks offline.
    expect(await offlinePasses(testDb(), eventId)).toEqual([]);
    expect((await gateSummary(testDb(), eventId)).expected).toBe(0);
  });
});

describe("finding 7: a postponed event's e-mail, pass page and calendar agree", () => {
  it("a bad new date or cancel window is a 400 in the request's language, and the event keeps its date", async () => {
    const start = Date.now() + 10 * 86_400_000;
    const { eventId } = await seedEvent({ datetime: start });
    const cookie = await adminCookie();
    const postpone = (json: unknown, lang: string) =>
      api(`/api/admin/events/${eventId}/postpone`, { method: "POST", json, headers: { Cookie: cookie, "Accept-Language": lang } }).then(async (r) => [
        r.status,
        (await r.json<{ error: { message: string } }>()).error.message,
      ]);
    expect(await postpone({ datetime: "domani", cancelWindowDays: 3 }, "it")).toEqual([400, "Data/ora non valida"]);
    expect(await postpone({ datetime: new Date(start + 86_400_000).toISOString(), cancelWindowDays: 61 }, "en")).toEqual([400, "Invalid days to cancel: 0 to 60"]);
    expect((await testDb().select().from(events).where(eq(events.id, eventId)).get())!.datetime).toBe(start);
  });

  it("the e-mail's cancellation deadline is the pass page's, and it carries an updated .ics at the new time", async () => {
    const start = Date.now() + 10 * 86_400_000;
    const { eventId, rateId } = await seedEvent({ datetime: start, durationMinutes: 90 });
    const booking = await paidDemoBooking(eventId, rateId!);
    const newStart = start + 18 * 86_400_000;
    const cookie = await adminCookie();
    const postponed = await api(`/api/admin/events/${eventId}/postpone`, {
      method: "POST",
      json: { datetime: new Date(newStart).toISOString(), cancelWindowDays: 3 },
      headers: { Cookie: cookie },
    });
    expect(postponed.status).toBe(200);
    const secret = (await row(booking.id)).passSecret!;
    const pass = await (await api(`/api/passes/${secret}/cancellation`)).json<{ deadline: string }>();
    const event = (await testDb().select().from(events).where(eq(events.id, eventId)).get())!;
    expect(Date.parse(pass.deadline)).toBe(cancelDeadline(event));

    const mail = (await testDb().select().from(emailOutbox).where(and(eq(emailOutbox.bookingId, booking.id), eq(emailOutbox.kind, "event_postponed"))).get())!;
    const rendered = (await renderOutboxRow(testDb(), env, mail))!;
    expect(rendered.text).toContain(romeLongDateTime(Date.parse(pass.deadline)));
    const ics = rendered.attachments!.find((a) => a.filename.endsWith(".ics"))!;
    const text = typeof ics.content === "string" ? ics.content : new TextDecoder().decode(ics.content as Uint8Array);
    const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    expect(text).toContain(`DTSTART:${stamp(event.datetime!)}`);
    // finding 9: "90 minuti" is ninety minutes, not ninety hours.
    expect(text).toContain(`DTEND:${stamp(event.datetime! + 90 * 60_000)}`);
  });
});

describe("finding 8: a cancelled event is read-only in the admin, its rates stay readable", () => {
  it("refuses the toggle and Rinvia, and answers its rates", async () => {
    const { eventId } = await seedEvent();
    await cancelEvent(eventId);
    const cookie = await adminCookie();
    const toggle = await api(`/api/events/${eventId}`, { method: "PUT", json: { event: { isActive: true } }, headers: { Cookie: cookie } });
    expect(toggle.status).toBe(409);
    expect((await testDb().select().from(events).where(eq(events.id, eventId)).get())!.isActive).toBe(false);
    const postpone = await api(`/api/admin/events/${eventId}/postpone`, {
      method: "POST",
      json: { datetime: new Date(Date.now() + 30 * 86_400_000).toISOString(), cancelWindowDays: 3 },
      headers: { Cookie: cookie },
    });
    expect(postpone.status).toBe(409);
    expect((await api(`/api/events/${eventId}/rates`)).status).toBe(200);
  });
});
