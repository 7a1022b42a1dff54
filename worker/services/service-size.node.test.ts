import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// Issue #43: a service fits on a few screens; one that outgrows 300 lines is split by what it decides.
const MAX_LINES = 300;
const dir = import.meta.dirname;

const services = readdirSync(dir, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
  .sort();

test("the service folder is read, subfolders included", () => {
  expect(services).toContain("bookings.ts");
  expect(services).toContain(path.join("wallet", "wallet-passes.ts"));
});

test.each(services)("%s has at most 300 lines", (file) => {
  const lines = readFileSync(path.join(dir, file), "utf8").replace(/\n$/, "").split("\n").length;
  expect(lines).toBeLessThanOrEqual(MAX_LINES);
});
