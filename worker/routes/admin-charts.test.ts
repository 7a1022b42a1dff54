import { describe, expect, it } from "vitest";
import { Temporal } from "temporal-polyfill";
import { eq } from "drizzle-orm";
import { bookings, gateScans, refunds } from "../../db/schema";
import { listPayments, paymentsTotals } from "../services/payments-report";
import { adminCookie } from "../test/admin";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";
import type { MatchDay, SellOut, Takings } from "../services/charts";

const rome = (s: string) => Temporal.PlainDateTime.from(s).toZonedDateTime("Europe/Rome").epochMilliseconds;
const get = async <T>(path: string, lang?: string) => {
  const res = await api(path, { headers: { Cookie: await adminCookie(), ...(lang ? { "Accept-Language": lang } : {}) } });
  return { status: res.status, body: (await res.json()) as T };
};

/** The CSV as sent, its byte-order mark included (Excel needs it; text() would drop it). */
const csvOf = async (path: string) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await (await api(path, { headers: { Cookie: await adminCookie() } })).arrayBuffer());

async function refund(bookingId: string, cents: number, at: number) {
  await testDb().insert(refunds).values({ id: crypto.randomUUID(), bookingId, amountCents: cents, source: "admin", status: "succeeded", createdAt: at });
}

describe("the owner's charts", () => {
  it("takings per day, week and month add up to the payments report of the same days, refunds with their payment", async () => {
    const { eventId, rateId } = await seedEvent();
    // Rome's days: 23:30 on 9 March is still the 9th (22:30 UTC), 00:30 on the 10th is the 10th.
    const a = await seedBooking({ eventId, rateId, status: "paid", amountCents: 1500, paidAt: rome("2030-03-09T23:30") });
    await seedBooking({ eventId, rateId, status: "paid", amountCents: 2000, paidAt: rome("2030-03-10T00:30") });
    await seedBooking({ eventId, rateId, status: "paid", amountCents: 1000, paidAt: rome("2030-03-17T12:00") });
    await refund(a.id, 500, rome("2030-04-02T10:00"));
    const range = "from=2030-03-01&to=2030-03-31";
    const report = paymentsTotals(await listPayments(testDb(), { from: Temporal.PlainDate.from("2030-03-01"), to: Temporal.PlainDate.from("2030-03-31") }));

    const days = (await get<Takings>(`/api/admin/charts/takings?${range}&by=day`)).body;
    expect(days.rows).toEqual([
      { period: "2030-03-09", gross: "15.00", refunded: "5.00", net: "10.00", count: 1 },
      { period: "2030-03-10", gross: "20.00", refunded: "0.00", net: "20.00", count: 1 },
      { period: "2030-03-17", gross: "10.00", refunded: "0.00", net: "10.00", count: 1 },
    ]);
    expect({ gross: days.totals.gross, refunded: days.totals.refunded, net: days.totals.net }).toEqual(report);

    const weeks = (await get<Takings>(`/api/admin/charts/takings?${range}&by=week`)).body;
    // 9 March 2030 is a Saturday (week 10), the 10th a Sunday (still week 10), the 17th week 11.
    expect(weeks.rows.map((r) => [r.period, r.gross])).toEqual([["2030-W10", "35.00"], ["2030-W11", "10.00"]]);
    const months = (await get<Takings>(`/api/admin/charts/takings?${range}&by=month`)).body;
    expect(months.rows).toEqual([{ period: "2030-03", gross: "45.00", refunded: "5.00", net: "40.00", count: 3 }]);
    expect(months.rates).toEqual([{ name: expect.any(String), rows: [{ period: "2030-03", gross: "45.00" }] }]);

    expect(await csvOf(`/api/admin/charts/takings.csv?${range}&by=month`)).toBe("\uFEFFPeriodo;Pagamenti;Incassato (€);Rimborsato (€);Netto (€)\r\n2030-03;3;45,00;5,00;40,00\r\n");
  });

  it("a period other than day, week or month is a 400 in the visitor's language, and a reversed range too", async () => {
    const italian = await get<{ error: { message: string } }>("/api/admin/charts/takings?by=year");
    expect(italian).toMatchObject({ status: 400, body: { error: { message: "Periodo non valido: giorno, settimana o mese" } } });
    expect((await get<{ error: { message: string } }>("/api/admin/charts/takings?by=year", "en")).body.error.message).toBe("Invalid period: day, week or month");
    expect((await get("/api/admin/charts/takings?from=2030-03-02&to=2030-03-01")).status).toBe(400);
    expect((await get("/api/admin/charts/sell-out?eventId=999999")).status).toBe(404);
    expect((await get("/api/admin/charts/match-day?eventId=abc")).status).toBe(400);
  });

  it("the sell-out curve counts a spot from its payment until it is freed or refunded, in hours before the event, beside the previous event of its category", async () => {
    const kickoff = rome("2030-05-10T20:45");
    const first = await seedEvent({ datetime: kickoff - 14 * 86_400_000, totalSpots: 3 });
    const { eventId } = await seedEvent({ datetime: kickoff, totalSpots: 3, category: null, categoryId: first.category!.id });
    await seedEvent({ datetime: kickoff + 86_400_000, category: null, categoryId: first.category!.id }); // later: not "previous"
    await seedBooking({ eventId, status: "paid", paidAt: kickoff - 48 * 3_600_000 });
    const freed = await seedBooking({ eventId, status: "paid", paidAt: kickoff - 24 * 3_600_000 });
    await testDb().update(bookings).set({ status: "freed", freedAt: kickoff - 2 * 3_600_000 }).where(eq(bookings.id, freed.id));
    await seedBooking({ eventId, status: "pending", paidAt: null }); // a hold never paid: not taken
    await seedBooking({ eventId: first.eventId, status: "paid", paidAt: kickoff - 14 * 86_400_000 - 3 * 3_600_000 });

    const { status, body } = await get<{ event: SellOut; previous: SellOut | null }>(`/api/admin/charts/sell-out?eventId=${eventId}`);
    expect(status).toBe(200);
    expect(body.event.points).toEqual([
      { hoursBefore: 48, taken: 1 },
      { hoursBefore: 24, taken: 2 },
      { hoursBefore: 2, taken: 1 },
    ]);
    expect(body.previous).toMatchObject({ id: first.eventId, points: [{ hoursBefore: 3, taken: 1 }] });
  });

  it("match day: entries per 5 minutes and per lane, exits, cars inside and overstays equal the gate's accepted scans", async () => {
    // Ended two hours ago (the test clock is fixed), on the hour so the 5-minute bins are the test's.
    const start = Math.floor((Date.now() - 4 * 3_600_000) / 3_600_000) * 3_600_000;
    const { eventId } = await seedEvent({ datetime: start, durationMinutes: 120 });
    const b = await Promise.all([1, 2, 3].map(() => seedBooking({ eventId, status: "paid" })));
    const scan = (bookingId: string | null, direction: "in" | "out", minutes: number, sessionId: string, result: "ok" | "already_in" = "ok") =>
      testDb().insert(gateScans).values({ id: crypto.randomUUID(), eventId, bookingId, direction, result, scannedAt: start - 60 * 60_000 + minutes * 60_000, receivedAt: start, sessionId });
    await scan(b[0].id, "in", 1, "s-a");
    await scan(b[1].id, "in", 3, "s-b");
    await scan(b[1].id, "in", 4, "s-b", "already_in"); // refused: not an entry
    await scan(b[2].id, "in", 7, "s-a");
    await scan(b[0].id, "out", 200, "s-a");
    // After the end two cars are still in.
    const { body } = await get<MatchDay>(`/api/admin/charts/match-day?eventId=${eventId}`);
    expect(body.lanes).toEqual(["Varco 1", "Varco 2"]);
    expect(body.bins.map((x) => [x.entries, x.exits, x.inside])).toEqual([
      [[1, 1], 0, 2],
      [[1, 0], 0, 3],
      [[0, 0], 1, 2],
    ]);
    expect({ entries: body.entries, exits: body.exits, overstays: body.overstays }).toEqual({ entries: 3, exits: 1, overstays: 2 });
    const csv = (await csvOf(`/api/admin/charts/match-day.csv?eventId=${eventId}`)).split("\r\n");
    expect(csv[0]).toBe("\uFEFFOra;Ingressi Varco 1;Ingressi Varco 2;Uscite;Auto dentro");
    const firstBin = Temporal.Instant.fromEpochMilliseconds(start - 60 * 60_000).toZonedDateTimeISO("Europe/Rome").toPlainTime().toString({ smallestUnit: "minute" });
    expect(csv[1]).toBe(`${firstBin};1;1;0;2`);
  });
});
