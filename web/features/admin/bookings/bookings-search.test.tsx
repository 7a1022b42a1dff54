import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { mount } from "../../../test/fake-api";
import { AppMemoryRouter } from "../../../test/app-memory-router";
import { BookingsTab } from "./bookings-tab";
import { row } from "../../../test/admin-booking-row";

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

/** The API: bookings answered by cursor (two pages), every request's URL kept. */
function serveTwoPages() {
  const urls: URL[] = [];
  const first = row({ id: "3f9a1c2b-0000-4000-8000-000000000001", customerName: "Anna Bianchi" });
  const second = row({ id: "0badc0de-0000-4000-8000-000000000002", customerName: "Luca Verdi" });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      urls.push(url);
      if (url.pathname === "/api/admin/events") return Response.json([{ id: 7, title: "Napoli – Inter" }]);
      if (url.pathname !== "/api/admin/bookings") return new Response("{}", { status: 404 });
      return url.searchParams.get("cursor") === "next"
        ? Response.json({ bookings: [second], total: 2, nextCursor: null })
        : Response.json({ bookings: [first], total: 2, nextCursor: "next" });
    }),
  );
  return urls;
}

const mountAt = (path: string) =>
  mount(
    <AppMemoryRouter initialEntries={[path]}>
      <BookingsTab />
      <Where />
    </AppMemoryRouter>,
  );

describe("Prenotazioni: the search on the server", () => {
  it("asks with the URL's filters, shows each row's code and the total, and loads the next page on request", async () => {
    const urls = serveTwoPages();
    mountAt("/admin?tab=prenotazioni&q=3f9a&event=7&status=paid&from=2026-03-01&to=2026-03-31");
    const [firstRow] = await screen.findAllByTestId("booking-row");
    expect(within(firstRow).getByTestId("booking-code").textContent).toBe("3F9A1C2B");
    const asked = urls.find((u) => u.pathname === "/api/admin/bookings")!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ q: "3f9a", eventId: "7", status: "paid", from: "2026-03-01", to: "2026-03-31", limit: "50" });
    expect((screen.getByLabelText("Trova una prenotazione") as HTMLInputElement).value).toBe("3f9a");
    expect(screen.getByTestId("bookings-total").textContent).toBe("1 mostrate su 2 prenotazioni");

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Carica altre" })));
    await waitFor(() => expect(screen.getAllByTestId("booking-row").map((r) => within(r).getByTestId("booking-code").textContent)).toEqual(["3F9A1C2B", "0BADC0DE"]));
    expect(urls.at(-1)!.searchParams.get("cursor")).toBe("next");
    expect(screen.getByTestId("bookings-total").textContent).toBe("2 prenotazioni");
    expect(screen.queryByRole("button", { name: "Carica altre" })).toBeNull();
  });

  it("puts the search field's text in the URL, keeping the tab and the other filters", async () => {
    serveTwoPages();
    mountAt("/admin?tab=prenotazioni&status=paid");
    await screen.findAllByTestId("booking-row");
    fireEvent.change(screen.getByLabelText("Trova una prenotazione"), { target: { value: " 3F9A1C2B " } });
    await act(async () => fireEvent.submit(screen.getByRole("search")));
    expect(new URLSearchParams(screen.getByTestId("where").textContent!).toString()).toBe("tab=prenotazioni&q=3F9A1C2B&status=paid");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Azzera filtri" })));
    expect(screen.getByTestId("where").textContent).toBe("?tab=prenotazioni");
  });
});
