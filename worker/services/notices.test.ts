import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, bookings, emailOutbox, events, notices, type BookingStatus } from "../../db/schema";
import { adminApi, adminCookie, staffCookie } from "../test/admin";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";
import { EMAIL_QUEUE_NAME, handleEmailBatch, type Mailer } from "./email/consumer";
import type { EmailJob } from "./email/outbox";
import { renderOutboxRow } from "./email/render";
import { createNotice, latestNotice, type NoticeDto } from "./notices";

const notice = { subject: "Ingresso da Via Marina", body: "L'ingresso di Via Caracciolo è chiuso dalla polizia: entrate da Via Marina." };

function send(eventId: number, json: unknown, opts: { key?: string | null; cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.key !== null) headers["Idempotency-Key"] = opts.key ?? crypto.randomUUID();
  return adminApi(`/api/admin/events/${eventId}/notices`, { method: "POST", json, headers, cookie: opts.cookie });
}

const noticeRows = (eventId: number) =>
  testDb()
    .select({ id: emailOutbox.id, bookingId: emailOutbox.bookingId, dedupeKey: emailOutbox.dedupeKey, noticeId: emailOutbox.noticeId })
    .from(emailOutbox)
    .innerJoin(bookings, eq(bookings.id, emailOutbox.bookingId))
    .where(and(eq(bookings.eventId, eventId), eq(emailOutbox.kind, "notice")));

/** An event with `live` paid bookings (one partly refunded: still live) and one of every booking that gets nothing. */
async function crowd(live: number, extra: Parameters<typeof seedEvent>[0] = {}) {
  const { eventId, rateId, rates } = await seedEvent({ rates: [{}, {}], ...extra });
  const liveIds: string[] = [];
  for (let i = 0; i < live; i++) liveIds.push((await seedBooking({ eventId, rateId, status: "paid" })).id);
  const none: BookingStatus[] = ["pending", "expired", "refunded", "cancelled", "freed"];
  for (const status of none) await seedBooking({ eventId, rateId, status, holdExpiresAt: status === "expired" ? Date.now() - 1000 : undefined });
  return { eventId, rateId, rates, liveIds };
}

