import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, rateLimitHits, seasonHolders, seasonPasses, waitlistEntries } from "../../db/schema";
import worker from "../index";
import { seedBooking, seedEvent, testDb } from "../test/helpers";
import { anonymisePersonalData, PERSONAL_DATA_ERASED, purgeRateLimitHits, REDACTED } from "./retention";

const DAY = 86_400_000;
const retention = { plateDays: 30, personalDataDays: 180 };
const read = (id: string) => testDb().select().from(bookings).where(eq(bookings.id, id)).get();

async function presale(eventId: number, createdAt?: number) {
  const b = await seedBooking({ eventId, status: "paid", amountCents: 1200, createdAt });
  await testDb()
    .update(bookings)
    .set({ kind: "prevendita", nome: "Mario", cognome: "Rossi", telefono: "+39 333 1234567", note: "arrivo tardi", paymentIntentId: `pi_${b.id}` })
    .where(eq(bookings.id, b.id));
  return b;
}

describe("anonymisation of personal data", () => {
  it("removes plates 30 days after the event and contacts after 180, keeping amounts and payment ids; twice is a no-op", async () => {
    const now = Date.parse("2036-06-01T10:00:00Z");
    const recent = await seedEvent({ datetime: now - 29 * DAY });
    const monthOld = await seedEvent({ datetime: now - 31 * DAY });
    const old = await seedEvent({ datetime: now - 181 * DAY });
    const future = await seedEvent({ datetime: now + 10 * DAY });
    const keep = await presale(recent.eventId, now - 60 * DAY);
    const plateOnly = await presale(monthOld.eventId);
    const all = await presale(old.eventId);
    const upcoming = await presale(future.eventId, now - 400 * DAY); // booked long ago, event still ahead

    const first = await anonymisePersonalData(testDb(), now, retention);
    expect(first.plates).toBeGreaterThanOrEqual(2);
    expect(first.personalData).toBeGreaterThanOrEqual(1);

    expect(await read(keep.id)).toMatchObject({ licensePlate: "AB123CD", customerName: "Mario Rossi", plateAnonymizedAt: null });
    expect(await read(upcoming.id)).toMatchObject({ licensePlate: "AB123CD", customerEmail: "mario@example.it" });
    expect(await read(plateOnly.id)).toMatchObject({
      licensePlate: REDACTED,
      plateAnonymizedAt: now,
      customerName: "Mario Rossi",
      customerEmail: "mario@example.it",
      telefono: "+39 333 1234567",
      personalDataAnonymizedAt: null,
    });
    // Fails if a field that names or reaches the customer is left out of the erasure.
    expect(Object.keys(PERSONAL_DATA_ERASED).sort()).toEqual(["clientKey", "cognome", "customerEmail", "customerName", "nome", "note", "telefono"]);
    expect(await read(all.id)).toMatchObject({
      licensePlate: REDACTED,
      ...PERSONAL_DATA_ERASED,
      personalDataAnonymizedAt: now,
      amountCents: 1200,
      status: "paid",
      paymentIntentId: `pi_${all.id}`,
      carModel: "Fiat Panda",
    });

    const snapshot = await read(all.id);
    expect(await anonymisePersonalData(testDb(), now + 1000, retention)).toEqual({ plates: 0, personalData: 0, waitlistPlates: 0, waitlistEmails: 0, holderPlates: 0, holderContacts: 0 });
    expect(await read(all.id)).toEqual(snapshot);
  });

  it("counts from the booking date for always-active events", async () => {
    const now = Date.parse("2037-06-01T10:00:00Z");
    const { eventId } = await seedEvent({ isAlwaysActive: true, datetime: null });
    const oldBooking = await presale(eventId, now - 40 * DAY);
    const newBooking = await presale(eventId, now - 20 * DAY);
    await anonymisePersonalData(testDb(), now, retention);
    expect((await read(oldBooking.id))?.licensePlate).toBe(REDACTED);
    expect((await read(newBooking.id))?.licensePlate).toBe("AB123CD");
  });

  it("removes waiting-list plates 30 days after the event and e-mails after 180, like bookings; twice is a no-op", async () => {
    // Before this, the cron left entries as they were: their e-mails and plates stayed for good.
    const now = Date.parse("2038-06-01T10:00:00Z");
    const entry = async (eventAt: number) => {
      const { eventId, rateId } = await seedEvent({ datetime: eventAt });
      const token = crypto.randomUUID();
      await testDb().insert(waitlistEntries).values({ token, eventId, rateId: rateId!, email: "coda@example.it", licensePlate: "NA555WL", lang: "it", clientKey: "hash", createdAt: eventAt - 5 * DAY });
      return token;
    };
    const recent = await entry(now - 29 * DAY);
    const monthOld = await entry(now - 31 * DAY);
    const old = await entry(now - 181 * DAY);
    const readEntry = (token: string) => testDb().select().from(waitlistEntries).where(eq(waitlistEntries.token, token)).get();

    const first = await anonymisePersonalData(testDb(), now, retention);
    expect(first).toMatchObject({ waitlistPlates: 2, waitlistEmails: 1 });
    expect(await readEntry(recent)).toMatchObject({ email: "coda@example.it", licensePlate: "NA555WL", clientKey: "hash" });
    expect(await readEntry(monthOld)).toMatchObject({ email: "coda@example.it", licensePlate: REDACTED });
    expect(await readEntry(old)).toMatchObject({ email: REDACTED, licensePlate: REDACTED, clientKey: null });
    expect(await anonymisePersonalData(testDb(), now + 1000, retention)).toMatchObject({ waitlistPlates: 0, waitlistEmails: 0 });
  });

  it("removes season holders' cars 30 days after the season ends and names and e-mails after 180; twice is a no-op", async () => {
    // Before this, a holder's name, e-mail and plate stayed for good.
    const now = Date.parse("2038-06-01T10:00:00Z");
    const holder = async (seasonEndedAt: number) => {
      const [season] = await testDb()
        .insert(seasonPasses)
        .values({ name: "Stagione", startsAt: seasonEndedAt - 200 * DAY, endsAt: seasonEndedAt, priceCents: 9000, spots: 10 })
        .returning({ id: seasonPasses.id });
      const id = crypto.randomUUID();
      await testDb().insert(seasonHolders).values({
        id,
        seasonId: season.id,
        status: "active",
        holdExpiresAt: seasonEndedAt - 200 * DAY,
        customerName: "Gennaro Esposito",
        customerEmail: "abbonato@example.it",
        licensePlate: "NA777AB",
        carModel: "Panda",
      });
      return id;
    };
    const running = await holder(now + 30 * DAY);
    const recent = await holder(now - 29 * DAY);
    const monthOld = await holder(now - 31 * DAY);
    const old = await holder(now - 181 * DAY);
    const readHolder = (id: string) => testDb().select().from(seasonHolders).where(eq(seasonHolders.id, id)).get();

    expect(await anonymisePersonalData(testDb(), now, retention)).toMatchObject({ holderPlates: 2, holderContacts: 1 });
    const kept = { customerName: "Gennaro Esposito", customerEmail: "abbonato@example.it", licensePlate: "NA777AB", carModel: "Panda" };
    expect(await readHolder(running)).toMatchObject(kept);
    expect(await readHolder(recent)).toMatchObject(kept);
    expect(await readHolder(monthOld)).toMatchObject({ customerEmail: "abbonato@example.it", licensePlate: REDACTED, carModel: REDACTED, status: "active" });
    expect(await readHolder(old)).toMatchObject({ customerName: REDACTED, customerEmail: REDACTED, licensePlate: REDACTED, carModel: REDACTED });
    expect(await anonymisePersonalData(testDb(), now + 1000, retention)).toMatchObject({ holderPlates: 0, holderContacts: 0 });
  });

  it("drops rate-limit rows (client IPs) older than a day", async () => {
    const now = Date.parse("2037-01-01T00:00:00Z");
    await testDb().insert(rateLimitHits).values([
      { bucket: "t", clientKey: "203.0.113.1", at: now - 2 * DAY },
      { bucket: "t", clientKey: "203.0.113.2", at: now - 1000 },
    ]);
    await purgeRateLimitHits(testDb(), now);
    expect((await purgeRateLimitHits(testDb(), now)).deleted).toBe(0);
    const keys = (await testDb().select().from(rateLimitHits)).map((r) => r.clientKey);
    expect(keys).toContain("203.0.113.2");
    expect(keys).not.toContain("203.0.113.1");
  });

  it("runs from the scheduled handler, idempotently", async () => {
    const { eventId } = await seedEvent({ datetime: Date.parse("2020-01-01T20:00:00Z") });
    const b = await presale(eventId);
    for (let run = 0; run < 2; run++) {
      const ctx = createExecutionContext();
      // A fifth minute: the slow housekeeping runs only then.
      await worker.scheduled(createScheduledController({ scheduledTime: Math.floor(Date.now() / 300_000) * 300_000, cron: "* * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
      expect(await read(b.id)).toMatchObject({ licensePlate: REDACTED, customerName: REDACTED, amountCents: 1200 });
    }
  });
});
