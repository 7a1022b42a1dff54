import { describe, expect, it } from "vitest";
import { vouchers } from "../../db/schema";
import { api, seedEvent, testDb } from "../test/helpers";

const DAY = 86_400_000;

describe("a booking's answer names its voucher (the checkout's discount line)", () => {
  it("at booking and when the checkout reads it again: the code and the cents it took off", async () => {
    const { eventId, rateId } = await seedEvent({ rates: [{ priceCents: 2000 }] });
    const code = `LINE${Date.now().toString(36).toUpperCase()}`;
    await testDb().insert(vouchers).values({ code, kind: "amount", value: 500, maxUses: 10, expiresAt: Date.now() + 30 * DAY });
    const res = await api("/api/bookings", {
      method: "POST",
      json: { eventId, rateId, customerName: "Ciro Russo", customerEmail: "ciro-line@example.it", licensePlate: "NA456CR", carModel: "Fiat 500", voucherCode: code },
    });
    expect(res.status).toBe(201);
    const created = await res.json<{ id: string; amount: string; voucher: unknown }>();
    expect(created).toMatchObject({ amount: "15.00", voucher: { code, discount: "5.00" } });
    const read = await api(`/api/bookings/${created.id}`);
    expect(await read.json()).toMatchObject({ amount: "15.00", voucher: { code, discount: "5.00" } });
  });

  it("without a voucher the answer says so", async () => {
    const { eventId, rateId } = await seedEvent({ rates: [{ priceCents: 2000 }] });
    const res = await api("/api/bookings", {
      method: "POST",
      json: { eventId, rateId, customerName: "Ciro Russo", customerEmail: "ciro-noline@example.it", licensePlate: "NA457CR", carModel: "Fiat 500" },
    });
    expect(await res.json()).toMatchObject({ amount: "20.00", voucher: null });
  });
});
