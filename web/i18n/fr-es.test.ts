import { describe, expect, test } from "vitest";
import { en, es, fr, it as italian } from "./whole";
import type { Catalogue } from "./catalogue";
import { longDateTime } from "../../shared/lifecycle/dates";
import { leafValues, said, SAMPLES } from "../../shared/test/catalogue-texts";

/** Brands, people's names and each language's name (written in itself): the same in every language. */
const NAMES_AND_BRANDS = [
  "common.appName",
  "language.it",
  "language.en",
  "layout.nav.admin",
  "layout.social.facebook",
  "layout.social.instagram",
  "layout.social.tiktok",
  "home.reviews.items.0.name",
  "home.reviews.items.1.name",
  "home.reviews.items.2.name",
];

/**
 * Texts that are the same words as the Italian or the English on purpose: brands, names, the
 * language names (each written in itself), and words the languages share.
 */
const SAME_ON_PURPOSE: Record<"fr" | "es", string[]> = {
  fr: [
    ...NAMES_AND_BRANDS,
    "common.city", // Naples, as in English
    "meta.title",
    "layout.nav.contacts",
    "layout.footer.contactsTitle",
    "layout.menuTitle",
    "eventCard.descriptionTitle",
    "eventCard.distance",
    "checkout.total",
    "passBanner.code",
    "season.code",
    "toasts.region",
    "documents.date",
  ],
  es: [
    ...NAMES_AND_BRANDS,
    "common.error",
    "booking.event",
    "booking.errorTitle",
    "checkout.event",
    "checkout.customer",
    "checkout.total",
    "checkout.errorTitle",
    "myBookings.event",
    "pass.event",
    "documents.customer",
  ],
};

describe.each([
  ["fr", fr],
  ["es", es],
] as const)("%s.json", (lang, catalogue: Catalogue) => {
  // Fails when a key is added to it.json and not here, or the other way round.
  test("has every key of it.json, of the same kind, and no other", () => {
    const kinds = (c: unknown) => [...leafValues(c)].map(([path, leaf]) => [path, typeof leaf]);
    expect(kinds(catalogue)).toEqual(kinds(italian));
  });

  // Fails when a text is left in Italian or English, or copied by mistake, unless listed as the same on purpose.
  test("says every text in its own words", () => {
    const italianLeaves = leafValues(italian);
    const englishLeaves = leafValues(en);
    const copied: string[] = [];
    for (const [path, leaf] of leafValues(catalogue)) {
      if (typeof leaf === "number" || SAME_ON_PURPOSE[lang].includes(path)) continue;
      for (const args of [SAMPLES, [1, ...SAMPLES.slice(1)]]) {
        const text = said(leaf, args);
        if (text === said(italianLeaves.get(path), args) || text === said(englishLeaves.get(path), args)) copied.push(`${path} = ${String(text)}`);
      }
    }
    // "1 match" is French and English alike: the singular of seasonBuy.matches.
    expect(copied.filter((c) => c !== "seasonBuy.matches = 1 match")).toEqual([]);
  });

  // Fails when a text listed as the same on purpose was translated after all (the mark is stale) or is gone.
  test("lists as the same on purpose only texts that are the same", () => {
    const italianLeaves = leafValues(italian);
    const englishLeaves = leafValues(en);
    const ownLeaves = leafValues(catalogue);
    const stale = SAME_ON_PURPOSE[lang].filter((path) => {
      const text = ownLeaves.get(path);
      return text === undefined || (text !== italianLeaves.get(path) && text !== englishLeaves.get(path));
    });
    expect(stale).toEqual([]);
  });

  // Fails when a translation loses an event's name, an amount or a date it was given.
  test("keeps every value the Italian text shows", () => {
    const italianLeaves = leafValues(italian);
    for (const [path, leaf] of leafValues(catalogue)) {
      if (typeof leaf !== "function") continue;
      const shown = SAMPLES.filter((s) => String(said(italianLeaves.get(path), SAMPLES)).includes(s));
      for (const sample of shown) expect(said(leaf, SAMPLES), path).toContain(sample);
    }
  });

  // Fails when a text is left empty.
  test("says something for every key", () => {
    for (const [path, leaf] of leafValues(catalogue)) if (typeof leaf !== "number") expect(String(said(leaf, [1, "x", "y"])).trim(), path).not.toBe("");
  });
});

describe("money and dates the French and Spanish way", () => {
  // Fails when an amount loses its decimal comma or its euro sign after the number.
  test("15,00 € from cents and from the API's decimal string", () => {
    expect(fr.money(1500)).toBe("15,00 €");
    expect(fr.money("7.5")).toBe("7,50 €");
    expect(es.money(1500)).toBe("15,00 €");
    expect(es.money("1234.05")).toBe("1234,05 €");
  });

  // Fails when a date stops being written in Rome's time, or in the language's own order.
  test("dates in the reader's words, at Italian time", () => {
    const kickOff = Date.UTC(2026, 10, 27, 20, 0); // 21:00 in Naples
    expect(longDateTime(kickOff, fr.dates)).toBe("vendredi 27 novembre 2026 à 21:00 (heure italienne)");
    expect(longDateTime(kickOff, es.dates)).toBe("viernes, 27 de noviembre de 2026 a las 21:00 (hora italiana)");
  });
});
