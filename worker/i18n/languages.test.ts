import { describe, expect, it } from "vitest";
import { LANGS, type Lang } from "../../shared/lang";
import { localise } from "../middleware/answer-language";
import { api } from "../test/helpers";
import { messageCatalogues } from "./catalogues";
import { messages, messagesIt } from "./it";
import { sameOnPurpose } from "../../shared/same-on-purpose";
import { catalogueProblems } from "../../shared/catalogue-check";
import { emailCatalogues } from "../services/email/catalogue";

type ErrorBody = { error: { code: string; message: string } };

/** An answer that is an error by its nature: a booking that does not exist. */
const missingBooking = (headers: Record<string, string>) => api("/api/bookings/no-such-booking", { headers });

describe("the language of an answer, chosen by Accept-Language", () => {
  // Fails if the Worker stops reading q-values, drops regional tags, or answers a browser that names
  // none of our languages in anything but Italian.
  it.each([
    ["de-CH, de;q=0.9, en;q=0.5", "de"],
    ["en;q=0.4, de;q=0.8", "de"],
    ["en-GB,en;q=0.9", "en"],
    ["it-IT", "it"],
    ["pt-BR, ja;q=0.5", "it"],
  ] as const)("%j → %s", async (header, lang) => {
    const res = await missingBooking({ "Accept-Language": header });
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Language")).toBe(lang);
    expect(((await res.json()) as ErrorBody).error.message).toBe(messageCatalogues[lang].bookingNotFound);
  });

  // Fails if ?lang= stops winning over the browser for an API answer.
  it("?lang= wins over the browser", async () => {
    const res = await api("/api/bookings/no-such-booking?lang=de", { headers: { "Accept-Language": "en-GB" } });
    expect(res.headers.get("Content-Language")).toBe("de");
    expect(((await res.json()) as ErrorBody).error.message).toBe("Buchung nicht gefunden");
  });
});

/** A sample argument for each parametrised message (a field key, a number, a reason). */
const sample = (key: string): (string | number)[] => (key.startsWith("text") && key !== "textTooLong" && key !== "textTooShort" ? ["carModel"] : key === "refundFailed" || key === "seasonMatchShareReason" ? ["X"] : [7]);

describe("every error code answers in every language", () => {
  // Fails if a language lacks a message, writes one empty, names a value its code does not give, or
  // leaves one in Italian (or English) but for the few that are the same on purpose.
  it.each(LANGS)("%s", (lang: Lang) => {
    for (const key of Object.keys(messagesIt) as (keyof typeof messagesIt)[]) {
      const ref = messages[key];
      const text = localise(typeof ref === "function" ? (ref as (...p: (string | number)[]) => string)(...sample(key)) : ref, lang);
      expect(text, key).not.toMatch(/^\u27e6/);
      expect(text.trim(), key).not.toBe("");
      // A value its code does not give ("{evnt}") stays in the text as written.
      expect(text, key).not.toMatch(/\{[^{}]*\}/);
      for (const other of LANGS.filter((l) => l !== lang && (l === "it" || l === "en"))) {
        const theirs = localise(typeof ref === "function" ? (ref as (...p: (string | number)[]) => string)(...sample(key)) : ref, other);
        if (!sameOnPurpose(lang, text)) expect(text, `${lang}.${key} is the same as ${other}'s`).not.toBe(theirs);
      }
    }
  });
});

describe("the e-mail catalogues", () => {
  // Fails on a missing or extra key, an empty text, or a third language's text left in Italian or
  // English that is not marked the same on purpose (shared/same-on-purpose.ts).
  it.each(LANGS.filter((lang) => lang !== "it"))("%s has every key of the Italian e-mails, each in its own words", (lang) => {
    const compareWith = lang === "en" ? [] : (["it", "en"] as const);
    expect(catalogueProblems(lang, emailCatalogues[lang], emailCatalogues.it, emailCatalogues.en, [...compareWith])).toEqual([]);
  });
});

describe("the Worker's catalogue files", () => {
  // Fails if a catalogue file is not in the list of languages (shared/lang.ts), or a language lacks one.
  it("one answers file and one e-mails file per language of the list, and no other", () => {
    const codes = (files: Record<string, unknown>) => Object.keys(files).map((file) => /(\w\w)\.(ts|json)$/.exec(file)![1]).sort();
    expect(codes(import.meta.glob("./??.json"))).toEqual([...LANGS].sort());
    expect(codes(import.meta.glob("./emails/??.json"))).toEqual([...LANGS].sort());
  });

  // Fails if a language's file names fewer or other fields than the Italian (its errors would say "undefined").
  it("names every field the Italian names", () => {
    const files = import.meta.glob<{ fields: Record<string, string> }>("./??.json", { eager: true, import: "default" });
    const italian = Object.keys(files["./it.json"].fields).sort();
    for (const [file, { fields }] of Object.entries(files)) {
      expect(Object.keys(fields).sort(), file).toEqual(italian);
      expect(Object.values(fields).filter((label) => !label.trim()), file).toEqual([]);
    }
  });
});
