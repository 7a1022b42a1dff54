import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { bookings, emailOutbox, events, refunds } from "../../db/schema";
import worker from "../index";
import { adminApi, staffCookie } from "../test/admin";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";
import { renderOutboxRow } from "./email/render";
import { reminderAt, sendReminders } from "./reminders";
import { REMINDER_DEFAULTS, saveReminderSettings } from "./settings";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const utc = (iso: string) => Date.parse(iso);

const remindersOf = (bookingIds: string[]) =>
  testDb()
    .select({ bookingId: emailOutbox.bookingId, dedupeKey: emailOutbox.dedupeKey, createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.bookingId, bookingIds), eq(emailOutbox.kind, "reminder")));

async function scheduled(time: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: time, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

afterEach(async () => {
  await saveReminderSettings(testDb(), REMINDER_DEFAULTS);
});

describe("the reminder's time: the day before at 10:00 Rome time, whatever the clock change", () => {
  it.each([
    // Event on the last Sunday of March (clocks go forward at 02:00): the day before is still winter time.
    ["2026-03-29T18:45:00Z", "2026-03-28T09:00:00Z"],
    // Event on the Monday after: the day before is the change day itself, already summer time.
    ["2026-03-30T18:45:00Z", "2026-03-29T08:00:00Z"],
    // Last Sunday of October (clocks go back at 03:00): the day before is still summer time.
    ["2026-10-25T14:00:00Z", "2026-10-24T08:00:00Z"],
    ["2026-10-26T19:45:00Z", "2026-10-25T09:00:00Z"],
    // An event just after midnight Rome time belongs to the Rome day, not the UTC one.
    ["2026-07-11T22:30:00Z", "2026-07-11T08:00:00Z"],
  ])("an event at %s, reminders at 10:00 → %s", (start, expected) => {
    // Fails with a fixed UTC offset (one hour off on one side of each change) or a UTC calendar day.
    expect(new Date(reminderAt(utc(start), "10:00")).toISOString()).toBe(new Date(utc(expected)).toISOString());
  });

  it("a send time the change skips (02:30 on the last Sunday of March) moves to 03:30 summer time", () => {
    expect(new Date(reminderAt(utc("2026-03-30T18:45:00Z"), "02:30")).toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });
});

describe("the cron sends each live booking one reminder", () => {
  it("two concurrent runs, a repeat and a later run write one reminder per booking; holds, refunded, late bookings get none", async () => {
    // Sunday 29 March 2026 at 20:45 Rome (summer time): reminder Saturday 28 March 10:00 (winter time) = 09:00Z.
    const start = utc("2026-03-29T18:45:00Z");
    const at = utc("2026-03-28T09:00:00Z");
    const { eventId, rateId } = await seedEvent({ datetime: start });
    const early = start - 3 * DAY;
    const live = await seedBooking({ eventId, rateId, status: "paid", createdAt: early });
    const partlyRefunded = await seedBooking({ eventId, rateId, status: "paid", createdAt: early });
    await testDb().insert(refunds).values({ id: crypto.randomUUID(), bookingId: partlyRefunded.id, amountCents: 500, source: "admin", status: "succeeded" });
    const refunded = await seedBooking({ eventId, rateId, status: "refunded", createdAt: early });
    const hold = await seedBooking({ eventId, rateId, status: "pending", createdAt: early, holdExpiresAt: start });
    const cancelled = await seedBooking({ eventId, rateId, status: "cancelled", createdAt: early });
    // Less than a day before the start: its confirmation is enough.
    const lastMinute = await seedBooking({ eventId, rateId, status: "paid", createdAt: start - 20 * HOUR });
    // More than a day before, but after the reminder went out: the confirmation has just said it all.
    const afterReminder = await seedBooking({ eventId, rateId, status: "paid", createdAt: at + HOUR });
    const all = [live, partlyRefunded, refunded, hold, cancelled, lastMinute, afterReminder].map((b) => b.id);

    // Fails if the job reads the wall clock instead of the scheduled time, or sends early.
    await scheduled(at - 60_000);
    expect(await remindersOf(all)).toHaveLength(0);

    await Promise.all([sendReminders(testDb(), at), sendReminders(testDb(), at), scheduled(at)]);
    await scheduled(at + 60_000);
    await sendReminders(testDb(), at + 5 * HOUR);
    const rows = await remindersOf(all);
    // Fails if the dedupe key stops being per booking (a second row per run) or the audience is not the lifecycle's live bookings.
    expect(rows.map((r) => r.bookingId).sort()).toEqual([live.id, partlyRefunded.id].sort());
    expect(rows.every((r) => r.dedupeKey === `reminder:${r.bookingId}` && r.createdAt === at)).toBe(true);

    // Once the event has started, nothing more is sent (a booking paid late, made early, included).
    const lateMoney = await seedBooking({ eventId, rateId, status: "paid", createdAt: early });
    await sendReminders(testDb(), start + 60_000);
    expect(await remindersOf([lateMoney.id])).toHaveLength(0);
  });

  it("no reminder for a cancelled event, and none when the owner switched reminders off", async () => {
    const start = utc("2026-10-26T19:45:00Z");
    const at = utc("2026-10-25T09:00:00Z");
    const cancelledEvent = await seedEvent({ datetime: start, cancelledAt: at - DAY });
    const onCancelled = await seedBooking({ eventId: cancelledEvent.eventId, rateId: cancelledEvent.rateId, status: "paid", createdAt: start - 5 * DAY });
    const { eventId, rateId } = await seedEvent({ datetime: start });
    const booking = await seedBooking({ eventId, rateId, status: "paid", createdAt: start - 5 * DAY });

    await saveReminderSettings(testDb(), { ...REMINDER_DEFAULTS, isEnabled: false });
    await scheduled(at);
    expect(await remindersOf([booking.id, onCancelled.id])).toHaveLength(0);

    await saveReminderSettings(testDb(), REMINDER_DEFAULTS);
    // 08:00Z would be 10:00 in summer time; on 25 October it is 09:00 Rome.
    await sendReminders(testDb(), utc("2026-10-25T08:00:00Z"));
    expect(await remindersOf([booking.id])).toHaveLength(0);
    await scheduled(at);
    expect((await remindersOf([booking.id, onCancelled.id])).map((r) => r.bookingId)).toEqual([booking.id]);
  });

  it("follows the owner's time", async () => {
    const start = utc("2026-06-20T19:00:00Z");
    const { eventId, rateId } = await seedEvent({ datetime: start });
    const booking = await seedBooking({ eventId, rateId, status: "paid", createdAt: start - 5 * DAY });
    await saveReminderSettings(testDb(), { ...REMINDER_DEFAULTS, sendAt: "18:30" });
    // 18:30 Rome in June is 16:30Z on the 19th.
    await sendReminders(testDb(), utc("2026-06-19T16:29:00Z"));
    expect(await remindersOf([booking.id])).toHaveLength(0);
    await sendReminders(testDb(), utc("2026-06-19T16:30:00Z"));
    expect(await remindersOf([booking.id])).toHaveLength(1);
  });

  it("the reminder carries the pass with its QR, the address with a map link, when the gate opens and whether it can be cancelled", async () => {
    const start = Date.now() + 30 * HOUR;
    const { eventId, rateId } = await seedEvent({ datetime: start });
    const booking = await seedBooking({ eventId, rateId, status: "paid", createdAt: start - 5 * DAY });
    await testDb().update(bookings).set({ lang: "en" }).where(eq(bookings.id, booking.id));
    const mail = (await renderOutboxRow(testDb(), env, { bookingId: booking.id, kind: "reminder", data: null }))!;
    expect(mail.subject).toMatch(/^Reminder for tomorrow: /);
    expect(mail.html).toContain(`/p/${booking.passSecret}`);
    expect(mail.html).toContain("cid:pass-qr");
    expect(mail.attachments.some((a) => a.contentId === "pass-qr")).toBe(true);
    expect(mail.html).toContain("https://www.google.com/maps/search/");
    expect(mail.text).toContain("Gate opens");
    // The deadline is 24 hours before the start, 6 hours from now.
    expect(mail.text).toContain("you can cancel from your pass");
    await testDb().update(events).set({ cancelDeadlineHours: 48 }).where(eq(events.id, eventId));
    const late = (await renderOutboxRow(testDb(), env, { bookingId: booking.id, kind: "reminder", data: null }))!;
    expect(late.text).toContain("The booking can no longer be cancelled.");
  });
});

describe("reminder settings", () => {
  it("default 10:00 and on; owner and manager change them; bad times are refused", async () => {
    expect(await (await adminApi("/api/admin/reminder-settings")).json()).toEqual({ isEnabled: true, sendAt: "10:00", gateOpensMinutesBefore: 120 });
    const saved = await adminApi("/api/admin/reminder-settings", { method: "PUT", json: { isEnabled: false, sendAt: "09:15", gateOpensMinutesBefore: 90 } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ isEnabled: false, sendAt: "09:15", gateOpensMinutesBefore: 90 });
    for (const sendAt of ["24:00", "9:15", "10:00\n", "10:60"]) {
      const res = await adminApi("/api/admin/reminder-settings", { method: "PUT", json: { isEnabled: true, sendAt, gateOpensMinutesBefore: 90 } });
      expect(res.status, sendAt).toBe(400);
    }
    const gate = await api("/api/admin/reminder-settings", { method: "PUT", json: REMINDER_DEFAULTS, headers: { Cookie: await staffCookie("gate") } });
    expect(gate.status).toBe(403);
  });
});
