import type { Translations } from "../../../shared/translations";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, emailOutbox, type EmailKind } from "../../../db/schema";
import { api, seedBooking, seedEvent, testDb } from "../../test/helpers";
import type { BookingDto } from "../bookings";
import type { IntentDto } from "../payments/checkout";
import { emailCatalogues } from "./catalogue";
import { renderOutboxRow } from "./render";
import { type RenderedEmail } from "./layout";
import { type Lang } from "../../../shared/lang";

// Friday 12 March 2027, 21:00 in Rome (20:00 UTC, before the switch to summer time).
const AT = Date.UTC(2027, 2, 12, 20, 0);

/**
 * Every fixed piece of the Italian catalogue: its strings, and what its functions write around
 * their arguments. Pieces under 4 characters (":", "ore") would match English words by chance.
 */
function italianPieces(): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") out.push(v);
    else if (typeof v === "function") out.push(...String((v as (...a: string[]) => string)("\u0000", "\u0000")).split("\u0000"));
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(emailCatalogues.it);
  return [...new Set(out.map((s) => s.trim()).filter((s) => s.length >= 4))];
}

const unfold = (ics: string) => ics.replace(/\r\n /g, "");

/** Everything a reader can see: subject, HTML, text, attachment names and the calendar file. */
function readable(email: RenderedEmail): string {
  const files = email.attachments.map((a) => `${a.filename}\n${typeof a.content === "string" ? unfold(a.content) : ""}`);
  return [email.subject, email.html, email.text, ...files].join("\n");
}

async function booking(lang: Lang, content: { titleTranslations?: Translations; nameTranslations?: Translations } = {}) {
  const { eventId, rateId } = await seedEvent({
    title: "Concerto di Capodanno",
    titleTranslations: content.titleTranslations ?? {},
    datetime: AT,
    rates: [{ name: "Posto coperto", nameTranslations: content.nameTranslations ?? {} }],
  });
  const b = await seedBooking({ eventId, rateId, status: "paid", amountCents: 1550 });
  await testDb().update(bookings).set({ lang }).where(eq(bookings.id, b.id)).run();
  return b.id;
}

const render = async (bookingId: string, kind: EmailKind, data: Record<string, unknown> | null = null) =>
  (await renderOutboxRow(testDb(), env, { bookingId, kind, data }))!;

/** The event's English title and rate name, besides the Italian ones. */
const ENGLISH_CONTENT = { titleTranslations: { en: "New Year's Concert" }, nameTranslations: { en: "Covered space" } };

/** The refund of the whole booking the customer asked for, as the outbox stores it (the reason in Italian). */
const customerRefund = { amountCents: 1550, full: true, reason: emailCatalogues.it.reasons.customer, source: "customer", at: AT };

/** An e-mail's subject and lines its text holds. */
function expectWords(email: RenderedEmail, subject: string, lines: string[]) {
  expect(email.subject).toBe(subject);
  for (const line of lines) expect(email.text).toContain(line);
}

