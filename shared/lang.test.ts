import { describe, expect, it } from "vitest";
import { pickLang } from "./lang";

describe("pickLang: the visitor's language", () => {
  // Fails if q-values stop ranking, a regional tag (de-CH) stops counting as its language, or a
  // browser naming none of ours stops getting Italian.
  it.each([
    ["de-CH, de;q=0.9, en;q=0.5", "de"],
    ["de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7", "de"],
    ["en;q=0.5, de;q=0.9", "de"],
    ["en-GB,en;q=0.9,de;q=0.8", "en"],
    ["it-IT,it;q=0.9,en;q=0.8", "it"],
    ["nl-NL, nl;q=0.9, de;q=0.4", "de"],
    ["de;q=0, en", "en"],
    ["pt-BR, ja", "it"],
    ["*", "it"],
    ["", "it"],
  ])("Accept-Language %j → %s", (header, lang) => {
    expect(pickLang(null, null, header)).toBe(lang);
  });

  // Fails if the link or the remembered switch stops winning over the browser, or an unknown code is taken.
  it("?lang= first, then the remembered choice, then the browser", () => {
    expect(pickLang("de", "en", "it-IT")).toBe("de");
    expect(pickLang(null, "de", "en-GB")).toBe("de");
    expect(pickLang("xx", "de", "en-GB")).toBe("de");
    expect(pickLang("xx", null, "de-AT")).toBe("de");
  });
});
