import { beforeEach, describe, expect, it } from "vitest";
import { dismissPassBanner, passBanner, rememberBooking, rememberedBooking, rememberedBookings, showPassBanner } from "./remembered";

beforeEach(() => localStorage.clear());

describe("bookings remembered on this device", () => {
  it("keeps every booking, newest first, each code once; the newest prefills the form", () => {
    rememberBooking({ email: "anna@example.it", code: "AAAA1111" });
    rememberBooking({ email: "luca@example.it", code: "BBBB2222" });
    rememberBooking({ email: "anna@example.it", code: "AAAA1111" });
    expect(rememberedBookings()).toEqual([
      { email: "anna@example.it", code: "AAAA1111" },
      { email: "luca@example.it", code: "BBBB2222" },
    ]);
    expect(rememberedBooking()).toEqual({ email: "anna@example.it", code: "AAAA1111" });
  });

  it("still finds a booking remembered by the earlier single-entry version", () => {
    localStorage.setItem("parcheggi-eventi:ultima-prenotazione", JSON.stringify({ email: "old@example.it", code: "CCCC3333" }));
    expect(rememberedBookings()).toEqual([{ email: "old@example.it", code: "CCCC3333" }]);
  });

  it("ignores broken storage", () => {
    localStorage.setItem("parcheggi-eventi:prenotazioni", "{not json");
    expect(rememberedBookings()).toEqual([]);
  });

  it("shows the pass banner until it is dismissed", () => {
    expect(passBanner()).toBeNull();
    showPassBanner({ code: "AAAA1111", eventTitle: "Concerto" });
    expect(passBanner()).toEqual({ code: "AAAA1111", eventTitle: "Concerto" });
    dismissPassBanner();
    expect(passBanner()).toBeNull();
  });
});
