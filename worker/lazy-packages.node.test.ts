import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue #42: packages only some requests need are loaded by `import()` where they are used, so a cold
// start (and every workerd test file) does not evaluate them. A static import anywhere under the entry
// brings one back silently; this walks the Worker's static imports from worker/index.ts to catch that.
const LAZY = ["stripe", "pkijs", "asn1js", "@zxcvbn-ts/core", "@zxcvbn-ts/language-common"];

const ROOT = path.resolve(import.meta.dirname, "..");
const ENTRY = "worker/index.ts";

function resolve(from: string, spec: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(path.join(ROOT, candidate))) return candidate;
  }
  return null;
}

/** A bare specifier's package: "stripe", "@zxcvbn-ts/core", "hono" for "hono/cookie". */
const packageOf = (spec: string) => spec.split("/").slice(0, spec.startsWith("@") ? 2 : 1).join("/");

/** The specifiers a file imports for their values when it is evaluated (not `import type`, not `import()`). */
function staticImports(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const specs: string[] = [];
  for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/gm)) {
    const names = match[3];
    const typeOnly = Boolean(match[2]) || (/^\{[^}]*\}$/.test(names) && names.slice(1, -1).split(",").every((n) => !n.trim() || /^type\s/.test(n.trim())));
    if (!typeOnly) specs.push(match[4]);
  }
  for (const match of text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) specs.push(match[1]);
  return specs;
}

/** Every package the entry evaluates at start-up, with the file that imports it. */
function packagesAtStart(): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [ENTRY];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of staticImports(file)) {
      if (spec.startsWith(".")) {
        const to = resolve(file, spec);
        if (to) queue.push(to);
      } else if (!packages.has(packageOf(spec))) packages.set(packageOf(spec), file);
    }
  }
  return packages;
}

describe("packages the Worker loads only when a request needs them", () => {
  const atStart = packagesAtStart();

  it("reads the Worker's start-up graph", () => {
    expect(atStart.get("hono")).toBeDefined();
    expect(atStart.get("drizzle-orm")).toBeDefined();
  });

  it.each(LAZY)("%s is not imported statically from worker/index.ts", (pkg) => {
    expect(atStart.get(pkg), `${atStart.get(pkg)} imports ${pkg} statically: use import() where it is needed`).toBeUndefined();
  });
});
