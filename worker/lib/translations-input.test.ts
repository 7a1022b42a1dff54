import { describe, expect, it } from "vitest";
import { localise } from "../middleware/answer-language";
import { adminCookie } from "../test/admin";
import { api } from "../test/helpers";
import { translationsInput } from "./translations-input";

type ErrorAnswer = { error: { message: string } };
const oneLine = "Napoli\r\nBcc: x@evil.example";
const notAllowed = "contiene caratteri non ammessi (di controllo, invisibili o che cambiano la direzione del testo)";

describe("a translation's field problem names its language", () => {
  // Fails if a translation's error names no language, or always English ("(inglese)"), or names it
  // in another language than the answer's.
  it.each([
    ["de", "it", "Nome partner (tedesco): deve stare su una sola riga"],
    ["es", "it", "Nome partner (spagnolo): deve stare su una sola riga"],
    ["fr", "en", "Partner name (French): must fit on one line"],
    ["en", "de", "Name des Partners (Englisch): muss in eine Zeile passen"],
    ["de", "fr", "Nom du partenaire (allemand) : doit tenir sur une seule ligne"],
    ["fr", "es", "Nombre del colaborador (francés): debe caber en una sola línea"],
  ] as const)("a %s text, answered in %s", (written, answer, message) => {
    const parsed = translationsInput({ field: "partnerName", max: 100, strict: true }).safeParse({ [written]: oneLine });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0];
    expect(issue.path).toEqual([written]);
    expect(localise(issue.message, answer)).toBe(message);
  });

  // Fails if the Italian field's own error starts naming a language.
  it("the Italian field's problem names the field alone", async () => {
    const res = await api("/api/events", { method: "POST", json: { event: { title: oneLine, datetime: "2030-05-01T20:00", totalSpots: 10 }, rates: [] }, headers: { Cookie: await adminCookie() } });
    expect(((await res.json()) as ErrorAnswer).error.message).toBe("Titolo: deve stare su una sola riga");
  });

  // Fails if a route's translated field is labelled by another field, or still "(inglese)".
  it.each([
    ["an event's German title", "/api/events", { event: { title: "Napoli", title_translations: { de: oneLine }, datetime: "2030-05-01T20:00", totalSpots: 10 }, rates: [] }, "Titolo (tedesco): deve stare su una sola riga"],
    [
      "a rate's Spanish name",
      "/api/events",
      { event: { title: "Napoli", datetime: "2030-05-01T20:00", totalSpots: 10 }, rates: [{ name: "Posto auto", name_translations: { es: oneLine }, price: "10", capacity: 10 }] },
      "Nome tariffa (spagnolo): deve stare su una sola riga",
    ],
    ["a category's French name", "/api/categories", { name: "Calcio", nameTranslations: { fr: "Foot\u0000" }, color: "#112233" }, `Nome categoria (francese): ${notAllowed}`],
  ])("the admin API refuses %s, naming the language", async (_, path, json, message) => {
    const res = await api(path, { method: "POST", json, headers: { Cookie: await adminCookie() } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorAnswer).error.message).toBe(message);
  });

  // Fails if the language's name is not in the answer's language.
  it("an English answer names the language in English", async () => {
    const json = { event: { title: "Napoli", description_translations: { es: "Testo \u0000" }, datetime: "2030-05-01T20:00", totalSpots: 10 }, rates: [] };
    const res = await api("/api/events", { method: "POST", json, headers: { Cookie: await adminCookie(), "Accept-Language": "en" } });
    expect(((await res.json()) as ErrorAnswer).error.message).toMatch(/^Description \(Spanish\): contains characters that are not allowed/);
  });
});
