import { describe, expect, it } from "vitest";
import { checkLocally, countsOf, secretOfScan, sha256Hex, type OfflinePass } from "./offline";

const SECRET_A = "A".repeat(21) + "b";
const SECRET_B = "c".repeat(22);

async function list(): Promise<OfflinePass[]> {
  return [
    { hash: await sha256Hex(SECRET_A), plate: "AB123CD", rateName: "Posto auto", gateState: null, checkedInAt: null },
    { hash: await sha256Hex(SECRET_B), plate: "DU000PL", rateName: "Coperto", gateState: null, checkedInAt: null },
    { hash: await sha256Hex("d".repeat(22)), plate: "DU000PL", rateName: "Scoperto", gateState: null, checkedInAt: null },
  ];
}

describe("the offline rule", () => {
  it("reads a pass URL, a bare secret, or else a plate", () => {
    expect(secretOfScan(`https://parcheggi.example/p/${SECRET_A}`)).toBe(SECRET_A);
    expect(secretOfScan(` ${SECRET_B} `)).toBe(SECRET_B);
    expect(secretOfScan("AB123CD")).toBeNull();
  });

  it("lets a listed pass in once, by QR or plate, and remembers it is inside", async () => {
    const now = Date.parse("2026-11-23T18:42:00Z");
    const first = await checkLocally(await list(), { scan: `http://x/p/${SECRET_A}`, direction: "in" }, now);
    expect(first.answer).toMatchObject({ result: "ok", pass: { plate: "AB123CD", gateState: "inside", checkedInAt: "2026-11-23T18:42:00.000Z" } });
    const again = await checkLocally(first.passes, { scan: "ab 123-cd", direction: "in" }, now + 60_000);
    expect(again.answer).toMatchObject({ result: "already_in", pass: { checkedInAt: "2026-11-23T18:42:00.000Z" } });
    expect(countsOf(again.passes)).toEqual({ expected: 3, inside: 1, exited: 0 });
    const out = await checkLocally(again.passes, { scan: "AB123CD", direction: "out" }, now + 120_000);
    expect(out.answer.result).toBe("ok");
    expect(countsOf(out.passes)).toEqual({ expected: 3, inside: 0, exited: 1 });
  });

  it("refuses what is not on the list, and asks which pass for a plate with several", async () => {
    const passes = await list();
    expect((await checkLocally(passes, { scan: `http://x/p/${"z".repeat(22)}`, direction: "in" }, 0)).answer).toEqual({ result: "unknown" });
    expect((await checkLocally(passes, { scan: "ZZ999ZZ", direction: "in" }, 0)).answer).toEqual({ result: "unknown" });
    const asked = await checkLocally(passes, { scan: "DU000PL", direction: "in" }, 0);
    expect(asked.answer.result).toBe("ambiguous");
    const chosen = await checkLocally(passes, { scan: "DU000PL", direction: "in", passHash: passes[2].hash }, 0);
    expect(chosen.answer).toMatchObject({ result: "ok", pass: { rateName: "Scoperto" } });
    expect(chosen.passes[1].gateState).toBeNull();
  });
});
