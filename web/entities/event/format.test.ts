import { describe, expect, it } from "vitest";
import { it as italian, en as english } from "../../i18n/whole";
import { eventDistance, eventDuration, eventImage, eventWhen, inLanguage, isSoldOut, lowestPayablePrice, needsReadMore, rateLabel, unavailableMessage } from "./format";
import { testEvent, testRate } from "../../test/test-event";

describe("event card formatting", () => {
  it("cuts rate names longer than 20 characters and keeps shorter ones", () => {
    expect(rateLabel({ name: "Posto coperto con custodia notturna" })).toBe("Posto coperto con cu...");
    expect(rateLabel({ name: "x".repeat(20) })).toBe("x".repeat(20));
    expect(rateLabel({ name: "Posto auto" })).toBe("Posto auto");
  });

  it("writes money one way per language: a decimal comma in Italian, a point in English, always two decimals", () => {
    expect(italian.money("15")).toBe("€ 15,00");
    expect(italian.money("7.5")).toBe("€ 7,50");
    expect(italian.money(1505)).toBe("€ 15,05"); // a number is cents
    expect(english.money("15")).toBe("€15.00");
    expect(english.money("0.00")).toBe("€0.00");
  });

  it("writes dates in Italian long form in Rome time, 'Attivo' or 'Data non specificata'", () => {
    expect(eventWhen({ isAlwaysActive: false, datetime: "2026-03-14T20:00:00.000Z" }, italian)).toBe("sabato 14 marzo 2026 ore 21:00");
    expect(eventWhen({ isAlwaysActive: true, datetime: null }, italian)).toBe("Attivo");
    expect(eventWhen({ isAlwaysActive: false, datetime: null }, italian)).toBe("Data non specificata");
  });

  it("writes the duration and distance in the visitor's language", () => {
    expect(eventDuration({ durationMinutes: 240 }, "it")).toBe("4 ore");
    expect(eventDuration({ durationMinutes: 240 }, "en")).toBe("4 hours");
    expect(eventDistance({ distanceMeters: 1500 }, "it")).toBe("1,5 km");
    expect(eventDistance({ distanceMeters: 1500 }, "en")).toBe("1.5 km");
    expect(eventDistance({ distanceMeters: null }, "en")).toBeNull();
  });

  it("offers 'leggi altro' only above 80 characters", () => {
    expect(needsReadMore("x".repeat(80))).toBe(false);
    expect(needsReadMore("x".repeat(81))).toBe(true);
  });

  it("picks the event's own image, else the first keyword's bundled image, else none", () => {
    expect(eventImage({ imageUrl: "/objects/uploads/a.jpg", title: "Pinguini" })).toBe("/objects/uploads/a.jpg");
    expect(eventImage({ imageUrl: null, title: "I PINGUINI al Maradona" })).toMatch(/pinguini/);
    expect(eventImage({ imageUrl: null, title: "Champions League: Napoli – Real Madrid" })).toMatch(/champions/);
    expect(eventImage({ imageUrl: null, title: "Napoli – Inter" })).toMatch(/napoli/);
    expect(eventImage({ imageUrl: null, title: "Edenlandia" })).toMatch(/edenlandia/);
    expect(eventImage({ imageUrl: null, title: "elodie live" })).toMatch(/elodie/);
    expect(eventImage({ imageUrl: null, title: "Passeggiata del Lungomare" })).toBeNull();
  });

  it("knows when an event is sold out", () => {
    expect(isSoldOut({ availableSpots: 0 })).toBe(true);
    expect(isSoldOut({ availableSpots: 1 })).toBe(false);
  });

  it("starts the price badge at the cheapest rate that can be paid online", () => {
    expect(lowestPayablePrice([testRate({ price: "8.00", isPayable: false }), testRate({ price: "25.00" }), testRate({ price: "15.00" })], italian.money)).toBe("€ 15,00");
    expect(lowestPayablePrice([testRate({ isPayable: false })], italian.money)).toBeNull();
  });

  it("explains a non-payable rate, in presale words when its name says prevendita", () => {
    expect(unavailableMessage({ name: "Posto auto" }, italian)).toBe("Tariffa non disponibile per questo evento");
    expect(unavailableMessage({ name: "PREVENDITA in loco" }, italian)).toBe("Prevendita non disponibile per questo evento");
  });
});

describe("inLanguage", () => {
  // Fails when an English visitor misses the garage's English texts, or gets blanks where none were given.
  it("shows the English title, description and rate names where given, else the Italian ones", () => {
    const event = testEvent({ title: "Concerto", titleTranslations: { en: "Concert" }, descriptionTranslations: {}, rates: [testRate({ name: "Posto auto", nameTranslations: { en: "Car space" } }), testRate({ name: "Moto" })] });
    const english = inLanguage(event, "en");
    expect([english.title, english.description, english.rates.map((r) => r.name)]).toEqual(["Concert", event.description, ["Car space", "Moto"]]);
    expect(inLanguage(event, "it")).toBe(event);
  });
});
