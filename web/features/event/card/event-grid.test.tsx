import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Provider } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import { createAppStore, createQueryClient } from "../../../app/query-client";
import { queryKeys } from "../../../lib/query-keys";
import { italianLanguage } from "../../../test/italian";
import { testEvent } from "../../../test/test-event";
import { EventGrid } from "./event-grid";

afterEach(cleanup);

function mount(events: ReturnType<typeof testEvent>[]) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.events, events);
  queryClient.setQueryData(queryKeys.categories, [
    { id: 1, name: "Concerti", nameTranslations: {}, color: "#8B5CF6" },
    { id: 2, name: "Calcio", nameTranslations: {}, color: "#0EA5E9" },
    { id: 3, name: "Teatro", nameTranslations: {}, color: "#F59E0B" },
  ]);
  render(
    <Provider store={createAppStore(queryClient, italianLanguage)}>
      <EventGrid />
    </Provider>,
  );
}

const titles = () => screen.queryAllByRole("heading", { level: 3 }).map((h) => h.textContent);

describe("EventGrid", () => {
  it("shows every event by default and filters by the chosen category", () => {
    mount([
      testEvent({ title: "Concerto A", categoryId: 1 }),
      testEvent({ title: "Partita B", categoryId: 2, category: { id: 2, name: "Calcio", nameTranslations: {}, color: "#0EA5E9" } }),
    ]);
    expect(screen.getByRole("button", { name: "Tutti" }).getAttribute("aria-pressed")).toBe("true");
    expect(titles()).toEqual(["Concerto A", "Partita B"]);
    fireEvent.click(screen.getByRole("button", { name: "Calcio" }));
    expect(screen.getByRole("button", { name: "Calcio" }).getAttribute("aria-pressed")).toBe("true");
    expect(titles()).toEqual(["Partita B"]);
  });

  it("says when a category has no events and offers to show them all", () => {
    mount([testEvent({ title: "Concerto A", categoryId: 1 })]);
    fireEvent.click(screen.getByRole("button", { name: "Teatro" }));
    expect(screen.getByText("Nessun evento disponibile in questa categoria.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Mostra tutti gli eventi" }));
    expect(titles()).toEqual(["Concerto A"]);
  });

  it("says when there are no events at all", () => {
    mount([]);
    expect(screen.getByText("Nessun evento disponibile al momento.")).toBeTruthy();
  });
});
