import { describe, expect, it } from "vitest";
import { catalogueProblems } from "../../shared/catalogue-check";
import { LANGS } from "../../shared/lang";
import { catalogues } from "./catalogues";

const files = Object.keys(import.meta.glob("./??.json")).map((file) => file.slice(2, 4));
const laterFiles = Object.keys(import.meta.glob("./later/??.json")).map((file) => file.slice(8, 10));

describe("the public catalogues", () => {
  // Fails if a catalogue file is not in the list of languages (shared/lang.ts), or a language has no file.
  it("one file per language of the list, and no other", () => {
    expect([...files].sort()).toEqual([...LANGS].sort());
    // The later texts (pages after the home) likewise: one file per language in later/.
    expect([...laterFiles].sort()).toEqual([...LANGS].sort());
  });

  // Fails on a missing or extra key, an empty text, or a German/French/Spanish text left in Italian or
  // English that is not marked the same on purpose (shared/same-on-purpose.ts).
  it.each(LANGS.filter((lang) => lang !== "it"))("%s has every key of it.json, each written in its own words", (lang) => {
    const compareWith = lang === "en" ? [] : (["it", "en"] as const);
    expect(catalogueProblems(lang, catalogues[lang], catalogues.it, catalogues.en, [...compareWith])).toEqual([]);
  });
});