describe("a notice reaches every live booking, once", () => {
  it("writes exactly N rows of kind notice for N live bookings among holds, expired, refunded, cancelled and freed ones", async () => {
    const { eventId, liveIds } = await crowd(7);
    // Fails if the audience counts a hold or a finished booking (the preview and the send must agree).
    expect(await (await adminApi(`/api/admin/events/${eventId}/notices/audience`)).json()).toEqual({ count: 7, byLang: [{ lang: "it", count: 7 }] });
    const res = await send(eventId, notice);
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json<NoticeDto>();
    expect(created).toMatchObject({ eventId, subject: notice.subject, recipients: 7, author: "titolare@test.example" });
    const rows = await noticeRows(eventId);
    expect(rows.map((r) => r.bookingId).sort()).toEqual([...liveIds].sort());
    expect(rows.every((r) => r.dedupeKey === `notice:${created.id}:${r.bookingId}` && r.noticeId === created.id)).toBe(true);
    const audit = await testDb().select().from(auditLog).where(eq(auditLog.action, "notice.create")).all();
    expect(audit.at(-1)).toMatchObject({ entity: "notice", entityId: String(eventId), staffEmail: "titolare@test.example" });
  });

  it("a retried request and a double click with one idempotency key make one notice and no extra row", async () => {
    const { eventId } = await crowd(4);
    const key = crypto.randomUUID();
    const cookie = await adminCookie();
    // Fails if the second of two racing requests writes its own notice (8 rows) or answers an error.
    const answers = await Promise.all([send(eventId, notice, { key, cookie }), send(eventId, notice, { key, cookie }), send(eventId, notice, { key, cookie })]);
    const bodies = await Promise.all(answers.map((r) => r.json<NoticeDto>()));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    // A bookings paid after the first send do not join a retry of it.
    await seedBooking({ eventId, status: "paid" });
    const retried = await send(eventId, notice, { key, cookie });
    expect(retried.status).toBe(200);
    expect((await retried.json<NoticeDto>()).id).toBe(bodies[0].id);
    expect(await noticeRows(eventId)).toHaveLength(4);
    expect(await testDb().select().from(notices).where(eq(notices.eventId, eventId)).all()).toHaveLength(1);
    // The same key for another event is a mistake, not a replay.
    const other = await crowd(1);
    expect((await send(other.eventId, notice, { key, cookie })).status).toBe(409);
    expect(await noticeRows(other.eventId)).toHaveLength(0);
  });

  it("a queue batch delivered twice (or two consumers at once) sends each message once", async () => {
    const { eventId } = await crowd(3);
    const result = await createNotice(testDb(), eventId, notice, { idempotencyKey: crypto.randomUUID() }, Date.now());
    expect(result.ok).toBe(true);
    const rows = await noticeRows(eventId);
    const batch = () =>
      createMessageBatch<EmailJob>(
        EMAIL_QUEUE_NAME,
        rows.map((r) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: { outboxId: r.id } })),
      );
    const sent: string[] = [];
    const mailer: Mailer = { send: async (m) => ({ messageId: `<${sent.push(String((m as { to: string }).to))}@test>` }) };
    const ctx = createExecutionContext();
    const b1 = batch();
    const b2 = batch();
    await Promise.all([handleEmailBatch(b1, env, testDb(), mailer), handleEmailBatch(b2, env, testDb(), mailer)]);
    await handleEmailBatch(batch(), env, testDb(), mailer);
    expect((await getQueueResult(b1, ctx)).retryMessages).toHaveLength(0);
    // Fails if the claim (queued → sending) stops guarding the send.
    expect(sent).toHaveLength(3);
    const after = await testDb().select().from(emailOutbox).where(eq(emailOutbox.noticeId, result.ok ? result.value.notice.id : "")).all();
    expect(after.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("only bookings of the chosen rates, when rates are chosen", async () => {
    const { eventId, rates } = await crowd(0);
    const [first, second] = rates;
    const a = await seedBooking({ eventId, rateId: first.id, status: "paid" });
    await seedBooking({ eventId, rateId: second.id, status: "paid" });
    await seedBooking({ eventId, rateId: second.id, status: "paid" });
    expect(await (await adminApi(`/api/admin/events/${eventId}/notices/audience?rateIds=${first.id}`)).json()).toMatchObject({ count: 1 });
    const res = await send(eventId, { ...notice, rateIds: [first.id] });
    expect(res.status).toBe(201);
    expect((await noticeRows(eventId)).map((r) => r.bookingId)).toEqual([a.id]);
    // A rate of another event is refused, writing nothing.
    const other = await seedEvent();
    expect((await send(eventId, { ...notice, rateIds: [other.rateId] })).status).toBe(400);
    expect(await noticeRows(eventId)).toHaveLength(1);
  });

  it("the audience says how many booked in each language, live bookings only, for the rates chosen", async () => {
    const { eventId, rateId, rates } = await crowd(3);
    const other = rates[1].id;
    for (const r of [rateId, other, other]) {
      const b = await seedBooking({ eventId, rateId: r, status: "paid" });
      await testDb().update(bookings).set({ lang: "en" }).where(eq(bookings.id, b.id));
    }
    // An English hold counts for nothing, like any hold.
    const hold = await seedBooking({ eventId, rateId, status: "pending" });
    await testDb().update(bookings).set({ lang: "en" }).where(eq(bookings.id, hold.id));
    expect(await (await adminApi(`/api/admin/events/${eventId}/notices/audience`)).json()).toEqual({
      count: 6,
      byLang: [
        { lang: "it", count: 3 },
        { lang: "en", count: 3 },
      ],
    });
    expect(await (await adminApi(`/api/admin/events/${eventId}/notices/audience?rateIds=${other}`)).json()).toEqual({ count: 2, byLang: [{ lang: "en", count: 2 }] });
  });

  it("each booking reads it in its language: English text for English bookings when written, Italian otherwise; HTML stays text", async () => {
    const { eventId, rateId } = await seedEvent();
    const it1 = await seedBooking({ eventId, rateId, status: "paid" });
    const en1 = await seedBooking({ eventId, rateId, status: "paid" });
    await testDb().update(bookings).set({ lang: "en" }).where(eq(bookings.id, en1.id));
    const body = "Si entra dal <b>secondo piano</b> & <script>alert(1)</script>";
    const res = await send(eventId, { ...notice, body, subjectTranslations: { en: "Enter from Via Marina" }, bodyTranslations: { en: "Via Caracciolo is closed: use <i>Via Marina</i>." } });
    expect(res.status).toBe(201);
    const rows = await testDb().select().from(emailOutbox).where(eq(emailOutbox.noticeId, (await res.json<NoticeDto>()).id)).all();
    const mail = async (bookingId: string) => (await renderOutboxRow(testDb(), env, rows.find((r) => r.bookingId === bookingId)!))!;
    const italian = await mail(it1.id);
    expect(italian.subject).toBe(notice.subject);
    expect(italian.html).toContain("Si entra dal &lt;b&gt;secondo piano&lt;/b&gt; &amp; &lt;script&gt;");
    expect(italian.html).not.toContain("<script>");
    expect(italian.html).toContain(`/p/${it1.passSecret}`);
    expect(italian.text).toContain(body);
    const english = await mail(en1.id);
    expect(english.subject).toBe("Enter from Via Marina");
    expect(english.html).toContain("use &lt;i&gt;Via Marina&lt;/i&gt;.");
    expect(english.html).toContain(`/p/${en1.passSecret}`);
    expect(english.html).toContain('lang="en"');

    // An English booking of a notice written only in Italian reads the Italian.
    const { eventId: e2, rateId: r2 } = await seedEvent();
    const en2 = await seedBooking({ eventId: e2, rateId: r2, status: "paid" });
    await testDb().update(bookings).set({ lang: "en" }).where(eq(bookings.id, en2.id));
    const only = await send(e2, notice);
    const row = (await testDb().select().from(emailOutbox).where(eq(emailOutbox.noticeId, (await only.json<NoticeDto>()).id)).get())!;
    const fallback = (await renderOutboxRow(testDb(), env, row))!;
    expect(fallback.subject).toBe(notice.subject);
    expect(fallback.text).toContain(notice.body);
  });

  it("'Riprova' puts only the failed messages back in the queue", async () => {
    const { eventId } = await crowd(2);
    const result = await createNotice(testDb(), eventId, notice, { idempotencyKey: crypto.randomUUID() }, Date.now());
    if (!result.ok) throw new Error("not created");
    const [failed, sent] = await noticeRows(eventId);
    await testDb().update(emailOutbox).set({ status: "failed", attempts: 5, lastError: "provider down" }).where(eq(emailOutbox.id, failed.id));
    await testDb().update(emailOutbox).set({ status: "sent", attempts: 1, sentAt: Date.now() }).where(eq(emailOutbox.id, sent.id));
    const list = await (await adminApi(`/api/admin/events/${eventId}/notices`)).json<NoticeDto[]>();
    expect(list[0]).toMatchObject({ id: result.value.notice.id, recipients: 2, delivered: 1, failed: 1, pending: 0 });
    const res = await adminApi(`/api/admin/notices/${result.value.notice.id}/retry`, { method: "POST", json: {} });
    expect(res.status).toBe(200);
    const retried = await res.json<NoticeDto>();
    expect(retried.failed).toBe(0);
    const rows = await testDb().select().from(emailOutbox).where(eq(emailOutbox.noticeId, result.value.notice.id)).all();
    expect(rows.find((r) => r.id === sent.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(rows.find((r) => r.id === failed.id)!.status).not.toBe("failed");
  });

  it("a notice to 2,000 bookings is accepted at once: one statement writes the rows", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 3000 });
    await testDb().run(
      // 2,000 paid bookings in one INSERT … SELECT (recursive counter), not 2,000 round trips.
      sql.raw(`with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
        insert into bookings (id, event_id, rate_id, status, customer_name, customer_email, license_plate, car_model, amount_cents, hold_expires_at, paid_at, pass_secret)
        select lower(hex(randomblob(16))), ${eventId}, ${rateId}, 'paid', 'Cliente', 'c' || i || '@example.it', 'AB' || i, 'Auto', 1500, 0, 1, lower(hex(randomblob(16))) from n`),
    );
    const result = await createNotice(testDb(), eventId, notice, { idempotencyKey: crypto.randomUUID() }, Date.now());
    expect(result.ok && result.value.notice.recipients).toBe(2000);
    expect(await noticeRows(eventId)).toHaveLength(2000);
  });
});

