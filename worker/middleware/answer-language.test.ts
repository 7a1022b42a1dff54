import { describe, expect, it } from "vitest";
import { messages } from "../lib/messages";
import { messagesEn } from "../lib/messages-en";
import { api, seedEvent } from "../test/helpers";
import { inEnglish } from "./answer-language";

type ErrorAnswer = { error: { code: string; message: string; issues?: { path: string; message: string }[] } };

const book = (body: unknown, headers: Record<string, string> = {}, query = "") =>
  api(`/api/bookings${query}`, { method: "POST", json: body, headers: { "Idempotency-Key": crypto.randomUUID(), ...headers } });

describe("server messages in the request's language (issue #14)", () => {
  // Fails when a key of messages.ts has no English counterpart, or an English text is left empty.
  it("messages-en.ts has every key of messages.ts, each saying something", () => {
    expect(Object.keys(messagesEn)).toEqual(Object.keys(messages));
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

  // Fails when a message with a number (or a validation issue) stays Italian.
  it("translates parametrised messages and leaves unknown texts as they are", () => {
    expect(inEnglish(messages.textTooLong(200))).toBe("Text too long (200 characters at most)");
    expect(inEnglish(messages.capacityBelowHeld(7))).toBe(messagesEn.capacityBelowHeld(7));
    expect(inEnglish(messages.soldOut)).toBe("Sold out");
    expect(inEnglish("Qualcosa di nuovo")).toBe("Qualcosa di nuovo");
  });
});
