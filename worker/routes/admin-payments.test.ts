import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../../db/schema";
import { adminApi, adminCookie } from "../test/admin";
import { seedBooking, seedEvent, testDb } from "../test/helpers";
import type { PaymentDto } from "../services/payments-report";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});
const at = (iso: string) => Date.parse(iso);

describe("GET /api/admin/payments", () => {
  it("lists paid (and since freed) bookings whose payment falls on the Rome days asked, newest first", async () => {
    const { eventId, event, rates } = await seedEvent({ rates: [{ name: "Auto" }] });
    const rateId = rates[0].id;
    // 2032-03-14 in Rome runs from 2032-03-13T23:00Z to 2032-03-14T23:00Z (winter time).
    const lateUtc = await seedBooking({ eventId, rateId, status: "paid", paidAt: at("2032-03-14T22:59:00Z"), amountCents: 1250 });
    const earlyRome = await seedBooking({ eventId, rateId, status: "freed", paidAt: at("2032-03-13T23:00:00Z") });
    await seedBooking({ eventId, rateId, status: "paid", paidAt: at("2032-03-13T22:59:59Z") }); // 13th in Rome
    await seedBooking({ eventId, rateId, status: "paid", paidAt: at("2032-03-14T23:00:00Z") }); // 15th in Rome
    await seedBooking({ eventId, rateId, status: "refunded", paidAt: at("2032-03-14T12:00:00Z") });
    await seedBooking({ eventId, rateId, status: "pending" });
    const res = await adminApi("/api/admin/payments?from=2032-03-14&to=2032-03-14", { cookie });
    expect(res.status).toBe(200);
    const list = await res.json<PaymentDto[]>();
    expect(list.map((p) => p.id)).toEqual([lateUtc.id, earlyRome.id]);
    expect(list[0]).toEqual({
      id: lateUtc.id,
      customerName: "Mario Rossi",
      customerEmail: "mario@example.it",
      licensePlate: "AB123CD",
      event: { id: eventId, title: event.title },
      rate: { id: rateId, name: "Auto" },
      kind: "booking",
      amount: "12.50",
      status: "paid",
      paidAt: "2032-03-14T22:59:00.000Z",
      stripePaymentIntentId: null,
      refunded: "0.00",
      net: "12.50",
      refunds: [],
      voucherCode: null,
      discount: "0.00",
    });
    const wider = await (await adminApi("/api/admin/payments?from=2032-03-13&to=2032-03-15", { cookie })).json<PaymentDto[]>();
    expect(wider).toHaveLength(4);
  });

  it("refuses bad dates and reversed ranges with 400", async () => {
    for (const q of ["from=2032-02-30", "from=14/03/2032", "from=2032-03-15&to=2032-03-14"]) {
      const res = await adminApi(`/api/admin/payments?${q}`, { cookie });
      expect(res.status, q).toBe(400);
    }
  });
});

describe("GET /api/admin/payments.csv", () => {
  it("is UTF-8 with BOM, ';'-separated, Italian headers, quoted where needed, decimal commas, Rome times", async () => {
    const { eventId } = await seedEvent({ title: 'Concerto "Live"; Napoli', rates: [{ name: "Auto" }] });
    const b = await seedBooking({ eventId, status: "paid", paidAt: at("2033-07-01T18:30:00Z"), amountCents: 1250 });
    await testDb()
      .update(bookings)
      .set({ customerName: "Rossi; Mario\nsecondo rigo", customerEmail: "=HYPERLINK(\"x\")", paymentIntentId: "pi_123" })
      .where(eq(bookings.id, b.id));
    const res = await adminApi("/api/admin/payments.csv?from=2033-07-01&to=2033-07-01", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="pagamenti_2033-07-01_2033-07-01.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text).toBe(
      "Data pagamento;Cliente;Email;Targa;Evento;Tariffa;Tipo;Importo (€);Stato;ID pagamento;Rimborsato (€);Netto (€);Rimborsi;Codice sconto;Sconto (€)\r\n" +
        `01/07/2033 20:30;"Rossi; Mario\nsecondo rigo";"'=HYPERLINK(""x"")";AB123CD;"Concerto ""Live""; Napoli";;Prenotazione;12,50;Pagato;pi_123;0,00;12,50;;;0,00\r\n`,
    );
  });

  it("has only the header row when nothing was paid in the range", async () => {
    const res = await adminApi("/api/admin/payments.csv?from=1999-01-01&to=1999-01-31", { cookie });
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer())).toBe(
      "\uFEFFData pagamento;Cliente;Email;Targa;Evento;Tariffa;Tipo;Importo (€);Stato;ID pagamento;Rimborsato (€);Netto (€);Rimborsi;Codice sconto;Sconto (€)\r\n",
    );
  });
});
