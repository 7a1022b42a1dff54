import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useLocation, useNavigationType } from "react-router";
import { AppMemoryRouter as MemoryRouter } from "../test/app-memory-router";
import { afterEach, describe, expect, it } from "vitest";
import { useAppSearchParams } from "./search-params";

afterEach(cleanup);

function Probe({ next, replace }: { next: Record<string, string>; replace?: boolean }) {
  const [params, setParams] = useAppSearchParams();
  const location = useLocation();
  return (
    <>
      <output data-testid="tab">{params.get("tab") ?? "-"}</output>
      <output data-testid="where">
        {location.pathname}
        {location.search} {useNavigationType()}
      </output>
      <button type="button" onClick={() => setParams(next, { replace })}>
        set
      </button>
    </>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe("useAppSearchParams", () => {
  it("reads the current query", () => {
    // Fails if the params came from anywhere but the router's location (e.g. a stale first render).
    render(
      <MemoryRouter initialEntries={["/admin/partner-carousel?tab=carosello"]}>
        <Probe next={{}} />
      </MemoryRouter>,
    );
    expect(text("tab")).toBe("carosello");
  });

  it("sets a new query on the same path, pushing by default and replacing when asked", () => {
    // Fails if the setter dropped the path, merged the old query in (react-router's setter replaces
    // it whole) or ignored `replace` (Back would then step through every tab change).
    render(
      <MemoryRouter initialEntries={["/admin?tab=old&x=1"]}>
        <Probe next={{ tab: "bookings" }} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button"));
    expect(text("where")).toBe("/admin?tab=bookings PUSH");
    expect(text("tab")).toBe("bookings");
    cleanup();
    render(
      <MemoryRouter initialEntries={["/?payment=success"]}>
        <Probe next={{}} replace />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button"));
    expect(text("where")).toBe("/ REPLACE");
  });
});
