import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FIXED_NOW } from "../../../../shared/test/clock";
import { COLLAPSED_HEIGHT, EventCard, EXPANDED_HEIGHT } from "./event-card";
import { testEvent, testRate } from "../../../test/test-event";

// happy-dom never loads images and calls every one complete and broken; a browser's image is still
// loading when React first renders it, and only a fetched broken one is complete with no width.
let imageState = { complete: false, naturalWidth: 0 };
beforeEach(() => {
  // The card reads the clock to close bookings at endsAt: a fixed instant (only Date; timers run).
  vi.useFakeTimers({ toFake: ["Date"], now: FIXED_NOW });
  imageState = { complete: false, naturalWidth: 0 };
  vi.spyOn(HTMLImageElement.prototype, "complete", "get").mockImplementation(() => imageState.complete);
  vi.spyOn(HTMLImageElement.prototype, "naturalWidth", "get").mockImplementation(() => imageState.naturalWidth);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

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
    const { card, toggle } = renderCard({ counters: { liberi: 41, prenotati: 7, opzionati: 3 } });
    expect(within(card).getByText("Concerti")).toBeTruthy();
    fireEvent.click(toggle);
    for (const [value, label] of [["41", "Liberi"], ["7", "Prenotati"], ["3", "Opzionati"]]) {
      expect(within(card).getByText(label).previousElementSibling?.textContent).toBe(value);
    }
    expect(within(card).getByText("Quando").nextElementSibling?.textContent).toBe("sabato 14 marzo 2026 ore 21:00");
    expect(within(card).getByText("Durata").nextElementSibling?.textContent).toBe("5 ore");
    expect(within(card).getByText("Distanza").nextElementSibling?.textContent).toBe("800 m");
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
    expect(within(card).getByText("€ 25,00")).toBeTruthy();
    expect(within(card).getByText("€ 15,50")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "← TORNA AI DETTAGLI" }));
    expect(within(card).getByText("Liberi")).toBeTruthy();
  });

  it("shows PREVENDITA with its price only when the presale is visible", () => {
    const { card, toggle } = renderCard({ isPrevenditaVisible: true, isPrevenditaPayable: true, prevendita_price: "12.00" });
    fireEvent.click(toggle);
    const presale = within(card).getByRole("button", { name: /PREVENDITA/ });
    expect(presale.textContent).toContain("€ 12,00");
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

  it("shows an event that ended while the page was open as 'Evento concluso', with no booking buttons", () => {
    const { card, toggle } = renderCard({
      endsAt: new Date(Date.now() - 60_000).toISOString(),
      isPrevenditaVisible: true,
      isPrevenditaPayable: true,
      prevendita_price: "10.00",
    });
    expect(within(card).getAllByText("Evento concluso").length).toBeGreaterThan(0);
    expect(within(card).queryByText(/posti liberi/)).toBeNull();
    fireEvent.click(toggle);
    expect(within(card).getByText("Le prenotazioni per questo evento sono chiuse.")).toBeTruthy();
    expect(within(card).queryByRole("button", { name: /TARIFFE DISPONIBILI/ })).toBeNull();
    expect(within(card).queryByRole("button", { name: /PREVENDITA/ })).toBeNull();
  });

  it("shows a cancelled event as 'Annullato' with the refund note, no free spots, price or booking buttons", () => {
    const { card, toggle } = renderCard({
      cancelled: true,
      isActive: false,
      isPrevenditaVisible: true,
      isPrevenditaPayable: true,
      prevendita_price: "10.00",
      rates: [testRate({ price: "12.00" })],
    });
    const note = "Evento annullato: le prenotazioni pagate sono state rimborsate.";
    expect(within(card).getByText("Annullato")).toBeTruthy();
    expect(within(card).getByText(note)).toBeTruthy();
    expect(within(card).queryByText(/posti liberi/)).toBeNull();
    expect(within(card).queryByText(/da 12/)).toBeNull();
    fireEvent.click(toggle);
    // Expanded: the alert replaces PREVENDITA and TARIFFE DISPONIBILI (fails if the cancelled branch is dropped).
    expect(within(card).getAllByText("Annullato").length).toBeGreaterThan(1);
    expect(within(card).queryByText("Liberi")).toBeNull();
    expect(within(card).getByText(note)).toBeTruthy();
    expect(within(card).queryByRole("button", { name: /TARIFFE DISPONIBILI/ })).toBeNull();
    expect(within(card).queryByRole("button", { name: /PREVENDITA/ })).toBeNull();
  });

  it("renders 'Annullato' from the data alone, so the Worker's HTML and the hydrated card agree (decision 017)", () => {
    const event = testEvent({ cancelled: true, isActive: false });
    const html = renderToString(<EventCard event={event} />);
    expect(html).toContain("Annullato");
    expect(html).not.toContain("posti liberi");
    render(<EventCard event={event} />);
    expect(screen.getByTestId("event-card").textContent).toContain("Annullato");
  });

  it("keeps booking open until endsAt", () => {
    const { card, toggle } = renderCard({ endsAt: new Date(Date.now() + 60_000).toISOString() });
    expect(within(card).queryByText("Evento concluso")).toBeNull();
    fireEvent.click(toggle);
    expect(within(card).getByRole("button", { name: /TARIFFE DISPONIBILI/ })).toBeTruthy();
  });

  it("falls back to the title's bundled image, then the placeholder, when the event's image fails to load", () => {
    const { card } = renderCard({ title: "Napoli – Inter", imageUrl: "/objects/uploads/broken.jpg" });
    const img = card.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/objects/uploads/broken.jpg");
    fireEvent.error(img);
    const fallback = card.querySelector("img")!;
    expect(fallback.getAttribute("src")).toMatch(/napoli/);
    fireEvent.error(fallback);
    expect(card.querySelector("img")).toBeNull();
    expect(within(card).getByRole("img", { name: "Immagine non disponibile" })).toBeTruthy();
    cleanup();
    const plain = renderCard({ title: "Passeggiata", imageUrl: "/objects/uploads/broken.jpg" });
    fireEvent.error(plain.card.querySelector("img")!);
    expect(within(plain.card).getByRole("img", { name: "Immagine non disponibile" })).toBeTruthy();
  });

  it("recognises an image that broke before hydration, when onError never fired", () => {
    imageState = { complete: true, naturalWidth: 0 };
    const { card } = renderCard({ title: "Napoli – Inter", imageUrl: "/objects/uploads/broken.jpg" });
    expect(within(card).getByRole("img", { name: "Immagine non disponibile" })).toBeTruthy();
    cleanup();
    imageState = { complete: true, naturalWidth: 800 };
    const loaded = renderCard({ title: "Napoli – Inter", imageUrl: "/objects/uploads/fine.jpg" });
    expect(loaded.card.querySelector("img")?.getAttribute("src")).toBe("/objects/uploads/fine.jpg");
  });
});

