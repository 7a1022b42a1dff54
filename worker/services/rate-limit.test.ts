import { describe, expect, it } from "vitest";
import { testDb } from "../test/helpers";
import { accountClientKey, releaseHit, takeHit } from "./rate-limit";

describe("rate limit", () => {
  const rule = { bucket: "test", limit: 3, windowMs: 60_000 };

  it("limits a client after `limit` hits inside the window and frees it after the window", async () => {
    const db = testDb();
    const t0 = 1_800_000_000_000;
    for (let i = 0; i < 3; i++) expect(await takeHit(db, rule, "client-a", t0 + i)).not.toBeNull();
    expect(await takeHit(db, rule, "client-a", t0 + 10)).toBeNull();
    expect(await takeHit(db, rule, "client-b", t0 + 10)).not.toBeNull();
    expect(await takeHit(db, rule, "client-a", t0 + 60_003)).not.toBeNull();
  });

  it("a released hit no longer counts", async () => {
    const db = testDb();
    const t0 = 1_800_000_100_000;
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await takeHit(db, rule, "client-r", t0));
    expect(await takeHit(db, rule, "client-r", t0)).toBeNull();
    await releaseHit(db, hits[0]!);
    expect(await takeHit(db, rule, "client-r", t0)).not.toBeNull();
  });

  it("lets exactly `limit` of 100 parallel tries through", async () => {
    const db = testDb();
    const t0 = 1_800_000_200_000;
    const tries = await Promise.all(Array.from({ length: 100 }, () => takeHit(db, { ...rule, limit: 5 }, "client-p", t0)));
    expect(tries.filter((t) => t !== null)).toHaveLength(5);
  });

  it("keys a lockout by client and account together", () => {
    expect(accountClientKey("203.0.113.7", "Owner@Example.it")).toBe("203.0.113.7|owner@example.it");
    expect(accountClientKey("198.51.100.1", "owner@example.it")).not.toBe(accountClientKey("203.0.113.7", "owner@example.it"));
  });
});