describe("bad input sends nothing", () => {
  const cases: [string, unknown, number, string][] = [
    ["a subject with a line break", { ...notice, subject: "Avviso\r\nBcc: tutti@example.it" }, 400, "L'oggetto deve stare su una riga"],
    ["an empty subject", { ...notice, subject: "  " }, 400, "Scrivi l'oggetto dell'avviso"],
    ["an empty text", { ...notice, body: " \n " }, 400, "Scrivi il testo dell'avviso"],
    ["a text over 2,000 characters", { ...notice, body: "a".repeat(2001) }, 400, "Il testo può avere al massimo 2000 caratteri"],
    ["an English subject without its text", { ...notice, subjectTranslations: { en: "Notice" } }, 400, "In ogni lingua scrivi sia l'oggetto sia il testo, oppure nessuno dei due"],
    ["an English subject with a line break", { ...notice, subjectTranslations: { en: "A\nB" }, bodyTranslations: { en: "Text" } }, 400, "L'oggetto deve stare su una riga"],
  ];
  it.each(cases)("%s: %i with a clear message", async (_name, json, status, message) => {
    const { eventId } = await crowd(2);
    const res = await send(eventId, json);
    expect(res.status).toBe(status);
    expect((await res.json<{ error: { message: string } }>()).error.message).toBe(message);
    expect(await noticeRows(eventId)).toHaveLength(0);
  });

  it("2,000 characters exactly are fine", async () => {
    const { eventId } = await crowd(1);
    expect((await send(eventId, { ...notice, body: "a".repeat(2000) })).status).toBe(201);
  });

  it("a switched-off, an ended or a cancelled event: 409, nothing written", async () => {
    const off = await crowd(1, { isActive: false });
    const ended = await crowd(1, { datetime: Date.now() - 5 * 3_600_000 });
    const cancelled = await crowd(1);
    await testDb().update(events).set({ cancelledAt: Date.now() }).where(eq(events.id, cancelled.eventId));
    for (const [eventId, message] of [
      [off.eventId, "L'evento è disattivato: riattivalo per inviare un avviso"],
      [ended.eventId, "L'evento è concluso: non si possono inviare avvisi"],
      [cancelled.eventId, "L'evento è annullato: non si possono inviare avvisi"],
    ] as const) {
      const res = await send(eventId, notice);
      expect(res.status, message).toBe(409);
      expect((await res.json<{ error: { message: string } }>()).error.message).toBe(message);
      expect(await noticeRows(eventId)).toHaveLength(0);
    }
  });

  it("an event with no live booking, a missing idempotency key, a gate account: refused, nothing written", async () => {
    const { eventId: empty } = await seedEvent();
    expect((await send(empty, notice)).status).toBe(409);
    const { eventId } = await crowd(2);
    const noKey = await send(eventId, notice, { key: null });
    expect(noKey.status).toBe(400);
    expect((await noKey.json<{ error: { message: string } }>()).error.message).toBe("Manca la chiave della richiesta (Idempotency-Key)");
    const gate = await send(eventId, notice, { cookie: await staffCookie("gate") });
    expect(gate.status).toBe(403);
    expect((await api(`/api/admin/events/${eventId}/notices`, { method: "POST", json: notice, headers: { "Idempotency-Key": "k" } })).status).toBe(401);
    expect(await noticeRows(eventId)).toHaveLength(0);
  });
});

