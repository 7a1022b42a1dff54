import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../db";
import { seedEvent } from "../test/helpers";
import { listEvents } from "./events";

/** A D1 binding that counts the statements it prepares. */
function countingD1(): { d1: D1Database; count: () => number } {
  let n = 0;
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "prepare") return (query: string) => (n++, target.prepare(query));
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { d1, count: () => n };
}

describe("listEvents", () => {
  it("costs the same number of queries for 1 event as for 25 (no N+1)", async () => {
    await env.DB.exec("DELETE FROM rates; DELETE FROM events;");
    await seedEvent({ rates: [{}, {}] });
    const one = countingD1();
    expect(await listEvents(createDb(one.d1), Date.now(), { includeInactive: false })).toHaveLength(1);

    for (let i = 0; i < 24; i++) await seedEvent({ rates: [{}, {}, {}] });
    const many = countingD1();
    expect(await listEvents(createDb(many.d1), Date.now(), { includeInactive: false })).toHaveLength(25);

    expect(one.count()).toBeGreaterThan(0);
    expect(many.count()).toBe(one.count());
  });
});
