import { act, cleanup, render, screen } from "@testing-library/react";
import { useAppLocation } from "../app/app-location";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppBrowserRouter } from "./app-browser-router";
import { AppLink } from "./app-link";
import { clickLink, Where } from "../test/router-probe";

beforeEach(() => window.history.replaceState(null, "", "/start?x=1"));
afterEach(cleanup);

/** The page for the app's location, as app/router.tsx picks the home. */
function Page() {
  const { pathname } = useAppLocation();
  return <h1>{pathname === "/start" ? "Start" : pathname === "/le-mie-prenotazioni" ? "Prenotazioni" : "?"}</h1>;
}

function renderApp() {
  render(
    <AppBrowserRouter>
      <AppLink to="/le-mie-prenotazioni">Prenotazioni</AppLink>
      <Page />
      <Where />
    </AppBrowserRouter>,
  );
  return () => screen.getByTestId("where").textContent;
}

describe("AppBrowserRouter", () => {
  it("starts at the browser's address", () => {
    // Fails if the router began anywhere but window.location (the prerendered home would then
    // hydrate into another page).
    const where = renderApp();
    expect(where()).toBe("/start?x=1 POP");
    expect(screen.getByRole("heading").textContent).toBe("Start");
  });

  it("writes an in-app navigation to the browser's history and renders the new page", async () => {
    // Fails if navigation only changed React state (the address bar and reload would disagree) or
    // the router stopped listening to its history.
    const where = renderApp();
    await clickLink("Prenotazioni");
    expect(window.location.pathname).toBe("/le-mie-prenotazioni");
    expect(where()).toBe("/le-mie-prenotazioni PUSH");
    expect(screen.getByRole("heading").textContent).toBe("Prenotazioni");
  });

  it("follows the browser's Back button", async () => {
    // Fails if popstate were not listened to: Back would change the address but not the page.
    const where = renderApp();
    await clickLink("Prenotazioni");
    expect(where()).toBe("/le-mie-prenotazioni PUSH");
    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
      window.history.back();
      await popped;
    });
    expect(window.location.pathname).toBe("/start");
    expect(where()).toBe("/start?x=1 POP");
  });
});
