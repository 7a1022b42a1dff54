import { describe, expect, it } from "vitest";
import { messagesIt as italian, messages } from "../i18n/it";
import { api, seedEvent } from "../test/helpers";
import { localise } from "./answer-language";
import { messageCatalogues } from "../i18n/catalogues";

const messagesEn = messageCatalogues.en;

type ErrorAnswer = { error: { code: string; message: string; issues?: { path: string; message: string }[] } };

const book = (body: unknown, headers: Record<string, string> = {}, query = "") =>
  api(`/api/bookings${query}`, { method: "POST", json: body, headers: { "Idempotency-Key": crypto.randomUUID(), ...headers } });

describe("server messages in the request's language (issue #14)", () => {
  // Fails when a key of i18n/it.json has no English counterpart, or an English text is left empty.
  it("i18n/en.json has every key of i18n/it.json, each saying something", () => {
    expect(Object.keys(messagesEn)).toEqual(Object.keys(italian));
    for (const [key, value] of Object.entries(messagesEn)) expect(typeof value === "function" ? (value as (x: number) => string)(3) : value, key).not.toBe("");
  });

  // Fails when an English browser (or a client saying English) gets the Italian text, or Italian stops being the default.
  it("answers in English for Accept-Language or ?lang=en, in Italian otherwise", async () => {
    const { eventId, rateId } = await seedEvent();
    const empty = { eventId, rateId, customerName: "", customerEmail: "", licensePlate: "", carModel: "" };
    const english = await book(empty, { "Accept-Language": "en-GB,en;q=0.9" });
    expect(english.status).toBe(400);
    expect((await english.json<ErrorAnswer>()).error.message).toBe("All fields are required");
    expect(english.headers.get("Content-Language")).toBe("en");
    const byQuery = await book(empty, {}, "?lang=en");
    expect((await byQuery.json<ErrorAnswer>()).error.message).toBe("All fields are required");
    const italian = await book(empty, { "Accept-Language": "it-IT,it;q=0.9,en;q=0.5" });
    expect((await italian.json<ErrorAnswer>()).error.message).toBe("Tutti i campi sono obbligatori");
    const unknown = await api("/api/nothing-here", { headers: { "Accept-Language": "en" } });
    expect(await unknown.json<ErrorAnswer>()).toEqual({ error: { code: "not_found", message: "Resource not found" } });
  });

  // Fails when a message is chosen by anything but its key, or a parameter is lost on the way.
  it("writes a reference in either language from its key and parameters, and leaves other texts as they are", () => {
    expect(localise(messages.textTooLong(200), "en")).toBe("Text too long (200 characters at most)");
    expect(localise(messages.textTooLong(200), "it")).toBe("Testo troppo lungo (massimo 200 caratteri)");
    expect(localise(messages.capacityBelowHeld(7), "en")).toBe(messagesEn.capacityBelowHeld(7));
    expect(localise(messages.soldOut, "en")).toBe("Sold out");
    expect(localise(messages.textBadChars("carModel"), "en")).toMatch(/^Car model: contains characters/);
    expect(localise(messages.textBadChars("carModel"), "it")).toMatch(/^Modello auto: contiene caratteri/);
    expect(localise(messages.refundTooLarge(1550), "it")).toBe("Importo troppo alto: rimborsabili al massimo € 15,50");
    expect(localise(messages.refundTooLarge(1550), "en")).toBe("Amount too high: at most €15.50 can be refunded");
    // Two keys with the same Italian words stay two keys: nothing is looked up by its text.
    expect(localise(italian.soldOut, "en")).toBe(italian.soldOut);
    expect(localise("Qualcosa di nuovo", "en")).toBe("Qualcosa di nuovo");
  });

  // Fails when a reference reaches a person as a raw key: every error answer, any route, either language.
  it("never answers a raw reference, in Italian or in English", async () => {
    for (const lang of ["it", "en"]) {
      const res = await api(`/api/bookings?lang=${lang}`, { method: "POST", json: { eventId: "x" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
      const text = await res.text();
      expect(res.status).toBe(400);
      expect(text).not.toMatch(/\u27e6|\u27e7|⟦|⟧/);
      expect(res.headers.get("Content-Language")).toBe(lang);
    }
  });
});
