import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouteErrorBoundary } from "./route-error-boundary";

afterEach(cleanup);

describe("a route that fails", () => {
  // Fails when one screen's error blanks the whole app, or the retry cannot bring the screen back.
  it("shows the error with a retry, and the retry renders the route again", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let broken = true;
    function Flaky() {
      if (broken) throw new Error("boom");
      return <p>Pagina caricata</p>;
    }
    render(
      <RouteErrorBoundary>
        <Flaky />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole("alert").textContent).toContain("Qualcosa è andato storto");
    broken = false;
    fireEvent.click(screen.getByRole("button", { name: "Riprova" }));
    expect(screen.getByText("Pagina caricata")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  // Fails when a chunk lost to a deploy or a dropped signal is retried from React's cache (it stays failed).
  it("reloads the page when the route's code failed to load", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    function Lost(): never {
      throw new TypeError("Failed to fetch dynamically imported module: /assets/checkout-page.js");
    }
    render(
      <RouteErrorBoundary>
        <Lost />
      </RouteErrorBoundary>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Riprova" }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});
