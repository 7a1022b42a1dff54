import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { COLLAPSED_HEIGHT, EventCard, EXPANDED_HEIGHT } from "./event-card";
import { testEvent, testRate } from "./test-event";

afterEach(cleanup);

function renderCard(overrides: Parameters<typeof testEvent>[0] = {}) {
  const event = testEvent(overrides);
  render(<EventCard event={event} />);
  const card = screen.getByTestId("event-card");
  const toggle = within(card).getByRole("button", { name: event.title });
  return { event, card, toggle };
}

describe("EventCard", () => {
  it("is 400 px collapsed and 760 px expanded, the chevron button toggling it", () => {
    const { card, toggle } = renderCard();
    expect(card.style.height).toBe(`${COLLAPSED_HEIGHT}px`);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(card.style.height).toBe(`${EXPANDED_HEIGHT}px`);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(toggle);
    expect(card.style.height).toBe("400px");
  });

  it("shows the category tag, the counters and the Quando / Durata / Distanza rows", () => {
    const { card, toggle } = renderCard({ duration: "", counters: { liberi: 41, prenotati: 7, opzionati: 3 } });
    expect(within(card).getByText("Concerti")).toBeTruthy();
    fireEvent.click(toggle);
    for (const [value, label] of [["41", "Liberi"], ["7", "Prenotati"], ["3", "Opzionati"]]) {
      expect(within(card).getByText(label).previousElementSibling?.textContent).toBe(value);
    }
    expect(within(card).getByText("Quando").nextElementSibling?.textContent).toBe("sabato 14 marzo 2026 ore 21:00");
    expect(within(card).getByText("Durata").nextElementSibling?.textContent).toBe("4 ore");
    expect(within(card).getByText("Distanza").nextElementSibling?.textContent).toBe("800 m dallo stadio");
  });

  it("says 'Attivo' for an always-active event and 'Data non specificata' without a date", () => {
    renderCard({ isAlwaysActive: true, datetime: null });
    expect(screen.getAllByText("Attivo").length).toBeGreaterThan(0);
    cleanup();
    renderCard({ datetime: null });
    expect(screen.getAllByText("Data non specificata").length).toBeGreaterThan(0);
  });

  it("offers '...leggi altro' only for descriptions over 80 characters", () => {
    const { toggle } = renderCard({ description: "x".repeat(80) });
    fireEvent.click(toggle);
    expect(screen.queryByRole("button", { name: "...leggi altro" })).toBeNull();
    cleanup();
    const long = renderCard({ description: "y".repeat(81) });
    fireEvent.click(long.toggle);
    expect(screen.getByRole("button", { name: "...leggi altro" })).toBeTruthy();
  });

  it("lists the rates with cut names and euro prices, and comes back to the details", () => {
    const rates = [testRate({ name: "Posto coperto con custodia notturna", price: "25" }), testRate({ name: "Posto auto", price: "15.5" })];
    const { card, toggle } = renderCard({ rates });
    fireEvent.click(toggle);
    fireEvent.click(within(card).getByRole("button", { name: "TARIFFE DISPONIBILI (2)" }));
    expect(within(card).getByText("Seleziona una tariffa per prenotare")).toBeTruthy();
    expect(within(card).getByText("Posto coperto con cu...")).toBeTruthy();
    expect(within(card).getByText("€25.00")).toBeTruthy();
    expect(within(card).getByText("€15.50")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "← TORNA AI DETTAGLI" }));
    expect(within(card).getByText("Liberi")).toBeTruthy();
  });

  it("shows PREVENDITA with its price only when the presale is visible", () => {
    const { card, toggle } = renderCard({ isPrevenditaVisible: true, isPrevenditaPayable: true, prevendita_price: "12.00" });
    fireEvent.click(toggle);
    const presale = within(card).getByRole("button", { name: /PREVENDITA/ });
    expect(presale.textContent).toContain("€12.00");
    cleanup();
    const hidden = renderCard({ isPrevenditaVisible: false, prevendita_price: "12.00" });
    fireEvent.click(hidden.toggle);
    expect(screen.queryByRole("button", { name: /PREVENDITA/ })).toBeNull();
  });

  it("uses the keyword image, else a placeholder icon", () => {
    const { card } = renderCard({ title: "Elodie in concerto" });
    expect(card.querySelector("img")?.getAttribute("src")).toMatch(/elodie/);
    cleanup();
    renderCard({ title: "Passeggiata" });
    expect(screen.getByRole("img", { name: "Immagine non disponibile" })).toBeTruthy();
  });

  it("says a sold-out event is sold out and offers no booking", () => {
    const { card, toggle } = renderCard({
      availableSpots: 0,
      counters: { liberi: 0, prenotati: 50, opzionati: 50 },
      isPrevenditaVisible: true,
      isPrevenditaPayable: true,
      prevendita_price: "10.00",
    });
    expect(within(card).getAllByText("Posti esauriti").length).toBeGreaterThan(0);
    fireEvent.click(toggle);
    expect(within(card).queryByRole("button", { name: /TARIFFE DISPONIBILI/ })).toBeNull();
    expect(within(card).queryByRole("button", { name: /PREVENDITA/ })).toBeNull();
  });
});
