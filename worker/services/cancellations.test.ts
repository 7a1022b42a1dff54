import { italianText } from "../i18n/it";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, bookings, emailOutbox, refunds } from "../../db/schema";
import { env } from "cloudflare:workers";
import { adminCookie } from "../test/admin";
import { renderOutboxRow } from "./email/render";
import { api, seedEvent, testDb } from "../test/helpers";
import type { BookingDto } from "./bookings";
import { cancelByCustomer, cancellableSql, changePlate, getCancellation } from "./cancellations";
import { refundBooking } from "./refunds";
import { createDemoProvider } from "./payments/demo";
import type { IntentDto } from "./payments/checkout";

const HOUR = 3_600_000;

/** A booking paid with the demo card through the API; returns its pass secret. */
async function paidPass(seed: Parameters<typeof seedEvent>[0] = {}) {
  const { eventId, rateId } = await seedEvent({ rates: [{ priceCents: 1800 }], ...seed });
  const booking = await (
    await api("/api/bookings", {
      method: "POST",
      json: { eventId, rateId, customerName: "Sara Conte", customerEmail: `sara.${eventId}@example.it`, licensePlate: "CA 123 NC", carModel: "Panda" },
    })
  ).json<BookingDto>();
  const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
  await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
  const row = (await testDb().select().from(bookings).where(eq(bookings.id, booking.id)).get())!;
  expect(row.status).toBe("paid");
  return { eventId, bookingId: booking.id, secret: row.passSecret! };
}

const statusOf = async (id: string) => (await testDb().select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)).get())!.s;

describe("customer cancellation: the deadline, with the clock injected", () => {
  it("default 24 h before the start: at deadline − 1 s it refunds in full; at deadline + 1 s it is refused and nothing changes", async () => {
    const start = Date.now() + 3 * 24 * HOUR;
    const deadline = start - 24 * HOUR;
    const db = testDb();
    const provider = createDemoProvider(db);

    const late = await paidPass({ datetime: start });
    const lateAnswer = await cancelByCustomer(db, provider, late.secret, deadline + 1000);
    // Fails if the rule compares with <= or forgets the default 24 hours.
    expect(lateAnswer).toMatchObject({ ok: false, status: 409 });
    expect(!lateAnswer.ok && italianText(lateAnswer.error.error.message)).toMatch(/24 ore prima/);
    expect(await statusOf(late.bookingId)).toBe("paid");
    expect(await testDb().select().from(refunds).where(eq(refunds.bookingId, late.bookingId))).toHaveLength(0);
    expect((await getCancellation(db, late.secret, deadline + 1000)).ok && (await getCancellation(db, late.secret, deadline + 1000))).toMatchObject({ value: { allowed: false } });

    const inTime = await paidPass({ datetime: start });
    expect((await getCancellation(db, inTime.secret, deadline - 1000)) as unknown).toMatchObject({ ok: true, value: { allowed: true, deadline: new Date(deadline).toISOString() } });
    const answer = await cancelByCustomer(db, provider, inTime.secret, deadline - 1000);
    expect(answer).toMatchObject({ ok: true, value: { full: true, refunded: "18.00" } });
    expect(await statusOf(inTime.bookingId)).toBe("refunded");
    const mails = await testDb().select().from(emailOutbox).where(and(eq(emailOutbox.bookingId, inTime.bookingId), eq(emailOutbox.kind, "refund")));
    expect(mails).toHaveLength(1);
  });

  it("the deadline is enforced inside the refund's INSERT itself, not only by the check before it", async () => {
    const start = Date.now() + 3 * 24 * HOUR;
    const { bookingId } = await paidPass({ datetime: start });
    const db = testDb();
    // The statement the cancel runs, with a clock 1 s past the deadline and no check before it.
    const answer = await refundBooking(
      db,
      createDemoProvider(db),
      { bookingId, amountCents: null, reason: "Annullata dal cliente", source: "customer", guard: cancellableSql(start - 24 * HOUR + 1000) },
      Date.now(),
    );
    // Fails if cancellableSql is dropped from the guarded INSERT.
    expect(answer).toMatchObject({ ok: false, status: 409 });
    expect(await statusOf(bookingId)).toBe("paid");
  });

  it("an always-active event has no deadline, until the pass is used at the gate", async () => {
    const db = testDb();
    const a = await paidPass({ isAlwaysActive: true, datetime: null });
    expect(await cancelByCustomer(db, createDemoProvider(db), a.secret, Date.now())).toMatchObject({ ok: true });
    const b = await paidPass({ isAlwaysActive: true, datetime: null });
    await db.update(bookings).set({ gateState: "inside", checkedInAt: Date.now() }).where(eq(bookings.id, b.bookingId)).run();
    expect(await cancelByCustomer(db, createDemoProvider(db), b.secret, Date.now())).toMatchObject({ ok: false, status: 409 });
  });

  it("POST /api/passes/:secret/cancel refunds, voids the pass and answers 409 the second time", async () => {
    const { bookingId, secret } = await paidPass();
    const res = await api(`/api/passes/${secret}/cancel`, { method: "POST", json: {} });
    expect(res.status).toBe(200);
    expect(await statusOf(bookingId)).toBe("refunded");
    expect((await (await api(`/api/passes/${secret}`)).json<{ status: string }>()).status).toBe("void");
    expect((await api(`/api/passes/${secret}/cancel`, { method: "POST", json: {} })).status).toBe(409);
  });

  it("says why the button is gone, and refuses a second cancel, in the page's language", async () => {
    // Starts in 2 hours: past the default 24-hour deadline.
    const { secret } = await paidPass({ datetime: Date.now() + 2 * HOUR });
    const italian = await (await api(`/api/passes/${secret}/cancellation`)).json<{ allowed: boolean; reason: string }>();
    expect(italian).toMatchObject({ allowed: false, reason: "L'annullamento era possibile fino a 24 ore prima dell'inizio dell'evento: il termine è scaduto." });
    const english = await (await api(`/api/passes/${secret}/cancellation`, { headers: { "Accept-Language": "en" } })).json<{ reason: string }>();
    // Fails if the reason skips the English catalogue (the page would show Italian to an English visitor).
    expect(english.reason).toBe("Cancelling was possible until 24 hours before the event started: that time has passed.");
    const refused = await api(`/api/passes/${secret}/cancel?lang=en`, { method: "POST", json: {} });
    expect(refused.status).toBe(409);
    expect((await refused.json<{ error: { message: string } }>()).error.message).toBe(english.reason);
  });
});

