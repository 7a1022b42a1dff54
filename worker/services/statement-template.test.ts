import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { statementTemplate } from "./statement-template";

describe("statementTemplate", () => {
  it("sends the same text for every call and each value once, whether the builder spliced it or bound it", async () => {
    const t = statementTemplate(["now", "id"], ["name"], (v) => sql`select ${v.id} as id, ${v.name} as name, ${sql.raw(String(v.now))} > ${v.now} - 1 as later, ${v.name} = ${v.name} as same, ${"k"} as k, ${"k"} as k2`);
    expect(t.text).toBe("select ?1 as id, ?2 as name, ?3 > ?3 - 1 as later, ?2 = ?2 as same, ?4 as k, ?4 as k2");
    expect(t.params({ now: 1_700_000_000_000, id: 7, name: "Anna" })).toEqual([7, "Anna", 1_700_000_000_000, "k"]);
    // The real database answers it with the values of the call, not the stand-ins.
    const row = await env.DB.prepare(t.text).bind(...t.params({ now: 5, id: 3, name: "Bea" })).first();
    expect(row).toEqual({ id: 3, name: "Bea", later: 1, same: 1, k: "k", k2: "k" });
  });

  it("refuses a builder that computes from a value, which a constant text cannot follow", () => {
    expect(() => statementTemplate(["now"], [], (v) => sql`select ${(v.now as number) - 60_000} as since`)).toThrow(/derive/);
    expect(() => statementTemplate(["now"], [], (v) => sql`select ${sql.raw(String((v.now as number) + 1))} as next`)).toThrow(/derive/);
  });

  it("refuses a string value spliced into the text, and a '?' that is no parameter", () => {
    expect(() => statementTemplate([], ["name"], (v) => sql`select '${sql.raw(v.name)}' as name`)).toThrow(/string/);
    expect(() => statementTemplate([], [], () => sql`select '?' as q`)).toThrow(/'\?'/);
  });
});
