import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const dir = import.meta.dirname;
const records = readdirSync(dir).filter((f) => /^\d{3}-.+\.md$/.test(f)).sort();
const index = readFileSync(path.join(dir, "README.md"), "utf8");
const rows = index.split("\n").filter((line) => /^\| \[\d{3}\]/.test(line));

test("the index lists every decision record once, in order, with its title", () => {
  const listed = rows.map((row) => /^\| \[\d{3}\]\(([^)]+)\)/.exec(row)?.[1]);
  expect(listed).toEqual(records);
  for (const [i, row] of rows.entries()) {
    const title = readFileSync(path.join(dir, records[i]!), "utf8").split("\n")[0]!.replace(/^# \d{3} — /, "");
    expect(row.split(" | ")[1], records[i]).toBe(title);
  }
});

test("every record has a status, and a replaced one names records that exist", () => {
  for (const row of rows) {
    const status = row.split(" | ")[2]!.replace(/ \|$/, "");
    expect(status, row).toMatch(/^(in force|replaced by|partly replaced by)/);
    for (const [, target] of status.matchAll(/\]\(([^)]+)\)/g)) expect(records, row).toContain(target);
  }
});
