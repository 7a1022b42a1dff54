import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import seedSql from "./seed.sql?raw";
import { takesSpotText } from "../shared/lifecycle/sql";

/** The seed's statements one by one (D1's exec() cannot run statements that span lines). */
function statementsOf(text: string): string[] {
  const code = text
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("--"))
    .join("\n");
  return code
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ""))
    .filter((s) => s.length > 0);
}

describe("the demo data (db/seed.sql)", () => {
  // Finding 12 of issue #40: "Napoli – Milan" had 3 spots and 5 taken (3 bookings + the 2 season holders' spots).
  it("takes no more spots at any event than it has, season spots included", async () => {
    await env.DB.batch(statementsOf(seedSql).map((s) => env.DB.prepare(s)));
    const now = Date.now();
    const rows = await env.DB.prepare(
      `select e.title as title, e.total_spots - e.reserved_spots - e.occupied_spots as spots,
        (select count(*) from bookings b where b.event_id = e.id and ${takesSpotText("b", String(now))}) as taken
       from events e order by e.id`,
    ).all<{ title: string; spots: number; taken: number }>();
    expect(rows.results.length).toBeGreaterThan(5);
    const over = rows.results.filter((r) => r.taken > r.spots);
    expect(over).toEqual([]);
    // The season holders do take spots: the check above counted them.
    const season = await env.DB.prepare(`select count(*) as n from bookings where kind = 'season' and status = 'paid'`).first<{ n: number }>();
    expect(season!.n).toBeGreaterThan(0);
  });
});
