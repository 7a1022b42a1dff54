import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One way between worker/ and web/ (docs/decisions/031-worker-web-boundary.md): the web sees the
// Worker only as types from worker/api.ts, the Worker reaches the web only through
// worker/services/islands.ts → web/app/render-islands.tsx, and no files import each other in a loop.
// Inside web/ (docs/decisions/064-web-rooms.md): no feature imports another, only web/app/ puts features
// together, the rooms below them (entities, components, lib, i18n) never reach up, and nothing reads db/.

const ROOT = path.resolve(import.meta.dirname, "..");
const FOLDERS = ["worker", "web", "shared", "db"];
const WORKER_DOOR = "worker/services/islands.ts";
const WEB_DOOR = "worker/api.ts";

type Edge = { to: string; typeOnly: boolean; line: string };

function sources(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, folder))) {
    const rel = `${folder}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

function resolve(from: string, spec: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(path.join(ROOT, candidate))) return candidate;
  }
  return null;
}

/** Every relative import or re-export of a file, static or `import()`, with whether it brings types only. */
function importsOf(file: string): Edge[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const edges: Edge[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/gm;
  for (const match of text.matchAll(statement)) {
    const to = match[4].startsWith(".") ? resolve(file, match[4]) : null;
    const names = match[3];
    const typeOnly = Boolean(match[2]) || (/^\{[^}]*\}$/.test(names) && names.slice(1, -1).split(",").every((n) => !n.trim() || /^type\s/.test(n.trim())));
    if (to) edges.push({ to, typeOnly, line: match[0].trim() });
  }
  for (const match of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) {
    const to = match[1].startsWith(".") ? resolve(file, match[1]) : null;
    if (to) edges.push({ to, typeOnly: false, line: match[0] });
  }
  return edges;
}

const files = FOLDERS.flatMap(sources);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes("/test/");
/** The feature a web file belongs to (the first folder under web/features/), or null. */
const featureOf = (file: string) => /^web\/features\/([^/]+)\//.exec(file)?.[1] ?? null;
const webEdges = [...graph].filter(([file]) => file.startsWith("web/")).flatMap(([file, edges]) => edges.map((e) => ({ from: file, ...e })));

describe("the boundary between worker/ and web/", () => {
  it("reads the files it judges", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get("web/lib/api.ts")!.map((e) => e.to)).toContain(WEB_DOOR);
  });

  // A worker test may reach into web/ to set up what it renders (the made-up language's web catalogue); the code may not.
  it(`lets exactly one worker file (${WORKER_DOOR}) import web/`, () => {
    const importers = [...graph].filter(([file, edges]) => file.startsWith("worker/") && !isTest(file) && edges.some((e) => e.to.startsWith("web/"))).map(([file]) => file);
    expect(importers).toEqual([WORKER_DOOR]);
    expect(graph.get(WORKER_DOOR)!.map((e) => e.to)).toEqual(["web/app/render-islands.tsx"]);
  });

  it(`lets web files import only types, and only from ${WEB_DOOR}`, () => {
    const wrong = [...graph]
      .filter(([file]) => file.startsWith("web/"))
      .flatMap(([file, edges]) => edges.filter((e) => e.to.startsWith("worker/") && (e.to !== WEB_DOOR || !e.typeOnly)).map((e) => `${file}: ${e.line}`));
    expect(wrong).toEqual([]);
  });

  it("lets no web file import db/ (the web reads the API's types)", () => {
    expect(webEdges.filter((e) => e.to.startsWith("db/")).map((e) => `${e.from}: ${e.line}`)).toEqual([]);
  });

  it("keeps every web feature on its own: no file of one feature imports another feature, tests included", () => {
    expect(new Set(files.map(featureOf).filter(Boolean)).size).toBeGreaterThan(5);
    const crossing = webEdges.filter((e) => featureOf(e.from) && featureOf(e.to) && featureOf(e.from) !== featureOf(e.to));
    expect(crossing.map((e) => `${e.from}: ${e.line}`)).toEqual([]);
  });

  it("lets only web/app/ (and tests) put features together: entities, components, lib and i18n never import a feature", () => {
    const upward = webEdges.filter((e) => featureOf(e.to) && !featureOf(e.from) && !e.from.startsWith("web/app/") && !e.from.startsWith("web/test/") && e.from.split("/").length > 2);
    expect(upward.map((e) => `${e.from}: ${e.line}`)).toEqual([]);
  });

  it("keeps shared/ free of both sides", () => {
    const wrong = [...graph]
      .filter(([file]) => file.startsWith("shared/") && !isTest(file))
      .flatMap(([file, edges]) => edges.filter((e) => e.to.startsWith("web/") || e.to.startsWith("worker/")).map((e) => `${file}: ${e.line}`));
    expect(wrong).toEqual([]);
  });

  it("has no import cycles (type imports count: they tie the files just the same for a reader)", () => {
    // Tarjan's strongly connected components over the non-test files.
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    let next = 0;
    const visit = (file: string) => {
      index.set(file, next);
      low.set(file, next++);
      stack.push(file);
      onStack.add(file);
      for (const { to } of graph.get(file) ?? []) {
        if (isTest(to) || !graph.has(to)) continue;
        if (!index.has(to)) {
          visit(to);
          low.set(file, Math.min(low.get(file)!, low.get(to)!));
        } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
      if (low.get(file) === index.get(file)) {
        const component: string[] = [];
        let top: string;
        do {
          top = stack.pop()!;
          onStack.delete(top);
          component.push(top);
        } while (top !== file);
        if (component.length > 1) cycles.push(component.sort());
      }
    };
    for (const file of files) if (!isTest(file) && !index.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