describe("Rinvia evento", () => {
  it("moves the date, e-mails every paid customer once, and opens a cancel window past the usual deadline", async () => {
    const start = Date.now() + 10 * HOUR; // the usual 24-hour deadline has passed
    const { eventId, bookingId, secret } = await paidPass({ datetime: start });
    const db = testDb();
    expect(await getCancellation(db, secret, Date.now())).toMatchObject({ ok: true, value: { allowed: false } });

    const newStart = Date.now() + 12 * HOUR;
    const cookie = await adminCookie();
    const res = await api(`/api/admin/events/${eventId}/postpone`, { method: "POST", json: { datetime: new Date(newStart).toISOString(), cancelWindowDays: 7 }, headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    // The window ends at the new start at the latest.
    expect(await res.json()).toMatchObject({ eventId, emails: 1, cancelUntil: new Date(newStart).toISOString() });
    const mails = await db.select().from(emailOutbox).where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, "event_postponed")));
    expect(mails).toHaveLength(1);
    const email = (await renderOutboxRow(db, env, mails[0]))!;
    expect(email.subject).toMatch(/^Evento rinviato: /);
    expect(email.text).toContain("puoi annullare dal tuo pass e ricevere il rimborso completo fino a");
    expect(await getCancellation(db, secret, Date.now())).toMatchObject({ ok: true, value: { allowed: true } });
    expect(await cancelByCustomer(db, createDemoProvider(db), secret, Date.now())).toMatchObject({ ok: true, value: { full: true } });
    // Past the window (and the usual deadline): refused again.
    const other = await paidPass({ datetime: start });
    await api(`/api/admin/events/${other.eventId}/postpone`, { method: "POST", json: { datetime: new Date(newStart).toISOString(), cancelWindowDays: 0 }, headers: { Cookie: cookie } });
    expect(await cancelByCustomer(db, createDemoProvider(db), other.secret, Date.now() + 1000)).toMatchObject({ ok: false, status: 409 });
  });
});

describe("changing the plate", () => {
  it("is allowed until the event starts and audited with both plates; refused after the start", async () => {
    const start = Date.now() + 2 * HOUR;
    const { bookingId, secret } = await paidPass({ datetime: start });
    const res = await api(`/api/passes/${secret}/plate`, { method: "PUT", json: { licensePlate: "zz 999 zz" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ licensePlate: "ZZ999ZZ" });
    const audit = await testDb().select().from(auditLog).where(eq(auditLog.entityId, bookingId)).orderBy(desc(auditLog.id)).get();
    expect(audit).toMatchObject({ action: "booking.plate_change", entity: "booking", details: { from: "CA123NC", to: "ZZ999ZZ", by: "customer" } });

    const after = await changePlate(testDb(), secret, "AA111AA", start + 1000);
    expect(after).toMatchObject({ ok: false, status: 409 });
    expect((await testDb().select().from(bookings).where(eq(bookings.id, bookingId)).get())!.licensePlate).toBe("ZZ999ZZ");
    expect((await api(`/api/passes/${secret}/plate`, { method: "PUT", json: { licensePlate: "!" } })).status).toBe(400);
  });
});
