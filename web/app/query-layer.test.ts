import { createStore } from "jotai";
import { expect, it, vi } from "vitest";

it("tries to load the query layer again when its chunk failed to load (a dropped connection)", async () => {
  vi.resetModules();
  vi.doMock("./query-client", () => {
    throw new Error("Failed to fetch dynamically imported module");
  });
  const layer = await import("./query-layer");
  const { queryAtomsAtom } = await import("./query-ready");
  const store = createStore();
  await expect(layer.attachQueryLayer(store, null)).rejects.toThrow();
  vi.doUnmock("./query-client");
  // Fails if the failure were kept: every dialog that writes through the cache would wait forever.
  const dialog = await layer.afterQueryLayer(() => Promise.resolve("booking dialog"));
  expect(dialog).toBe("booking dialog");
  expect(store.get(queryAtomsAtom)).not.toBeNull();
});
