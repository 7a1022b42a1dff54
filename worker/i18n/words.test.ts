import { describe, expect, it } from "vitest";
import { emailCatalogues } from "../services/email/catalogue";
import { messageCatalogues } from "./catalogues";
import { texts } from "../../shared/test/catalogue-texts";

const messagesEn = messageCatalogues.en;

describe("one word for one thing (the Worker's English)", () => {
  it("answers and e-mails say 'number plate' and 'space', never 'licence plate' or 'spot'", () => {
    const all = [...texts(messagesEn), ...texts(emailCatalogues.en)];
    expect(all.filter((s) => /licen[cs]e plate/i.test(s))).toEqual([]);
    expect(all.filter((s) => /\bspots?\b/i.test(s))).toEqual([]);
  });
});
