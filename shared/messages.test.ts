import { describe, expect, it } from "vitest";
import { compileCatalogue, formatMessage, inLanguage } from "./messages";

describe("a catalogue file's texts", () => {
  // Fails if a value is not filled in, or filled in at the wrong place.
  it("fills each {name} with its value", () => {
    expect(formatMessage("{date}, {time} Uhr", { date: "27.11.", time: "21:00" }, "de-DE")).toBe("27.11., 21:00 Uhr");
    expect(formatMessage("Hallo {name},", { name: "Anna" }, "de-DE")).toBe("Hallo Anna,");
  });

  // Fails if "=1" is not chosen before the language's category, or "#" is not the number.
  it("chooses a plural's words: the exact number first, then the language's category, then other", () => {
    const text = "{n, plural, =1 {Primo in lista} other {{n}° in lista}}";
    expect(formatMessage(text, { n: 1 }, "it-IT")).toBe("Primo in lista");
    expect(formatMessage(text, { n: 3 }, "it-IT")).toBe("3° in lista");
    // French puts 0 in "one": the category is the language's, not the number's.
    const fr = "{n, plural, one {# place libre} other {# places libres}}";
    expect(formatMessage(fr, { n: 0 }, "fr-FR")).toBe("0 place libre");
    expect(formatMessage(fr, { n: 2 }, "fr-FR")).toBe("2 places libres");
  });

  // Fails if a broken text is read as literal text instead of refused.
  it("refuses a text it cannot read", () => {
    expect(() => formatMessage("{n, plural, =1 {uno}", { n: 1 }, "it-IT")).toThrow();
    expect(() => formatMessage("{n, select, a {x} other {y}}", { n: 1 }, "it-IT")).toThrow();
    expect(() => formatMessage("{n, plural, =1 {uno}}", { n: 1 }, "it-IT")).toThrow(/other/);
  });

  // Fails if a value inside a plural's words is not filled in, or "#" is not the number.
  it("fills values inside a plural's words", () => {
    const text = "{n, plural, =1 {da {event}} other {# per {event} il {when}}}";
    expect(formatMessage(text, { n: 1, event: "Napoli–Inter" }, "it-IT")).toBe("da Napoli–Inter");
    expect(formatMessage(text, { n: 4, event: "Napoli–Inter", when: "sabato" }, "it-IT")).toBe("4 per Napoli–Inter il sabato");
  });

  // Fails if a text with a signature stays a string, a text without one becomes a function, or a
  // language-dependent signature does not receive the language.
  it("turns the texts with a signature into functions of the code's arguments", () => {
    const file = { greeting: "Ciao {name},", signature: "A presto", refund: { limit: "al massimo {max}" }, list: ["a", "b"] };
    const signatures = { greeting: (name: string) => ({ name }), refund: { limit: inLanguage((lang, cents: number) => ({ max: `${lang}:${cents / 100}` })) } };
    const words = compileCatalogue(file, signatures, "it", "it-IT");
    expect(words.greeting("Anna")).toBe("Ciao Anna,");
    expect(words.signature).toBe("A presto");
    expect(words.refund.limit(1550)).toBe("al massimo it:15.5");
    expect(words.list).toEqual(["a", "b"]);
    expect(() => compileCatalogue({ greeting: { a: "x" } }, signatures, "it", "it-IT")).toThrow(/greeting/);
  });
});
