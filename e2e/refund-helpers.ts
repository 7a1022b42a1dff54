import type { Page } from "@playwright/test";
import { itAdmin } from "../web/i18n/it-admin";
import { loginAsAdmin } from "./admin-helpers";
import { createBooking, eventByTitle, payBooking } from "./public-helpers";

/** A booking paid for the seeded Pinguini concert in `name`, then the admin's bookings tab with that row's refund dialog open. */
export async function openRefundOfPaidBooking(page: Page, name: string, email: string) {
  const event = await eventByTitle(page.request, "Pinguini");
  const booking = await createBooking(page.request, event.id, event.rates[0].id, { name, email });
  await payBooking(page.request, booking.id);
  await loginAsAdmin(page, "/admin?tab=prenotazioni");
  const row = page.getByTestId("booking-row").filter({ hasText: name });
  await row.getByRole("button", { name: "Rimborsa" }).click();
  return { row, dialog: page.getByRole("dialog", { name: itAdmin.bookings.refundTitle(name) }) };
}
