import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, notices, waitlistEntries, type EmailKind } from "../../../db/schema";
import { LANGS, type Lang } from "../../../shared/lang";
import { seedBooking, seedEvent, testDb } from "../../test/helpers";
import { joinWaitlist } from "../waitlist";
import { emailCatalogues } from "./catalogue";
import { romeLongDateTime } from "./format";
import { renderOutboxRow } from "./render";
import { type RenderedEmail } from "./layout";

// Friday 12 March 2027, 21:00 in Rome (20:00 UTC).
const AT = Date.UTC(2027, 2, 12, 20, 0);

/**
 * The fixed pieces of a language's e-mail words (strings, and what its functions write around their
 * arguments), 6 characters or more so that a short word shared by chance ("Event", "Tarif") is not one.
 */
function pieces(lang: Lang): Set<string> {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") out.push(v);
    else if (typeof v === "function") out.push(...String((v as (...a: string[]) => string)("\u0000", "\u0000")).split("\u0000"));
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(emailCatalogues[lang]);
  return new Set(out.flatMap((s) => s.split("\n")).map((s) => s.trim()).filter((s) => s.length >= 6));
}

/** Pieces of every other language's e-mails that are not also this language's own words. */
function foreignPieces(lang: Lang): string[] {
  const own = pieces(lang);
  return LANGS.filter((other) => other !== lang).flatMap((other) => [...pieces(other)].filter((p) => !own.has(p)));
}

const unfold = (ics: string) => ics.replace(/\r\n /g, "");
const readable = (email: RenderedEmail) =>
  [email.subject, email.html, email.text, ...email.attachments.map((a) => `${a.filename}\n${typeof a.content === "string" ? unfold(a.content) : ""}`)].join("\n");

async function booking(lang: Lang) {
  const { eventId, rateId } = await seedEvent({ title: "Concerto di Capodanno", datetime: AT, rates: [{ name: "Posto coperto" }] });
  const b = await seedBooking({ eventId, rateId, status: "paid", amountCents: 1550 });
  await testDb().update(bookings).set({ lang }).where(eq(bookings.id, b.id)).run();
  return { id: b.id, eventId };
}

const render = async (bookingId: string, kind: EmailKind, data: Record<string, unknown> | null = null, noticeId: string | null = null) =>
  (await renderOutboxRow(testDb(), env, { bookingId, kind, data, noticeId }))!;

describe.each(LANGS)("every e-mail in %s", (lang) => {
  const t = emailCatalogues[lang];

  // Fails if an e-mail kind ignores bookings.lang, or keeps a sentence of another language's e-mails.
  it("confirmation, refunds, postponement, reminder and notice are written in the booking's language alone", async () => {
    const { id, eventId } = await booking(lang);
    await testDb()
      .insert(notices)
      .values({ id: `notice-${lang}`, eventId, subject: "Cancello B chiuso", body: "Entrate dal cancello A.", idempotencyKey: `k-${lang}`, createdAt: AT })
      .run();
    const emails: [string, RenderedEmail][] = [
      ["confirmation", await render(id, "confirmation")],
      ["refund by the customer", await render(id, "refund", { amountCents: 1550, full: true, reason: emailCatalogues.it.reasons.customer, source: "customer", at: AT })],
      ["refund of a cancelled event", await render(id, "refund", { amountCents: 1550, full: true, reason: emailCatalogues.it.reasons.eventCancelled, source: "event_cancelled", at: AT })],
      ["partial refund by staff", await render(id, "refund", { amountCents: 500, full: false, reason: "Cancello guasto", source: "admin", at: AT })],
      ["postponement", await render(id, "event_postponed", { cancelUntil: AT - 86_400_000 })],
      ["reminder", await render(id, "reminder")],
      ["notice", await render(id, "notice", null, `notice-${lang}`)],
    ];
    const foreign = foreignPieces(lang);
    for (const [what, email] of emails) {
      expect(email.html, what).toContain(`<html lang="${lang}">`);
      expect(email.text, what).toContain(t.greeting("Mario Rossi"));
      expect(foreign.filter((p) => readable(email).includes(p)), what).toEqual([]);
    }
    const [, confirmation] = emails[0];
    expect(confirmation.subject).toBe(t.confirmation.subject("Concerto di Capodanno"));
    expect(confirmation.attachments.find((a) => a.type === "text/calendar")!.filename).toBe(t.confirmation.calendarFile);
  });

  // Fails if the waiting list's e-mail (no booking behind it) forgets the entry's language.
  it("the waiting list's e-mail is written in the entry's language", async () => {
    const { eventId, rateId } = await seedEvent({ title: "Concerto di Capodanno", totalSpots: 1, datetime: AT, rates: [{ name: "Posto auto" }] });
    await seedBooking({ eventId, rateId, status: "paid", holdExpiresAt: AT });
    const joined = await joinWaitlist(testDb(), { eventId, rateId, email: `coda.${lang}@example.com`, licensePlate: "NA111AA", lang }, `client-${lang}`, AT - 86_400_000);
    if (!joined.ok) throw new Error("join refused");
    const entry = (await testDb().select().from(waitlistEntries).where(eq(waitlistEntries.token, joined.value.token)).get())!;
    const email = (await renderOutboxRow(testDb(), env, { bookingId: null, kind: "waitlist_joined", data: { entryId: entry.id } }))!;
    expect(email.subject).toBe(t.waitlistJoined.subject("Concerto di Capodanno"));
    expect(email.text).toContain(t.waitlistJoined.place(1));
    expect(email.text).toContain(`${t.labels.when}: ${romeLongDateTime(AT, t.dates)}`);
    expect(foreignPieces(lang).filter((p) => readable(email).includes(p))).toEqual([]);
  });
});

describe("money and dates in each language's way, in Rome time", () => {
  // Fails if the one money/date module stops writing German the German way (or Rome time is lost).
  it("a German confirmation writes 15,50 € and the German date at Rome's 21:00", async () => {
    const { id } = await booking("de");
    const email = await render(id, "confirmation");
    expect(email.text).toContain("Bezahlter Betrag: 15,50 €");
    expect(email.text).toContain("Datum und Uhrzeit: Freitag, 12. März 2027, 21:00 Uhr");
  });
});
