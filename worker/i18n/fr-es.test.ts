import { describe, expect, it } from "vitest";
import { longDateTime } from "../../shared/lifecycle/dates";
import { emailCatalogues, type EmailCatalogue } from "../services/email/catalogue";
import { fieldLabels, messagesIt, type Messages } from "./it";
import { messageCatalogues } from "./catalogues";
import { leafValues, said, SAMPLES } from "../../shared/test/catalogue-texts";

const messagesEn = messageCatalogues.en;
const messagesEs = messageCatalogues.es;
const messagesFr = messageCatalogues.fr;

/** Texts that are the same words as the Italian or the English on purpose: words the languages share. */
const SAME_ON_PURPOSE: Record<"messages" | "email" | "fields", Record<"fr" | "es", string[]>> = {
  messages: { fr: [], es: [] },
  email: { fr: ["confirmation.calendarFile", "invoiceCopy.date", "invoiceCopy.total"], es: ["labels.event", "labels.reason", "wallet.event", "invoiceCopy.total"] },
  fields: { fr: [], es: ["reason"] },
};

describe.each([
  ["fr", messagesFr, emailCatalogues.fr],
  ["es", messagesEs, emailCatalogues.es],
] as const)("the Worker in %s", (lang, messages: Messages, email: EmailCatalogue) => {
  const catalogues = [
    ["messages", messages, messagesIt, messagesEn],
    ["email", email, emailCatalogues.it, emailCatalogues.en],
  ] as const;

  // Fails when a key is added to the Italian and not here (typecheck fails too), or the other way round.
  it("has every key of the Italian, of the same kind, and no other", () => {
    const kinds = (c: unknown) => [...leafValues(c)].map(([path, leaf]) => [path, typeof leaf]);
    for (const [, own, italian] of catalogues) expect(kinds(own)).toEqual(kinds(italian));
  });

  // Fails when a text is left in Italian or English, or copied by mistake, unless listed as the same on purpose.
  it("says every answer and e-mail in its own words", () => {
    const copied: string[] = [];
    for (const [name, own, italian, english] of catalogues) {
      const italianLeaves = leafValues(italian);
      const englishLeaves = leafValues(english);
      for (const [path, leaf] of leafValues(own)) {
        if (SAME_ON_PURPOSE[name][lang].includes(path)) continue;
        // A field's key (textBadChars("title")) is the parameter those messages take.
        const samples = typeof leaf === "function" && /^text(BadChars|OneLine)$/.test(path) ? ["title"] : SAMPLES;
        for (const args of [samples, [1, ...SAMPLES.slice(1)]]) {
          const text = said(leaf, args);
          if (text === said(italianLeaves.get(path), args) || text === said(englishLeaves.get(path), args)) copied.push(`${name}.${path} = ${String(text)}`);
        }
      }
    }
    expect(copied).toEqual([]);
  });

  // Fails when a text listed as the same on purpose was translated after all (the mark is stale) or is gone.
  it("lists as the same on purpose only texts that are the same", () => {
    const stale: string[] = [];
    for (const [name, own, italian, english] of catalogues) {
      const [ownLeaves, italianLeaves, englishLeaves] = [leafValues(own), leafValues(italian), leafValues(english)];
      for (const path of SAME_ON_PURPOSE[name][lang]) {
        const text = ownLeaves.get(path);
        if (text === undefined || (text !== italianLeaves.get(path) && text !== englishLeaves.get(path))) stale.push(`${name}.${path}`);
      }
    }
    expect(stale).toEqual([]);
  });

  // Fails when a translation loses an event's name, an amount, a date or a reason it was given.
  it("keeps every value the Italian text shows", () => {
    for (const [name, own, italian] of catalogues) {
      const italianLeaves = leafValues(italian);
      for (const [path, leaf] of leafValues(own)) {
        if (typeof leaf !== "function" || /^text(BadChars|OneLine)$/.test(path)) continue;
        const shown = SAMPLES.filter((s) => String(said(italianLeaves.get(path), SAMPLES)).includes(s));
        for (const sample of shown) expect(said(leaf, SAMPLES), `${name}.${path}`).toContain(sample);
      }
    }
  });

  // Fails when a field's name is missing, or left in Italian, in the messages that name it.
  it("names every field in its own words", () => {
    for (const field of Object.keys(fieldLabels) as (keyof typeof fieldLabels)[]) {
      if (SAME_ON_PURPOSE.fields[lang].includes(field)) continue;
      const text = messages.textOneLine(field);
      expect(text, field).not.toContain("undefined");
      expect(text.startsWith(`${fieldLabels[field]}:`), field).toBe(false);
    }
  });
});

describe("money and dates the French and Spanish way, in answers and e-mails", () => {
  // Fails when an amount in an answer loses its decimal comma or its euro sign after the number.
  it("15,00 € in a refund's limit", () => {
    expect(messagesFr.refundTooLarge(1550)).toBe("Montant trop élevé : 15,50 € remboursables au maximum");
    expect(messagesEs.refundTooLarge(1550)).toBe("Importe demasiado alto: se pueden reembolsar como máximo 15,50 €");
  });

  // Fails when an e-mail's date stops being written in Rome's time, or in the language's own order.
  it("dates in the reader's words, at Italian time", () => {
    const kickOff = Date.UTC(2026, 10, 27, 20, 0); // 21:00 in Naples
    expect(longDateTime(kickOff, emailCatalogues.fr.dates)).toBe("vendredi 27 novembre 2026 à 21:00 (heure italienne)");
    expect(longDateTime(kickOff, emailCatalogues.es.dates)).toBe("viernes, 27 de noviembre de 2026 a las 21:00 (hora italiana)");
  });
});
