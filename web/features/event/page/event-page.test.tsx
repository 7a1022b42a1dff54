import { cleanup, render, screen } from "@testing-library/react";
import { createStore, Provider } from "jotai";
import { Route, Routes } from "react-router";
import { AppMemoryRouter as MemoryRouter } from "../../../test/app-memory-router";
import { afterEach, describe, expect, it } from "vitest";
import { catalogueAtom } from "../../../i18n/lang";
import { italianLanguage } from "../../../test/italian";
import { testEvent, testRate } from "../../../test/test-event";
import type { EventDto } from "../../../entities/event/types";
import { EventPage } from "./event-page";
import { injectedEventPageAtom } from "./event-page-data";
import { EVENT_PAGE_ROUTE } from "../../../../shared/event-path";

afterEach(cleanup);

function renderPage(path: string, injected: { id: number; event: EventDto | null; ended?: boolean }) {
  const store = createStore();
  store.set(catalogueAtom, italianLanguage);
  store.set(injectedEventPageAtom, { ended: false, ...injected });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={EVENT_PAGE_ROUTE} element={<EventPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe("EventPage", () => {
  it("shows the event the Worker rendered: title, spots, every rate with its price and a Prenota button", () => {
    const event = testEvent({ id: 5, title: "Napoli – Inter", availableSpots: 37, rates: [testRate({ name: "Posto auto", price: "18.00" }), testRate({ name: "Moto", price: "8.00" })] });
    renderPage("/eventi/5-napoli-inter", { id: 5, event });
    expect(screen.getByRole("heading", { level: 1, name: "Napoli – Inter" })).toBeTruthy();
    expect(screen.getByTestId("free-spots").textContent).toBe("Ancora 37 posti liberi");
    expect(screen.getByText("€ 18,00")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Prenota: Posto auto" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Prenota: Moto" })).toBeTruthy();
  });

  // Fails if a cancelled event's page still offered a booking.
  it("says Annullato for a cancelled event and offers nothing", () => {
    const event = testEvent({ id: 6, title: "Concerto", cancelled: true, isActive: false });
    renderPage("/eventi/6-concerto", { id: 6, event });
    expect(screen.getAllByText("Annullato").length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: /^Prenota/ })).toBeNull();
    expect(screen.queryByTestId("free-spots")).toBeNull();
  });

  it("keeps the rates but no Prenota button on a sold-out event", () => {
    const event = testEvent({ id: 7, title: "Pieno", availableSpots: 0 });
    renderPage("/eventi/7-pieno", { id: 7, event });
    expect(screen.getAllByText("Esaurito").length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: /^Prenota/ })).toBeNull();
  });

  // Fails if the browser showed an event where the Worker answered 404 (hydration would not match).
  it("is the 404 screen when the Worker found no event, or the path has no id", () => {
    renderPage("/eventi/9-spento", { id: 9, event: null });
    expect(screen.getByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
    cleanup();
    renderPage("/eventi/nessun-id", { id: 0, event: null });
    expect(screen.getByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
  });
});
