import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Button } from "./button";
import { DataTable } from "./data-table";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const rows = [
  { id: 1, name: "Giulia Esposito", plate: "FA123BC" },
  { id: 2, name: "Marco Russo", plate: "NA456ZZ" },
];

function mount(width: number, onFree = vi.fn()) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) => ({ matches: width >= 640, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
  render(
    <DataTable
      rows={rows}
      rowKey={(r) => r.id}
      rowTestId="row"
      columns={[
        { header: "Cliente", cell: (r) => r.name },
        { header: "Targa", cell: (r) => r.plate },
      ]}
      actionsHeader="Azioni"
      actions={(r) => <Button onClick={() => onFree(r.id)}>Libera {r.name}</Button>}
    />,
  );
  return onFree;
}

describe("DataTable", () => {
  it("is a table with a header row from 640 px up", () => {
    mount(1280);
    expect(screen.getByRole("table")).toBeTruthy();
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Cliente", "Targa", "Azioni"]);
    expect(screen.getAllByTestId("row").map((r) => r.tagName)).toEqual(["TR", "TR"]);
  });

  it("is one card per row below 640 px: every column as label and value, and the row's action works", () => {
    // Fails if a column or an action were dropped on phones (the bug this component fixes).
    const onFree = mount(360);
    expect(screen.queryByRole("table")).toBeNull();
    const cards = screen.getAllByTestId("row");
    expect(cards.map((c) => c.tagName)).toEqual(["LI", "LI"]);
    const second = within(cards[1]);
    expect(second.getByText("Targa").tagName).toBe("DT");
    expect(second.getByText("NA456ZZ").tagName).toBe("DD");
    fireEvent.click(second.getByRole("button", { name: "Libera Marco Russo" }));
    expect(onFree).toHaveBeenCalledWith(2);
  });
});
