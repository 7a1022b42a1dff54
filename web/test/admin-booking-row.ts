import type { AdminBookingDto } from "../../worker/api";

/** For the tab's tests: one admin booking as the API answers it. */
export function row(overrides: Partial<AdminBookingDto>): AdminBookingDto {
  return {
    id: "11111111-2222-4333-8444-555555555555",
    eventId: 1,
    rateId: 1,
    kind: "booking",
    status: "paid",
    amount: "10.00",
    currency: "eur",
    holdExpiresAt: "2026-11-20T10:15:00.000Z",
    createdAt: "2026-11-20T10:00:00.000Z",
    paidAt: "2026-11-20T10:01:00.000Z",
    customerName: "Anna Bianchi",
    licensePlate: "NA123AB",
    carModel: "Fiat Panda",
    event: { id: 1, title: "Napoli – Inter", datetime: "2026-12-20T19:45:00.000Z" },
    rate: { id: 1, name: "Auto" },
    passSecret: null,
    customerEmail: "anna@example.it",
    stripePaymentIntentId: "pi_1",
    paymentProvider: "demo",
    nome: null,
    cognome: null,
    telefono: null,
    note: null,
    freedAt: null,
    refundedAt: null,
    gateState: null,
    checkedInAt: null,
    checkedOutAt: null,
    plateSpots: 1,
    state: "paid",
    refundedAmount: "0.00",
    refundPending: false,
    refundFailed: false,
    ...overrides,
  } as AdminBookingDto;
}

/** GET /api/admin/bookings's answer: one page holding these rows. */
export const page = (...bookings: AdminBookingDto[]) => ({ bookings, total: bookings.length, nextCursor: null });
