import { describe, expect, it } from "vitest";
import seedSql from "../../db/seed.sql?raw";
import { hashPassword, PBKDF2_ITERATIONS, pbkdf2, secretMatches, UNKNOWN_ACCOUNT_HASH, verifyPassword } from "./passwords";

describe("staff password hashing", () => {
  it("derives at 100,000 iterations and refuses 100,001 as Cloudflare's runtime does", async () => {
    const salt = new Uint8Array(16);
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect((await pbkdf2("prova", salt, 100_000)).byteLength).toBe(32);
    await expect(pbkdf2("prova", salt, 100_001)).rejects.toThrow("Pbkdf2 failed: iteration counts above 100000 are not supported (requested 100001).");
  });

  it("measured: the standalone workerd of tests and `npm start` itself has no cap (only production has one)", async () => {
    // If this starts failing, workerd enforces the cap locally too and pbkdf2's own guard could go.
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode("prova"), "PBKDF2", false, ["deriveBits"]);
    const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: new Uint8Array(16), iterations: 100_001 }, key, 256);
    expect(bits.byteLength).toBe(32);
  });

  it("stores scheme, iteration count, a random salt and a 256-bit hash", async () => {
    const [a, b] = await Promise.all([hashPassword("una password lunga"), hashPassword("una password lunga")]);
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    // Same password, different salts: equal passwords are not visible in the table.
    expect(a.split("$")[2]).not.toBe(b.split("$")[2]);
    expect(a.split("$")[3]).not.toBe(b.split("$")[3]);
  });

  it("verifies the right password only", async () => {
    const stored = await hashPassword("garage-napoli-demo");
    expect(await verifyPassword("garage-napoli-demo", stored)).toBe(true);
    for (const wrong of ["garage-napoli-dem", "garage-napoli-demo ", "Garage-napoli-demo", ""]) expect(await verifyPassword(wrong, stored)).toBe(false);
  });

  it("never matches a malformed hash, a foreign scheme or a count above the runtime limit", async () => {
    const stored = await hashPassword("garage-napoli-demo");
    const [, , salt, hash] = stored.split("$");
    for (const bad of ["", "plain", `sha256$100000$${salt}$${hash}`, `pbkdf2-sha256$100001$${salt}$${hash}`, `pbkdf2-sha256$0$${salt}$${hash}`, `pbkdf2-sha256$100000$${salt}$`]) {
      expect(await verifyPassword("garage-napoli-demo", bad), bad).toBe(false);
    }
    expect(await verifyPassword("garage-napoli-demo", UNKNOWN_ACCOUNT_HASH)).toBe(false);
  });

  it("verifies a hash made at a lower iteration count (the count is read from the hash)", async () => {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const b64 = (u: Uint8Array) => btoa(String.fromCharCode(...u));
    const stored = `pbkdf2-sha256$1000$${b64(salt)}$${b64(await pbkdf2("vecchia password", salt, 1000))}`;
    expect(await verifyPassword("vecchia password", stored)).toBe(true);
  });

  it("compares a secret exactly and never matches an unset one", async () => {
    expect(await secretMatches("segreta", "segreta")).toBe(true);
    expect(await secretMatches("Segreta", "segreta")).toBe(false);
    expect(await secretMatches("", "")).toBe(false);
    expect(await secretMatches("x", undefined)).toBe(false);
  });

  it("the demo gate account in db/seed.sql opens with the password written beside it", async () => {
    const [, email, password] = /^-- (\S+@\S+) \/ (\S+)$/m.exec(seedSql)!;
    const hash = new RegExp(`'${email}', '[^']+', 'gate', '([^']+)'`).exec(seedSql)![1];
    expect(await verifyPassword(password, hash)).toBe(true);
    expect(await verifyPassword(`${password}x`, hash)).toBe(false);
  });
});
