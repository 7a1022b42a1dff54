import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mount, serve } from "../../../test/fake-api";
import { testEvent, testRate } from "../../../test/test-event";
import { EventsTab } from "./events-tab";


describe("a cancelled event in the Eventi tab (finding 8)", () => {
  it("is read-only: no active switch, no Rinvia, no second Annulla evento; it says Annullato with its cancellation progress, and its rates stay readable", async () => {
    const cancelled = testEvent({ id: 41, title: "Partita annullata", cancelled: true, isActive: false, rates: [testRate({ id: 7, name: "Posto auto", price: "15.00" })] });
    const live = testEvent({ id: 42, title: "Concerto vivo" });
    const calls = serve({
      "GET /api/admin/events": [cancelled, live],
      "GET /api/admin/events/41/cancellation": { progress: { status: "done", total: 3, refunded: 2, failures: [{ bookingId: "abcdef12-0000", error: "charge_disputed" }] } },
      "GET /api/categories": [],
    });
    mount(<EventsTab />);
    const rows = await screen.findAllByTestId("event-row");
    const row = rows.find((r) => r.dataset.eventId === "41")!;
    const other = rows.find((r) => r.dataset.eventId === "42")!;
    expect(within(row).getByTestId("event-cancelled").textContent).toBe("Annullato");
    expect(within(row).queryByRole("switch")).toBeNull();
    expect(within(row).queryByRole("button", { name: "Rinvia evento Partita annullata" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "Annulla evento Partita annullata" })).toBeNull();
    expect((await within(row).findByTestId("cancellation-progress")).textContent).toContain("2 di 3 rimborsate");
    // The live event keeps every control.
    expect(within(other).getByRole("switch")).toBeTruthy();
    expect(within(other).getByRole("button", { name: "Annulla evento Concerto vivo" })).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(row).getByRole("button", { name: "Vedi evento Partita annullata" }));
    });
    const dialog = await screen.findByRole("dialog", { name: "Evento annullato: sola lettura" });
    expect((within(dialog).getByDisplayValue("Posto auto") as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).queryByRole("button", { name: "Salva" })).toBeNull();
    expect(calls.filter((c) => c.startsWith("PUT"))).toEqual([]);
  });
});
