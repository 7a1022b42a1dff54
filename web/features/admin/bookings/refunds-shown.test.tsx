import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mount, serve } from "../../../test/fake-api";
import { BookingsTab } from "./bookings-tab";
import type { RefundRow } from "./queries";
import { RefundDialog } from "./refund-dialog";
import { AppMemoryRouter } from "../../../test/app-memory-router";
import { page, row } from "../../../test/admin-booking-row";



const refund = (overrides: Partial<RefundRow>): RefundRow => ({
  id: crypto.randomUUID(),
  bookingId: "11111111-2222-4333-8444-555555555555",
  amount: "4.00",
  reason: "",
  source: "admin",
  completed: false,
  createdAt: "2026-11-21T09:00:00.000Z",
  status: "succeeded",
  failureReason: null,
  ...overrides,
});

describe("partial refunds in the admin (finding 5)", () => {
  it("shows on the bookings row the money that went back and flags a failed refund", async () => {
    serve({
      "GET /api/admin/bookings": page(row({ state: "partly_refunded", refundedAmount: "4.00", refundFailed: true })),
      "GET /api/admin/events": [],
    });
    mount(<AppMemoryRouter initialEntries={["/admin?tab=prenotazioni"]}><BookingsTab /></AppMemoryRouter>);
    const bookingRow = await screen.findByTestId("booking-row");
    expect(within(bookingRow).getByText("Opzionato")).toBeTruthy();
    expect(within(bookingRow).getByTestId("refunded-amount").textContent).toBe("Rimborsato parzialmente € 4,00 di € 10,00");
    expect(within(bookingRow).getByText("Rimborso non riuscito")).toBeTruthy();
  });

  it("lets staff open the refunds of a fully refunded booking, which has no 'Rimborsa' any more", async () => {
    serve({ "GET /api/admin/bookings": page(row({ status: "refunded", state: "refunded", refundedAmount: "10.00" })), "GET /api/admin/events": [] });
    mount(<AppMemoryRouter initialEntries={["/admin?tab=prenotazioni"]}><BookingsTab /></AppMemoryRouter>);
    const bookingRow = await screen.findByTestId("booking-row");
    expect(within(bookingRow).queryByRole("button", { name: "Rimborsa" })).toBeNull();
    expect(within(bookingRow).getByRole("button", { name: "Rimborsi di Anna Bianchi" })).toBeTruthy();
  });

  it("lists the booking's refunds with their real outcome, the provider's reason of a failure, and retries it with Riprova", async () => {
    const failed = refund({ amount: "3.00", status: "failed", failureReason: "charge_disputed" });
    const calls = serve({
      "GET /api/admin/bookings/11111111-2222-4333-8444-555555555555/refunds": [refund({}), refund({ amount: "1.00", status: "pending" }), failed],
      [`POST /api/admin/refunds/${failed.id}/retry`]: { refund: { ...failed, status: "pending", failureReason: null } },
    });
    mount(<RefundDialog booking={{ id: "11111111-2222-4333-8444-555555555555", customerName: "Anna Bianchi", amount: "10.00", refundedAmount: "4.00", refundable: true }} onClose={() => {}} />);
    const items = await screen.findAllByTestId("refund-item");
    expect(items.map((i) => i.dataset.status)).toEqual(["succeeded", "pending", "failed"]);
    expect(within(items[0]).getByText("Rimborsato")).toBeTruthy();
    expect(within(items[1]).getByText("In corso")).toBeTruthy();
    expect(within(items[2]).getByText("Non riuscito")).toBeTruthy();
    expect(within(items[2]).getByText("Il fornitore dei pagamenti ha risposto: charge_disputed")).toBeTruthy();
    expect(within(items[0]).queryByRole("button", { name: "Riprova" })).toBeNull();
    await act(async () => {
      fireEvent.click(within(items[2]).getByRole("button", { name: "Riprova" }));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(calls).toContain(`POST /api/admin/refunds/${failed.id}/retry`);
  });
});
