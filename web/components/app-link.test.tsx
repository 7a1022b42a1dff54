import type { ReactNode } from "react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { AppMemoryRouter as MemoryRouter } from "../test/app-memory-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppLink, AppNavLink } from "./app-link";
import { Where } from "../test/router-probe";

// happy-dom follows a link whose click nobody prevented (a real page load it cannot make): note
// whether the app prevented it, then stop the browser's part.
let appPrevented: boolean | undefined;
const stopPageLoad = (event: Event) => {
  appPrevented = event.defaultPrevented;
  event.preventDefault();
};
beforeEach(() => window.addEventListener("click", stopPageLoad));
afterEach(() => {
  window.removeEventListener("click", stopPageLoad);
  appPrevented = undefined;
  cleanup();
});

function renderAt(path: string, links: ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      {links}
      <Where />
    </MemoryRouter>,
  );
  return () => screen.getByTestId("where").textContent;
}

/** A click as the browser would dispatch it; true when the app took it over (prevented the page load). */
function click(name: string, init: MouseEventInit = {}) {
  fireEvent.click(screen.getByRole("link", { name }), { button: 0, ...init });
  return appPrevented;
}

describe("AppLink", () => {
  it("has the router's href and navigates in the app on a plain click, without a page load", () => {
    // Fails if the link lost useHref (a wrong or relative href), or left the click to the browser:
    // then the default is not prevented (a full page load) and the router's location stays put.
    const where = renderAt("/", <AppLink to="/le-mie-prenotazioni?x=1">Prenotazioni</AppLink>);
    expect(screen.getByRole("link", { name: "Prenotazioni" }).getAttribute("href")).toBe("/le-mie-prenotazioni?x=1");
    expect(click("Prenotazioni")).toBe(true);
    expect(where()).toBe("/le-mie-prenotazioni?x=1 PUSH");
  });

  it("leaves ctrl-, meta-, shift- and alt-clicks, other buttons and target=_blank to the browser", () => {
    // Fails if any of these were intercepted: the user asked for a new tab/window (or a download),
    // which a router navigation inside this tab would swallow.
    const where = renderAt(
      "/",
      <>
        <AppLink to="/a">A</AppLink>
        <AppLink to="/b" target="_blank">
          B
        </AppLink>
      </>,
    );
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(click("A", init)).toBe(false);
    }
    expect(click("B")).toBe(false);
    expect(where()).toBe("/ POP");
  });

  it("follows target=_self like a plain link", () => {
    // Fails if every target, even the default one spelled out, were left to the browser.
    const where = renderAt("/", <AppLink to="/a" target="_self">A</AppLink>);
    expect(click("A")).toBe(true);
    expect(where()).toBe("/a PUSH");
  });

  it("does not navigate when its own onClick prevented the default", () => {
    // Fails if the onClick ran after the navigation or its preventDefault were ignored: a caller
    // could then not cancel the move (e.g. to ask first).
    let called = 0;
    const where = renderAt(
      "/",
      <AppLink
        to="/a"
        onClick={(event) => {
          called++;
          event.preventDefault();
        }}
      >
        A
      </AppLink>,
    );
    click("A");
    expect(called).toBe(1);
    expect(where()).toBe("/ POP");
  });

  it("replaces the history entry for a link to the current page, or when asked to", () => {
    // Fails if a click on the page one is on pushed a duplicate entry (Back would then seem broken),
    // or if `replace` were dropped.
    const where = renderAt(
      "/a",
      <>
        <AppLink to="/a">Same</AppLink>
        <AppLink to="/b" replace>
          Replace
        </AppLink>
      </>,
    );
    click("Same");
    expect(where()).toBe("/a REPLACE");
    click("Replace");
    expect(where()).toBe("/b REPLACE");
  });
});

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? "on" : "off");

describe("AppNavLink", () => {
  function renderNav(path: string) {
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <nav>
                <AppNavLink to="/admin" end className={navClass}>
                  Dashboard
                </AppNavLink>
                <AppNavLink to="/admin/calendario" className={navClass}>
                  Calendario
                </AppNavLink>
                <AppNavLink to="/admin/partner-carousel" className="tab">
                  Partner
                </AppNavLink>
              </nav>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    const link = (name: string) => screen.getByRole("link", { name });
    return { link };
  }

  it("marks the current page's link with aria-current=page and the active class, and only it", () => {
    // Fails if the active rule or its outputs were lost: the admin's tab bar would show no current
    // tab, visually (class function) or to a screen reader (aria-current).
    const { link } = renderNav("/admin/calendario");
    expect(link("Calendario").getAttribute("aria-current")).toBe("page");
    expect(link("Calendario").className).toBe("on");
    expect(link("Dashboard").getAttribute("aria-current")).toBeNull();
    expect(link("Dashboard").className).toBe("off");
    expect(link("Partner").className).toBe("tab");
  });

  // Without end: fails if the rule were an exact match (a calendar sub-page would show no tab) or a
  // bare prefix match (/admin/calendario-vecchio would light up Calendario). With end: fails if `end`
  // were ignored (Dashboard, /admin, would be marked on every admin page).
  it.each([
    ["without end is also active below its path, but not on a path that merely starts alike", "Calendario", "/admin/calendario/2026-11", "/admin/calendario-vecchio"],
    ["with end is active only on its exact path, as the dashboard tab needs", "Dashboard", "/admin", "/admin/calendario"],
  ])("%s", (_, tab, activeOn, inactiveOn) => {
    let { link } = renderNav(activeOn);
    expect(link(tab).getAttribute("aria-current")).toBe("page");
    cleanup();
    ({ link } = renderNav(inactiveOn));
    expect(link(tab).getAttribute("aria-current")).toBeNull();
  });

  it("appends 'active' to a string className, like NavLink, and ignores the path's case", () => {
    // Fails if a string className lost NavLink's "active" or the match became case-sensitive.
    const { link } = renderNav("/Admin/Partner-Carousel");
    expect(link("Partner").className).toBe("tab active");
    expect(link("Partner").getAttribute("aria-current")).toBe("page");
  });

  it("moves the mark when a click navigates", () => {
    // Fails if the active state were computed once instead of from the current location.
    const { link } = renderNav("/admin");
    fireEvent.click(link("Calendario"), { button: 0 });
    expect(link("Calendario").getAttribute("aria-current")).toBe("page");
    expect(link("Dashboard").getAttribute("aria-current")).toBeNull();
  });
});
