import { describe, expect, it } from "vitest";
import { testDb } from "../test/helpers";
import { isRateLimited, recordHit } from "./rate-limit";

describe("rate limit", () => {
  const rule = { bucket: "test", limit: 3, windowMs: 60_000 };

  it("limits a client after `limit` hits inside the window and frees it after the window", async () => {
    const db = testDb();
    const t0 = 1_800_000_000_000;
    for (let i = 0; i < 3; i++) {
      expect(await isRateLimited(db, rule, "client-a", t0 + i)).toBe(false);
      await recordHit(db, rule, "client-a", t0 + i);
    }
    expect(await isRateLimited(db, rule, "client-a", t0 + 10)).toBe(true);
    expect(await isRateLimited(db, rule, "client-b", t0 + 10)).toBe(false);
    expect(await isRateLimited(db, rule, "client-a", t0 + 60_003)).toBe(false);
  });
});