describe("the latest notice where people look", () => {
  it("the pass shows the event's notices, newest first and dated, until the event has ended", async () => {
    const start = Date.now() + 3_600_000;
    const { eventId, rateId } = await seedEvent({ datetime: start, durationMinutes: 120 });
    const booking = await seedBooking({ eventId, rateId, status: "paid" });
    expect((await (await api(`/api/passes/${booking.passSecret}`)).json<{ notices: unknown[] }>()).notices).toEqual([]);
    await createNotice(testDb(), eventId, { subject: "Primo", body: "Uno" }, { idempotencyKey: crypto.randomUUID() }, Date.now() - 1000);
    await createNotice(testDb(), eventId, { subject: "Secondo", body: "Due", subjectTranslations: { en: "Second" }, bodyTranslations: { en: "Two" } }, { idempotencyKey: crypto.randomUUID() }, Date.now());
    const pass = await (await api(`/api/passes/${booking.passSecret}`)).json<{ notices: { subject: string; subjectTranslations: string; createdAt: string }[] }>();
    expect(pass.notices[0]).toMatchObject({ subject: "Secondo", subjectTranslations: { en: "Second" } });
    // The earlier notice stays on the pass below the newer one.
    expect(pass.notices.map((n) => n.subject)).toEqual(["Secondo", "Primo"]);
    expect(Date.parse(pass.notices[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    // Fails if the end is not the start plus the duration (2 hours here).
    expect(await latestNotice(testDb(), eventId, start + 2 * 3_600_000 - 1)).not.toBeNull();
    expect(await latestNotice(testDb(), eventId, start + 2 * 3_600_000)).toBeNull();
  });
});
