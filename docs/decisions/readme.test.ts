import { existsSync, readdirSync, readFileSync } from "node:fs";
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

// Files the records name as they were (gone, renamed or placeholders) and build outputs, not files of the tree.
const NAMED_AS_THEY_WERE = new Set([
  "worker/lib/messages-en.ts", // 020, 030: became worker/i18n/en.ts, then en.json (072)
  "web/i18n/en.ts", // 020: became web/i18n/en.json (072)
  "worker/i18n/en.ts", // 030: became worker/i18n/en.json (072)
  "worker/lib/messages.ts", // 030: became worker/i18n/it.ts
  "worker/lib/money.ts", // 024: "is gone"
  "worker/i18n/emails/fr.pending.ts", // 056: until French joined the list
  "web/i18n/xx.ts", // 056: a new language's files
  "worker/i18n/xx.ts",
  "worker/i18n/emails/xx.ts",
  "event-card/types.ts", // 064: what the rooms replaced
  "shared/lifecycle/season-forms.ts", // 064: "they moved"
  "dist/client/en/index.html", // build outputs
  "en/index.html",
  "lib/dom/lib.js", // TypeScript's own lib
]);
// Where a short path (`routes/bookings.test.ts`, `admin/events/types.ts`) is read from.
const ROOTS = ["", "worker/", "web/", "web/features/", "shared/"];
const root = path.join(dir, "../..");
const PATH = /(?<![\w./@-])((?:[\w.-]+\/)+[\w.-]+\.(?:tsx?|mjs|sql|md|toml|css|html|js))\b/g;

test("every file path the docs and records name exists", () => {
  const docs = [...readdirSync(path.join(dir, "..")).filter((f) => f.endsWith(".md")).map((f) => path.join(dir, "..", f)), ...records.map((f) => path.join(dir, f))];
  const missing: string[] = [];
  for (const doc of docs) {
    for (const [, named] of readFileSync(doc, "utf8").matchAll(PATH)) {
      if (NAMED_AS_THEY_WERE.has(named!)) continue;
      const found = ROOTS.some((r) => existsSync(path.join(root, r, named!))) || existsSync(path.join(path.dirname(doc), named!));
      if (!found) missing.push(`${path.relative(root, doc)}: ${named}`);
    }
  }
  expect(missing).toEqual([]);
});
