import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { messages } from "../i18n/it";
import { COMMON_PASSWORDS_COUNT, commonPasswords } from "./common-passwords";
import { weakPasswordMessage } from "./password-strength";

describe("the staff password check (zxcvbn with the most used passwords)", () => {
  it("keeps the generated list equal to the package's most used passwords, in its order (scripts/common-passwords.mjs)", () => {
    expect(commonPasswords.split("\n")).toEqual(dictionary["passwords-common"].slice(0, COMMON_PASSWORDS_COUNT));
  });

  it.each([
    ["password1234", messages.passwordCommon],
    ["iloveyou2000", messages.passwordCommon],
    ["sunshine12345", messages.passwordCommon],
    ["poiuytlkjhgf", messages.passwordPattern],
    ["1234567890", messages.passwordCommon],
    ["aaaaaaaaaaaa", messages.passwordPattern],
  ])("refuses %s, saying why", async (password, message) => {
    expect(await weakPasswordMessage(password, [])).toBe(message);
  });

  it("refuses a password made of the person's own name and the garage's", async () => {
    expect(await weakPasswordMessage("GennaroEsposito", ["Gennaro Esposito", "gennaro@example.it"])).toBe(messages.passwordPersonal);
    expect(await weakPasswordMessage("parcheggi2026", [])).not.toBeNull();
  });

  it("accepts long uncommon passwords and passphrases", async () => {
    for (const password of ["lampione verde sul molo", "Tq7#vLm2pXz9", "caffè-sfogliatella-vesuvio"]) {
      expect(await weakPasswordMessage(password, ["Gennaro Esposito"])).toBeNull();
    }
  });
});
