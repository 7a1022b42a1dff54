import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it, vi } from "vitest";
import { messages } from "../i18n/it";
import { eq } from "drizzle-orm";
import { referenceTexts } from "../../db/schema";
import { testDb } from "../test/helpers";
import { COMMON_PASSWORDS, weakPasswordMessage } from "./password-strength";

describe("the staff password check (zxcvbn with the most used passwords)", () => {
  it("reads the package's 10,000 most used passwords, in its order, from the migration scripts/common-passwords.mjs writes", async () => {
    const [row] = await testDb().select().from(referenceTexts).where(eq(referenceTexts.name, COMMON_PASSWORDS));
    expect(row.body.split("\n")).toEqual(dictionary["passwords-common"].slice(0, 10_000));
  });

  it.each([
    ["password1234", messages.passwordCommon],
    ["iloveyou2000", messages.passwordCommon],
    ["sunshine12345", messages.passwordCommon],
    ["poiuytlkjhgf", messages.passwordPattern],
    ["1234567890", messages.passwordCommon],
    ["aaaaaaaaaaaa", messages.passwordPattern],
  ])("refuses %s, saying why", async (password, message) => {
    expect(await weakPasswordMessage(testDb(), password, [])).toBe(message);
  });

  it("refuses a password made of the person's own name and the garage's", async () => {
    expect(await weakPasswordMessage(testDb(), "GennaroEsposito", ["Gennaro Esposito", "gennaro@example.it"])).toBe(messages.passwordPersonal);
    expect(await weakPasswordMessage(testDb(), "parcheggi2026", [])).not.toBeNull();
  });

  it("accepts long uncommon passwords and passphrases", async () => {
    for (const password of ["lampione verde sul molo", "Tq7#vLm2pXz9", "caffè-sfogliatella-vesuvio"]) {
      expect(await weakPasswordMessage(testDb(), password, ["Gennaro Esposito"])).toBeNull();
    }
  });

  // Last: it deletes the list from this file's database.
  it("refuses to judge without its list (migrations not applied) rather than pass a common password", async () => {
    vi.resetModules();
    const fresh = await import("./password-strength");
    await testDb().delete(referenceTexts).where(eq(referenceTexts.name, COMMON_PASSWORDS));
    await expect(fresh.weakPasswordMessage(testDb(), "password1234", [])).rejects.toThrow(/reference_texts/);
  });
});
