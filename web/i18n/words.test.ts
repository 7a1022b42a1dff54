import { describe, expect, it } from "vitest";
import { en } from "./whole";
import { itAdmin } from "./it-admin";
import { texts } from "../../shared/test/catalogue-texts";

describe("one word for one thing", () => {
  it("English says 'number plate' and 'space', never 'licence plate' or 'spot'", () => {
    // The Worker's messages and e-mails: worker/i18n/words.test.ts.
    const all = texts(en);
    expect(all.filter((s) => /licen[cs]e plate/i.test(s))).toEqual([]);
    expect(all.filter((s) => /\bspots?\b/i.test(s))).toEqual([]);
  });

  it("Italian writes 'ad' before a name starting with a: Rimborso ad Anna, Rimborso a Ciro", () => {
    expect(itAdmin.bookings.refundTitle("Anna Bianchi")).toBe("Rimborso ad Anna Bianchi");
    expect(itAdmin.bookings.refundTitle("Ciro Esposito")).toBe("Rimborso a Ciro Esposito");
  });
});
