import type { BookingDto } from "../components/payment/queries";

/** For tests: one booking as GET /api/bookings/:id answers it (paid, Napoli – Inter), with `overrides`. */
export function bookingDto(overrides: Partial<BookingDto> = {}): BookingDto {
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
    voucher: null,
    ...overrides,
  } as BookingDto;
}
