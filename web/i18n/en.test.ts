import { describe, expect, test } from "vitest";
import { en, it as italian } from "./whole";
import { pickLang } from "../../shared/lang";

/** Every path to a leaf ("home.hero.title", "home.reviews.items.0.text"), with the leaf's kind. */
function leaves(value: unknown, path = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) for (const [p, kind] of leaves(child, path ? `${path}.${key}` : key)) out.set(p, kind);
  } else out.set(path, typeof value);
  return out;
}

describe("en.json", () => {
  // Fails when a key is added to it.json and not to en.json, or the other way round.
  test("has every key of it.json, of the same kind, and no other", () => {
    expect([...leaves(en)]).toEqual([...leaves(italian)]);
  });

  // Fails when a text is left empty, or a message function answers nothing.
  test("says something for every key", () => {
    for (const [path, kind] of leaves(en)) {
      const value = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], en);
      if (kind === "string") expect(value, path).not.toBe("");
      if (kind === "function") expect(String((value as (...args: unknown[]) => unknown)(1, "x")), path).not.toBe("");
    }
  });

  // Fails when the dates of an English page lose the time zone or change format.
  test("dates say the Italian time", () => {
    expect(en.dates.at("Friday 27 November 2026", "21:00")).toBe("Friday 27 November 2026, 21:00 (Italian time)");
  });
});

describe("pickLang", () => {
  // Fails when a shared link stops keeping its language, or the remembered choice stops winning over the browser.
  test("the link first, then the remembered choice, then the browser", () => {
    expect(pickLang("en", "it", "it-IT")).toBe("en");
    expect(pickLang("it", "en", "en-GB")).toBe("it");
    expect(pickLang(null, "en", "it-IT")).toBe("en");
    expect(pickLang("xx", null, "en-US,en;q=0.9")).toBe("en");
  });

  // Fails when a browser that prefers English gets Italian first, or Italian stops being the default
  // (shared/lang.test.ts has the table with the other languages).
  test("the browser's first choice among our languages, else Italian", () => {
    expect(pickLang(null, null, "en-US,en;q=0.9,it;q=0.8")).toBe("en");
    expect(pickLang(null, null, "it-IT,it;q=0.9,en;q=0.8")).toBe("it");
    expect(pickLang(null, null, "nl-NL,en;q=0.5")).toBe("en");
    expect(pickLang(null, null, "it;q=0.4,en;q=0.6")).toBe("en");
    expect(pickLang(null, null, "nl-NL,pt")).toBe("it");
    expect(pickLang(null, null, null)).toBe("it");
    expect(pickLang(null, null, "en;q=0")).toBe("it");
  });
});
