import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mount, serve } from "../../../test/fake-api";
import { CancelEventDialog } from "./cancel-event-dialog";

const event = { id: 51, title: "Napoli – Lecce", cancelled: false };

describe("'Annulla evento' before it is confirmed", () => {
  it("with season holders at the match: says they follow their season's terms and does not promise to refund everyone", async () => {
    serve({
      "GET /api/admin/events/51/cancellation": { progress: null },
      "GET /api/admin/events/51/cancellation/seasons": { seasons: [{ seasonId: 3, seasonName: "Abbonamento Napoli", holders: 2, paidHolders: 2, policy: "none", refundCents: 0 }] },
    });
    mount(<CancelEventDialog event={event} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog");
    // Fails if the general intro ("every paid booking refunded in full") or "rimborsa tutti" stays beside a season that refunds nothing.
    expect(await within(dialog).findByText(/gli abbonati seguono le condizioni del loro abbonamento/)).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Annulla l'evento e avvia i rimborsi" })).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Annulla l'evento e rimborsa tutti" })).toBeNull();
    expect(within(dialog).getByTestId("season-outcome").textContent).toContain("Nessun rimborso per questa partita");
  });

  it("without season holders: every paid booking is refunded, and the button says so", async () => {
    serve({
      "GET /api/admin/events/51/cancellation": { progress: null },
      "GET /api/admin/events/51/cancellation/seasons": { seasons: [] },
    });
    mount(<CancelEventDialog event={event} onClose={() => {}} />);
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByRole("button", { name: "Annulla l'evento e rimborsa tutti" })).toBeTruthy();
    expect(within(dialog).getByText(/Ogni prenotazione pagata viene rimborsata per intero/).textContent).not.toContain("abbonati");
  });
});