describe("e-mails in the booking's language", () => {
  it("an English booking's confirmation is English: subject, body, dates, amount, calendar file", async () => {
    const id = await booking("en", ENGLISH_CONTENT);
    const email = await render(id, "confirmation");
    // Fails if render ignores bookings.lang (Italian subject) or the event's English title; if the
    // date is formatted with Italian words or without the site's "(Italian time)".
    expect(email.html).toContain('<html lang="en">');
    expectWords(email, "Booking confirmed: New Year's Concert", [
      "Date and time: Friday 12 March 2027, 21:00 (Italian time)",
      "Amount paid: €15.50",
      "Rate: Covered space",
      "Hello Mario Rossi,",
    ]);
    const ics = email.attachments.find((a) => a.type === "text/calendar")!;
    expect(ics.filename).toBe("parking.ics");
    expect(unfold(ics.content as string)).toContain("SUMMARY:Parking: New Year's Concert");
    // Fails if any Italian word of the catalogue (a label, the signature, the .ics text) is left.
    const seen = readable(email);
    expect(italianPieces().filter((p) => seen.includes(p))).toEqual([]);
  });

  it("an English booking's refund and postponement are English too, the system's refund reason included", async () => {
    const id = await booking("en", ENGLISH_CONTENT);
    const refund = await render(id, "refund", customerRefund);
    // Fails if the refund kind keeps Italian words, the Italian amount style, or the stored Italian reason.
    expect(refund.subject).toBe("Booking cancelled: New Year's Concert");
    expect(refund.text).toContain("Amount refunded: €15.50");
    expect(refund.text).toContain("Reason: Cancelled by the customer");
    expect(italianPieces().filter((p) => readable(refund).includes(p))).toEqual([]);

    const postponed = await render(id, "event_postponed", { cancelUntil: AT - 86_400_000 });
    // Fails if the cancel-until date of the postponement is written in Italian.
    expect(postponed.subject).toBe("Event postponed: New Year's Concert");
    expect(postponed.text).toContain("until Thursday 11 March 2027, 21:00 (Italian time).");
    expect(italianPieces().filter((p) => readable(postponed).includes(p))).toEqual([]);
  });

  it("an English booking falls back to the Italian title and rate name when no English was written", async () => {
    const id = await booking("en");
    const email = await render(id, "confirmation");
    // Fails if an empty English field wins (blank title) or the fallback drops the content.
    expect(email.subject).toBe("Booking confirmed: Concerto di Capodanno");
    expect(email.text).toContain("Rate: Posto coperto");
  });

  it("an Italian booking stays Italian even when the event has English content", async () => {
    const id = await booking("it", ENGLISH_CONTENT);
    const email = await render(id, "confirmation");
    // Fails if English fields leak into Italian e-mails or the Italian formats change.
    expect(email.html).toContain('<html lang="it">');
    expectWords(email, "Prenotazione confermata: Concerto di Capodanno", ["Data e ora: venerdì 12 marzo 2027 ore 21:00", "Importo pagato: € 15,50", "Tariffa: Posto coperto"]);
    // Issue #25: without it a phone's mail app shows the message at desktop width, tiny.
    expect(email.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(email.attachments.find((a) => a.type === "text/calendar")!.filename).toBe("parcheggio.ics");
    const refund = await render(id, "refund", customerRefund);
    expect(refund.text).toContain("Motivo: Annullata dal cliente");
  });

  it("a booking made in English and paid with the demo card has its confirmation (as queued) in English", async () => {
    const { eventId, rateId } = await seedEvent({ title: "Concerto di Capodanno", titleTranslations: { en: "New Year's Concert" }, datetime: AT, rates: [{ name: "Posto coperto", nameTranslations: { en: "Covered space" } }] });
    const json = { eventId, rateId, customerName: "Jane Doe", customerEmail: `jane.${eventId}@example.com`, licensePlate: "AB 123 CD", carModel: "Ford Focus", lang: "en" };
    const booking = await (await api("/api/bookings", { method: "POST", json })).json<BookingDto>();
    const intent = await (await api("/api/create-payment-intent", { method: "POST", json: { bookingId: booking.id } })).json<IntentDto>();
    const paid = await api("/api/demo/confirm", { method: "POST", json: { paymentIntentId: intent.paymentIntentId, cardNumber: "4242424242424242" } });
    expect(paid.status).toBe(200);
    const row = (await testDb().select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id)).get())!;
    // Fails if the language chosen at booking time is lost between the booking and its e-mail.
    const email = await render(booking.id, row.kind, row.data);
    expect(email.subject).toBe("Booking confirmed: New Year's Concert");
    expect(italianPieces().filter((p) => readable(email).includes(p))).toEqual([]);
  });

describe("the refund e-mail says what happened (issue #25: not just 'Rimborso effettuato')", () => {
  // Friday 12 March 2027, 21:00: ten working days later is Friday 26 March.
  it("a customer's cancellation names the event and its date, how much comes back and by when", async () => {
    const id = await booking("it");
    const email = await render(id, "refund", { amountCents: 1550, full: true, reason: "anything staff-like", source: "customer", at: AT });
    // Fails if the cancellation falls back to the generic refund words, or misses the amount or the date it arrives by.
    // The reason comes from the refund's source, never from matching stored text.
    expectWords(email, "Prenotazione annullata: Concerto di Capodanno", [
      "abbiamo annullato la tua prenotazione per Concerto di Capodanno (venerdì 12 marzo 2027 ore 21:00)",
      "Importo rimborsato: € 15,50",
      "Sulla carta entro: venerdì 26 marzo 2027",
      "Motivo: Annullata dal cliente",
    ]);
  });

  it("an event the garage cancelled says so, in the booking's language", async () => {
    const id = await booking("en", { titleTranslations: { en: "New Year's Concert" } });
    const email = await render(id, "refund", { amountCents: 1550, full: true, reason: emailCatalogues.it.reasons.eventCancelled, source: "event_cancelled", at: AT });
    expectWords(email, "Event cancelled: New Year's Concert", [
      "New Year's Concert, planned for Friday 12 March 2027, 21:00 (Italian time), has been cancelled",
      "Amount refunded: €15.50",
      "Back on your card by: Friday 26 March 2027",
      "Reason: Event cancelled",
    ]);
    expect(italianPieces().filter((p) => readable(email).includes(p))).toEqual([]);
  });

  it("a refund made by staff keeps the generic words and the reason as typed", async () => {
    const id = await booking("it");
    const email = await render(id, "refund", { amountCents: 500, full: false, reason: "Cancello guasto", source: "admin", at: AT });
    expectWords(email, "Rimborso effettuato: Concerto di Capodanno", ["Motivo: Cancello guasto", "Importo rimborsato: € 5,00"]);
  });
});

});
