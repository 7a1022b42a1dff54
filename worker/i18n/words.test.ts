import { describe, expect, it } from "vitest";
import { emailCatalogues } from "../services/email/catalogue";
import { messageCatalogues } from "./catalogues";

const messagesEn = messageCatalogues.en;

/** Every text of a catalogue, functions called with a sample argument. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function") return texts((value as (...a: unknown[]) => unknown)(2, "X", "Y"));
  if (value && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}

describe("one word for one thing (the Worker's English)", () => {
  it("answers and e-mails say 'number plate' and 'space', never 'licence plate' or 'spot'", () => {
    const all = [...texts(messagesEn), ...texts(emailCatalogues.en)];
    expect(all.filter((s) => /licen[cs]e plate/i.test(s))).toEqual([]);
    expect(all.filter((s) => /\bspots?\b/i.test(s))).toEqual([]);
  });
});
