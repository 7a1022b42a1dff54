import { afterEach, describe, expect, it } from "vitest";
import { dismissPassBanner, showPassBanner } from "../entities/pass/remembered";
import { EVENT_PAGE_PREFIX } from "../../shared/event-path";
import { appWantedAtOnce, EVENT_PAGES } from "./boot-moment";

describe("appWantedAtOnce", () => {
  afterEach(() => dismissPassBanner());

  it("waits for the visitor on a plain visit, in either language", () => {
    expect(appWantedAtOnce("/", "", localStorage)).toBe(false);
    expect(appWantedAtOnce("/", "?lang=en", localStorage)).toBe(false);
  });

  it("runs at once for the card provider's return or any parameter the app reads", () => {
    expect(appWantedAtOnce("/", "?payment=success", localStorage)).toBe(true);
    expect(appWantedAtOnce("/", "?lang=it&payment=success", localStorage)).toBe(true);
  });

  it("runs at once when this device keeps a pass banner (the key the banner writes)", () => {
    showPassBanner({ code: "AB12CD34", eventTitle: "Napoli – Inter" });
    expect(appWantedAtOnce("/", "", localStorage)).toBe(true);
    dismissPassBanner();
    expect(appWantedAtOnce("/", "", localStorage)).toBe(false);
  });

  it("waits on the home and an event's page only: any other page the boot script finds itself on runs at once", () => {
    expect(EVENT_PAGES).toBe(EVENT_PAGE_PREFIX);
    expect(appWantedAtOnce("/eventi/12-napoli-inter", "", localStorage)).toBe(false);
    // The gate offline: its service worker answers /gate with the home's HTML.
    expect(appWantedAtOnce("/gate", "", localStorage)).toBe(true);
    expect(appWantedAtOnce("/le-mie-prenotazioni", "", localStorage)).toBe(true);
  });

  it("waits when storage cannot be read (private mode)", () => {
    const throwing = { getItem: () => { throw new Error("SecurityError"); } };
    expect(appWantedAtOnce("/", "", throwing)).toBe(false);
    expect(appWantedAtOnce("/", "", null)).toBe(false);
  });
});

describe("the boot script's marks", () => {
  it("name the same first acts and the same mark as the app's first-act waits", async () => {
    const boot = await import("./boot-moment");
    const app = await import("./first-act");
    expect(boot.ACTED_MARK).toBe(app.ACTED_MARK);
    expect(boot.FIRST_ACTS).toEqual(app.FIRST_ACTS);
  });
});
