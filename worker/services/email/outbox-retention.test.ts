import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, waitlistEntries, type EmailKind, type EmailStatus } from "../../../db/schema";
import { seedBooking, seedEvent, testDb } from "../../test/helpers";
import { anonymisePersonalData } from "../retention";
import { compactSentEmails } from "./outbox-retention";

const DAY = 86_400_000;
const now = Date.parse("2037-03-01T10:00:00Z");
const retention = { plateDays: 30, personalDataDays: 180 };

/** A row as the queue consumer leaves it once sent: its facts, the recipient, subject and provider id. */
async function row(bookingId: string | null, kind: EmailKind, fields: { status?: EmailStatus; noticeId?: string; data?: Record<string, unknown> } = {}) {
  return (await testDb()
    .insert(emailOutbox)
    .values({
      bookingId,
      kind,
      dedupeKey: `${kind}:${crypto.randomUUID()}`,
      data: fields.data ?? null,
      status: fields.status ?? "sent",
      attempts: 1,
      toAddress: "mario@example.it",
      subject: "Il tuo parcheggio per Napoli – Inter",
      providerMessageId: `msg-${crypto.randomUUID()}`,
      noticeId: fields.noticeId ?? null,
      sentAt: fields.status === "queued" ? null : now - 200 * DAY,
      createdAt: now - 200 * DAY,
    })
    .returning()
    .get())!;
}

const read = (ids: number[]) => testDb().select().from(emailOutbox).where(inArray(emailOutbox.id, ids));

describe("the outbox's retention (fixed clock)", () => {
  it("deletes the sent and failed e-mails of bookings whose personal data is erased, compacts a notice's, keeps the rest", async () => {
    const old = await seedEvent({ datetime: now - 181 * DAY });
    const recent = await seedEvent({ datetime: now - 30 * DAY });
    const erased = await seedBooking({ eventId: old.eventId, status: "paid", createdAt: now - 220 * DAY });
    const kept = await seedBooking({ eventId: recent.eventId, status: "paid", createdAt: now - 60 * DAY });
    const confirmation = await row(erased.id, "confirmation");
    const reminder = await row(erased.id, "reminder");
    const failed = await row(erased.id, "refund", { status: "failed" });
    const queued = await row(erased.id, "event_postponed", { status: "queued" });
    const notice = await row(erased.id, "notice", { noticeId: crypto.randomUUID() });
    const recentConfirmation = await row(kept.id, "confirmation");
    const entry = (await testDb()
      .insert(waitlistEntries)
      .values({ token: crypto.randomUUID(), eventId: old.eventId, rateId: old.rates[0].id, email: "anna@example.it", licensePlate: "AB123CD", createdAt: now - 220 * DAY })
      .returning()
      .get())!;
    const joined = await row(null, "waitlist_joined", { data: { entryId: entry.id } });

    // Nothing is erased yet: nothing goes.
    const before = await compactSentEmails(testDb());
    expect((await read([confirmation.id, reminder.id, failed.id, notice.id, joined.id])).length).toBe(5);
    expect(before.compacted).toBe(0);

    await anonymisePersonalData(testDb(), now, retention);
    const first = await compactSentEmails(testDb());
    expect(first.deleted).toBeGreaterThanOrEqual(4);
    expect(first.compacted).toBeGreaterThanOrEqual(1);
    const left = await read([confirmation.id, reminder.id, failed.id, queued.id, notice.id, recentConfirmation.id, joined.id]);
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([queued.id, notice.id, recentConfirmation.id].sort((a, b) => a - b));
    // A queued message is never touched; a recent booking's keeps everything.
    expect(left.find((r) => r.id === queued.id)).toMatchObject({ status: "queued", toAddress: "mario@example.it" });
    expect(left.find((r) => r.id === recentConfirmation.id)).toMatchObject({ toAddress: "mario@example.it", subject: expect.any(String) });
    // The notice's row keeps what its counts read (notice, status) and nothing personal.
    expect(left.find((r) => r.id === notice.id)).toMatchObject({ status: "sent", noticeId: notice.noticeId, bookingId: erased.id, toAddress: null, subject: null, providerMessageId: null, data: null, dedupeKey: `n${notice.id}` });

    // A second run changes nothing.
    const again = await compactSentEmails(testDb());
    expect((await read([notice.id, recentConfirmation.id, queued.id])).length).toBe(3);
    expect(again.compacted).toBe(0);
  });

  it("a sent row's stored bytes: a compacted notice row is smaller than the row it was", async () => {
    const old = await seedEvent({ datetime: now - 181 * DAY });
    const booking = await seedBooking({ eventId: old.eventId, status: "paid", createdAt: now - 220 * DAY });
    const noticeId = crypto.randomUUID();
    const notice = await row(booking.id, "notice", { noticeId });
    // A notice's real key: "notice:<notice id>:<booking id>" (notices.ts noticeKey), 80 bytes.
    await testDb().update(emailOutbox).set({ dedupeKey: `notice:${noticeId}:${booking.id}` }).where(eq(emailOutbox.id, notice.id));
    const bytes = sql<number>`coalesce(length(cast(${emailOutbox.bookingId} as blob)), 0) + length(cast(${emailOutbox.kind} as blob)) + length(cast(${emailOutbox.dedupeKey} as blob))
      + coalesce(length(cast(${emailOutbox.data} as blob)), 0) + length(cast(${emailOutbox.status} as blob)) + coalesce(length(cast(${emailOutbox.lastError} as blob)), 0)
      + coalesce(length(cast(${emailOutbox.providerMessageId} as blob)), 0) + coalesce(length(cast(${emailOutbox.toAddress} as blob)), 0)
      + coalesce(length(cast(${emailOutbox.subject} as blob)), 0) + coalesce(length(cast(${emailOutbox.noticeId} as blob)), 0) + 7 * 8`;
    const size = async () => (await testDb().select({ n: bytes }).from(emailOutbox).where(eq(emailOutbox.id, notice.id)).get())!.n;
    const sent = await size();
    await anonymisePersonalData(testDb(), now, retention);
    await compactSentEmails(testDb());
    const compacted = await size();
    expect(compacted).toBeLessThan(sent - 150);
  });
});
