import { describe, expect, it } from "vitest";
import { cleanTranslations, missingLanguages, translated, translatedTogether, TRANSLATED_LANGS } from "./translations";
import { LANGS } from "./lang";

describe("the one resolver of the garage's texts (decision 062)", () => {
  const title = { en: "Elodie live", de: "Elodie live in Neapel" };

  it("reads the visitor's language, else English, else the Italian", () => {
    expect(translated("Elodie in concerto", title, "de")).toBe("Elodie live in Neapel");
    expect(translated("Elodie in concerto", title, "fr")).toBe("Elodie live");
    expect(translated("Elodie in concerto", title, "it")).toBe("Elodie in concerto");
    expect(translated("Elodie in concerto", {}, "es")).toBe("Elodie in concerto");
    expect(translated("Elodie in concerto", { es: "" }, "es")).toBe("Elodie in concerto");
  });

  it("takes a notice's subject and body from one language where both are written", () => {
    const italian = { subject: "Varco chiuso", body: "Entrate da via Cintia" };
    const both = { subject: { en: "Gate closed", es: "Puerta cerrada" }, body: { en: "Enter from Via Cintia" } };
    expect(translatedTogether(italian, both, "es")).toEqual({ subject: "Gate closed", body: "Enter from Via Cintia" });
    expect(translatedTogether(italian, { subject: { en: "Gate closed" }, body: {} }, "en")).toEqual(italian);
  });

  it("stores only the written languages other than Italian, and names the missing ones", () => {
    expect(cleanTranslations({ en: " Car ", de: "  ", it: "Auto", xx: "?" })).toEqual({ en: "Car" });
    expect(TRANSLATED_LANGS).toEqual(LANGS.filter((l) => l !== "it"));
    expect(missingLanguages({ en: "Car" })).toEqual(TRANSLATED_LANGS.filter((l) => l !== "en"));
  });
});