describe("EventCard's way to the event's page", () => {
  afterEach(cleanup);

  // Fails if the card lost its crawlable link (search engines and "open in new tab" need a real href).
  it("links to the event's page with a real anchor, and its title still opens the card", () => {
    const event = testEvent({ id: 42, title: "Napoli – Inter" });
    render(<EventCard event={event} />);
    const card = screen.getByTestId("event-card");
    const link = within(card).getByRole("link", { name: "Pagina dell'evento Napoli – Inter" });
    expect(link.getAttribute("href")).toBe("/eventi/42-napoli-inter");
    fireEvent.click(within(card).getByRole("button", { name: "Napoli – Inter" }));
    expect(card.dataset.expanded).toBe("true");
  });

  // Fails if the share fell through to nothing on a browser without the share sheet (desktop).
  it("copies the page's link with a toast where the browser cannot share", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: { writeText } });
    render(<EventCard event={testEvent({ id: 7, title: "Elodie" })} />);
    // Only the title button answers to the title (the share button's name is "Condividi").
    expect(screen.getAllByRole("button", { name: /Elodie/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Condividi" }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/eventi/7-elodie?ref=share`));
    vi.unstubAllGlobals();
  });

  it("uses the system's share sheet where there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, share });
    render(<EventCard event={testEvent({ id: 8, title: "Champions" })} />);
    fireEvent.click(screen.getByRole("button", { name: "Condividi" }));
    await vi.waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/eventi/8-champions?ref=share` })));
    vi.unstubAllGlobals();
  });
});

describe("a postponed event (issue 48)", () => {
  it("is called postponed on its card, and not when it never moved", () => {
    const { card } = renderCard({ postponedFrom: "2026-12-13T19:45:00.000Z" });
    expect(within(card).getByTestId("postponed-badge").textContent).toBe("Rinviato");
    cleanup();
    const plain = renderCard();
    expect(within(plain.card).queryByTestId("postponed-badge")).toBeNull();
  });
});
