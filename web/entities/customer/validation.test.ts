import { describe, expect, it as test } from "vitest";
import { it as italian } from "../../i18n/whole";
import { checkBooking, checkPresale, checkTakeOffer, checkWaitlist, normalisePlate } from "./validation";

const valid = { customerName: "Mario Rossi", customerEmail: "mario@example.it", licensePlate: "ab 123-cd", carModel: "Fiat Panda" };
const presale = { nome: "Mario", cognome: "Rossi", email: "mario@example.it", telefono: "", targa: "AB123CD", modelloAuto: "Panda", note: "" };

describe("booking form checks", () => {
  test("accepts a complete booking and normalises the plate like the server", () => {
    expect(checkBooking(valid, italian)).toBeNull();
    expect(normalisePlate("ab 123-cd")).toBe("AB123CD");
  });

  test("asks for every field with the server's message, naming the empty ones", () => {
    expect(checkBooking({ ...valid, customerName: "  ", carModel: "" }, italian)).toEqual({
      message: "Tutti i campi sono obbligatori",
      fields: ["customerName", "carModel"],
    });
  });

  test("rejects a malformed e-mail or plate with the server's messages", () => {
    expect(checkBooking({ ...valid, customerEmail: "mario@" }, italian)?.message).toBe("Indirizzo email non valido");
    expect(checkBooking({ ...valid, licensePlate: "A" }, italian)?.message).toBe("Targa non valida: usa da 2 a 10 lettere o cifre");
  });

  test("presale: telefono and note are optional, the rest required", () => {
    expect(checkPresale(presale, italian)).toBeNull();
    expect(checkPresale({ ...presale, cognome: "" }, italian)).toEqual({
      message: "Nome, cognome, email, targa e modello auto sono obbligatori",
      fields: ["cognome"],
    });
  });

  test("waiting list: e-mail and plate required, then their formats; taking an offer needs a name and a car", () => {
    expect(checkWaitlist({ email: "mario@example.it", licensePlate: "na 123 ab" }, italian)).toBeNull();
    expect(checkWaitlist({ email: " ", licensePlate: "" }, italian)).toEqual({ message: "Tutti i campi sono obbligatori", fields: ["email", "licensePlate"] });
    expect(checkWaitlist({ email: "mario@", licensePlate: "NA123AB" }, italian)).toEqual({ message: "Indirizzo email non valido", fields: ["email"] });
    expect(checkTakeOffer({ customerName: "Mario", carModel: "" }, italian)).toEqual({ message: "Tutti i campi sono obbligatori", fields: ["carModel"] });
  });
});
