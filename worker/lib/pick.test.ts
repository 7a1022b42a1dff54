import { describe, expect, it } from "vitest";
import { pick } from "./pick";

describe("pick", () => {
  it("keeps the named fields, null and undefined values included, and leaves the others out", () => {
    const row = { id: 1, secret: "s", note: null, lastError: undefined as string | undefined };
    // Fails if an unnamed field (a secret column) leaks into the view, or a null is dropped.
    expect(pick(row, ["id", "note"])).toEqual({ id: 1, note: null });
    expect(Object.keys(pick(row, ["id", "lastError"]))).toEqual(["id", "lastError"]);
  });
});
