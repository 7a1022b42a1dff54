import type { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { api, apiRoutes } from "./api";

// Every sub-app the routes folder exports, by its exported name (the table's keys).
const modules = import.meta.glob<Record<string, unknown>>(["./routes/*.ts", "!./routes/*.test.ts"], { eager: true });
const subApps = new Map<string, Hono>();
for (const mod of Object.values(modules)) {
  for (const [name, value] of Object.entries(mod)) {
    if (value && typeof value === "object" && "routes" in value && "route" in value) subApps.set(name, value as Hono);
  }
}

// `.use()` middleware is listed as method ALL; a route's handlers (middleware, then its own) one entry each.
const urlsOf = (routes: Hono["routes"]) => [...new Set(routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))];

describe("the route table in worker/api.ts", () => {
  it("lists exactly the URLs the API answers", () => {
    expect(Object.values(apiRoutes).flat().sort()).toEqual(urlsOf(api.routes).sort());
  });

  it("puts each URL under the sub-app that serves it", () => {
    // A route's own handler (the last one) is unique to it: found again in the mounted app, it gives the full URL.
    const fullUrlOf = new Map(api.routes.map((r) => [r.handler, `${r.method} ${r.path}`]));
    const served: Record<string, string[]> = {};
    for (const name of Object.keys(apiRoutes)) {
      const app = subApps.get(name);
      expect(app, `${name} is no sub-app of worker/routes/`).toBeDefined();
      const last = new Map(app!.routes.filter((r) => r.method !== "ALL").map((r) => [`${r.method} ${r.path}`, r.handler]));
      served[name] = [...last.values()].map((handler) => fullUrlOf.get(handler) ?? "not mounted");
    }
    expect(served).toEqual(Object.fromEntries(Object.entries(apiRoutes).map(([name, urls]) => [name, [...urls]])));
  });
});
