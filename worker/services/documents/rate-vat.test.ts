import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { documents, rates } from "../../../db/schema";
import { adminApi } from "../../test/admin";
import { api, paidBookingOn, testDb } from "../../test/helpers";
import type { EventDto } from "../events";
import { romeDate } from "../../lib/time";
import { unzip } from "./zip";
import { GARAGE_FISCAL_IDENTITY } from "../../test/fiscal";

const GARAGE = GARAGE_FISCAL_IDENTITY;
const COMPANY = { type: "company", denominazione: "Rossi & Figli S.p.A.", partitaIva: "01234567897", indirizzo: "Via Toledo 1", cap: "80134", comune: "Napoli", provincia: "NA", codiceDestinatario: "M5UXCR1" };

const eventWith = (rateList: unknown[]) => ({
  event: {
    title: `IVA per tariffa ${crypto.randomUUID().slice(0, 6)}`,
    description: "Evento",
    datetime: "2031-06-14T19:00:00.000Z",
    durationMinutes: 240,
    distanceMeters: 300,
    totalSpots: 50,
    isAlwaysActive: false,
    categoryId: null,
  },
  rates: rateList,
});

const payOn = paidBookingOn;

beforeAll(async () => {
  expect((await adminApi("/api/admin/fiscal-identity", { method: "PUT", json: GARAGE })).status).toBe(200);
});

describe("a rate's own VAT rate", () => {
  it("a wrong one is refused in the request's language; blank is the garage's", async () => {
    const bad = await adminApi("/api/events", { method: "POST", json: eventWith([{ name: "Auto", price: "20", vatRate: "150" }]), headers: { "Accept-Language": "en" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe("Invalid VAT rate of the rate: 0 to 100, at most two decimals (blank: the garage's)");
    const res = await adminApi("/api/events", { method: "POST", json: eventWith([{ name: "Auto", price: "20", vatRate: "10,00" }, { name: "Moto", price: "10", vatRate: "" }]) });
    expect(res.status).toBe(201);
    const event = await res.json<EventDto>();
    expect(event.rates.map((r) => r.vatRate)).toEqual(["10.00", null]);
    const stored = await testDb().select().from(rates).where(eq(rates.eventId, event.id)).orderBy(rates.sortOrder);
    expect(stored.map((r) => r.vatRateBp)).toEqual([1000, null]);
    // The public list carries the same (the admin's editor reads it back).
    const listed = (await (await api("/api/events")).json<EventDto[]>()).find((e) => e.id === event.id)!;
    expect(listed.rates.map((r) => r.vatRate)).toEqual(["10.00", null]);
  });

  it("the receipt, the invoice's XML and the month's CSVs use it; the garage's rate stays for the others", async () => {
    const event = await (await adminApi("/api/events", { method: "POST", json: eventWith([{ name: "Auto", price: "20", vatRate: "10" }, { name: "Moto", price: "20" }]) })).json<EventDto>();
    const own = await payOn(event.id, event.rates[0].id);
    const garage = await payOn(event.id, event.rates[1].id);
    const receiptOf = (bookingId: string) => testDb().select().from(documents).where(and(eq(documents.bookingId, bookingId), eq(documents.kind, "receipt"))).get();
    // 20,00 at 10 %: 18,18 + 1,82; at 22 %: 16,39 + 3,61.
    expect(await receiptOf(own.bookingId)).toMatchObject({ vatRateBp: 1000, taxableCents: 1818, vatCents: 182 });
    expect(await receiptOf(garage.bookingId)).toMatchObject({ vatRateBp: 2200, taxableCents: 1639, vatCents: 361 });

    expect((await api(`/api/passes/${own.secret}/invoice`, { method: "POST", json: { buyer: COMPANY } })).status).toBe(201);
    const invoice = await testDb().select().from(documents).where(and(eq(documents.bookingId, own.bookingId), eq(documents.kind, "invoice"))).get();
    const xml = await (await api(`/api/documents/${invoice!.id}/xml`)).text();
    expect(xml).toContain("<AliquotaIVA>10.00</AliquotaIVA><ImponibileImporto>18.18</ImponibileImporto><Imposta>1.82</Imposta>");

    const month = romeDate(Date.now()).toPlainYearMonth().toString();
    const files = unzip(new Uint8Array(await (await adminApi(`/api/admin/documents/export?month=${month}`)).arrayBuffer()));
    const text = (name: string) => new TextDecoder().decode(files.find((f) => f.name === name)!.content);
    expect(text(`documenti-${month}.csv`)).toContain(";18,18;1,82;10,00;20,00;");
    const day = romeDate(Date.now());
    const dayText = `${String(day.day).padStart(2, "0")}/${String(day.month).padStart(2, "0")}/${day.year}`;
    const corrispettivi = text(`corrispettivi-${month}.csv`).split("\r\n");
    expect(corrispettivi.some((l) => l.startsWith(`${dayText};10,00;20,00;0,00;20,00;18,18;1,82`))).toBe(true);
    expect(corrispettivi.some((l) => l.startsWith(`${dayText};22,00;`))).toBe(true);
  });
});
