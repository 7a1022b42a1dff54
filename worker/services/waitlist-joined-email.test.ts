import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { emailOutbox, waitlistEntries } from "../../db/schema";
import { adminApi } from "../test/admin";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";
import { renderOutboxRow } from "./email/render";
import { joinWaitlist } from "./waitlist";

const HOUR = 3_600_000;
// A fixed clock for the service; the route below reads its own.
const T0 = Date.UTC(2026, 11, 1, 10);

async function soldOut(startsAt: number) {
  const seeded = await seedEvent({ totalSpots: 1, datetime: startsAt, rates: [{ priceCents: 2000, name: "Posto auto", nameTranslations: { en: "Car space" } }] });
  await seedBooking({ eventId: seeded.eventId, rateId: seeded.rateId, status: "paid", holdExpiresAt: startsAt });
  return seeded;
}

const joinedMails = (entryId: number) =>
  testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "waitlist_joined"), eq(emailOutbox.dedupeKey, `waitlist_joined:${entryId}`)));

describe("joining the waiting list sends an e-mail with the personal link", () => {
  it("one outbox row in the batch that writes the entry; it renders the link, the place in line and the language", async () => {
    const { eventId, rateId } = await soldOut(T0 + 72 * HOUR);
    const first = await joinWaitlist(testDb(), { eventId, rateId, email: "primo@example.it", licensePlate: "NA111AA", lang: "it" }, "client-a", T0);
    const second = await joinWaitlist(testDb(), { eventId, rateId, email: "second@example.com", licensePlate: "GB22ABC", lang: "en" }, "client-b", T0);
    if (!first.ok || !second.ok) throw new Error("join refused");
    const entries = await testDb().select().from(waitlistEntries).where(eq(waitlistEntries.eventId, eventId)).orderBy(waitlistEntries.id);

    const [mail] = await joinedMails(entries[1].id);
    expect(mail).toMatchObject({ bookingId: null, data: { entryId: entries[1].id } });
    const english = (await renderOutboxRow(testDb(), env, mail))!;
    expect(english.to).toBe("second@example.com");
    expect(english.subject).toMatch(/^You are on the waiting list: /);
    expect(english.html).toContain(`/lista-attesa/${second.value.token}`);
    expect(english.text).toContain(`Your place in line: ${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/lista-attesa/${second.value.token}`);
    expect(english.text).toContain("Place: Number 2 in line");
    expect(english.text).toContain("Rate: Car space");

    const italian = (await renderOutboxRow(testDb(), env, (await joinedMails(entries[0].id))[0]))!;
    expect(italian.to).toBe("primo@example.it");
    expect(italian.subject).toMatch(/^Sei in lista d'attesa: /);
    expect(italian.text).toContain("Posizione: Primo in lista");
    expect(italian.text).toContain(`/lista-attesa/${first.value.token}`);
    expect(italian.text).not.toContain(second.value.token);
  });

  it("a refused join writes no e-mail", async () => {
    const { eventId, rateId } = await soldOut(T0 + 72 * HOUR);
    const input = { eventId, rateId, email: "twice@example.it", licensePlate: "NA333CC", lang: "it" as const };
    expect((await joinWaitlist(testDb(), input, "client-c", T0)).ok).toBe(true);
    expect((await joinWaitlist(testDb(), input, "client-c", T0)).ok).toBe(false);
    const [entry] = await testDb().select().from(waitlistEntries).where(eq(waitlistEntries.email, "twice@example.it"));
    expect(await testDb().select().from(emailOutbox).where(eq(emailOutbox.kind, "waitlist_joined"))).toHaveLength(3);
    expect(await joinedMails(entry.id)).toHaveLength(1);
  });

  it("through the API: the mail is handed to the queue and the admin's E-mail tab lists it under its event", async () => {
    const { eventId, rateId } = await soldOut(Date.now() + 72 * HOUR);
    const res = await api("/api/waitlist", { method: "POST", json: { eventId, rateId, email: "coda@example.it", licensePlate: "NA444DD", lang: "it" } });
    expect(res.status, await res.clone().text()).toBe(201);
    const [entry] = await testDb().select().from(waitlistEntries).where(eq(waitlistEntries.email, "coda@example.it"));
    // Handed to the queue after the answer (waitUntil).
    const mail = await vi.waitFor(async () => {
      const [row] = await joinedMails(entry.id);
      expect(row.enqueuedAt ?? row.sentAt).not.toBeNull();
      return row;
    });
    const list = await (await adminApi("/api/admin/emails")).json<{ id: number; kind: string; to: string; bookingCode: string | null; eventTitle: string }[]>();
    expect(list.find((m) => m.id === mail.id)).toMatchObject({ kind: "waitlist_joined", to: "coda@example.it", bookingCode: null });
  });
});
