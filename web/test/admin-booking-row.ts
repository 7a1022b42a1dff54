import type { AdminBookingDto } from "../../worker/api";
import { bookingDto } from "./booking-dto";

/** For the tab's tests: one admin booking as the API answers it. */
export function row(overrides: Partial<AdminBookingDto>): AdminBookingDto {
  return {
    ...bookingDto(),
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
