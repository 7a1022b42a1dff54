import { describe, expect, it } from "vitest";
import { REREAD_GRACE_MS } from "../../../shared/gate";
import { passHash, secretOfScan } from "../../../shared/gate";
import { checkLocally, countsOf, storedList, type OfflineList, type OfflinePass } from "./offline";

const SECRET_A = "A".repeat(21) + "b";
const SECRET_B = "c".repeat(22);
const LEAVE_BY = "2026-11-23T23:00:00.000Z";

async function list(): Promise<OfflinePass[]> {
  return [
    { hash: await passHash(SECRET_A), code: "0A1B2C3D", licensePlate: "AB123CD", rateName: "Posto auto", gateState: null, checkedInAt: null, leaveBy: LEAVE_BY },
    { hash: await passHash(SECRET_B), code: "99887766", licensePlate: "DU000PL", rateName: "Coperto", gateState: null, checkedInAt: null, leaveBy: null },
    { hash: await passHash("d".repeat(22)), code: "FEDCBA98", licensePlate: "DU000PL", rateName: "Scoperto", gateState: null, checkedInAt: null, leaveBy: null },
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
    expect(first.answer).toMatchObject({ result: "ok", pass: { licensePlate: "AB123CD", gateState: "inside", checkedInAt: "2026-11-23T18:42:00.000Z" } });
    // The same phone reads it again at once (the QR still in view): green again, nothing moves.
    const reread = await checkLocally(first.passes, { scan: `http://x/p/${SECRET_A}`, direction: "in" }, now + REREAD_GRACE_MS);
    expect(reread.answer.result).toBe("reread");
    expect(reread.passes).toBe(first.passes);
    // A minute later it is a second car on the same pass: red.
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

  it("finds a pass by its booking code, typed in any case or with a space, and not a code of no listed pass", async () => {
    const passes = await list();
    expect((await checkLocally(passes, { scan: "0a1b 2c3d", direction: "in" }, 0)).answer).toMatchObject({ result: "ok", pass: { licensePlate: "AB123CD" } });
    // A code finds one pass even where its plate has two.
    expect((await checkLocally(passes, { scan: "FEDCBA98", direction: "in" }, 0)).answer).toMatchObject({ result: "ok", pass: { rateName: "Scoperto" } });
    expect((await checkLocally(passes, { scan: "12345678", direction: "in" }, 0)).answer).toEqual({ result: "unknown" });
  });

  it("lets a car out that never entered (amber, queued like an exit) and shows minutes past the rate's window", async () => {
    const passes = await list();
    const late = Date.parse(LEAVE_BY) + 95 * 60_000;
    const out = await checkLocally(passes, { scan: "AB123CD", direction: "out" }, late);
    expect(out.answer).toMatchObject({ result: "no_entry", overstayMinutes: 95, pass: { gateState: "exited" } });
    const inAndOut = await checkLocally((await checkLocally(passes, { scan: "AB123CD", direction: "in" }, 0)).passes, { scan: "AB123CD", direction: "out" }, Date.parse(LEAVE_BY) - 1);
    expect(inAndOut.answer).toMatchObject({ result: "ok", overstayMinutes: null });
  });
});

describe("a list a gate phone saved before the update", () => {
  // Fails if a list kept under the plate's old name (`plate`) loses its plates: the car would no longer be found by plate offline.
  it("is read with its plates under their wire name, and still finds a car by plate", async () => {
    const saved = {
      eventId: 7,
      downloadedAt: "2026-11-23T18:00:00.000Z",
      passes: [{ hash: await passHash(SECRET_A), code: "0A1B2C3D", plate: "AB123CD", rateName: "Posto auto", gateState: "inside", checkedInAt: "2026-11-23T18:42:00.000Z", leaveBy: LEAVE_BY, admittedHere: 5 }],
    } as unknown as OfflineList;
    const read = storedList(saved)!;
    expect(read.passes).toEqual([
      { hash: await passHash(SECRET_A), code: "0A1B2C3D", licensePlate: "AB123CD", rateName: "Posto auto", gateState: "inside", checkedInAt: "2026-11-23T18:42:00.000Z", leaveBy: LEAVE_BY, admittedHere: 5 },
    ]);
    expect((await checkLocally(read.passes, { scan: "AB123CD", direction: "out" }, 0)).answer).toMatchObject({ result: "ok", pass: { code: "0A1B2C3D" } });
    // A list saved after the update is read as it is.
    const fresh = await list();
    expect(storedList({ eventId: 7, downloadedAt: "2026-11-23T18:00:00.000Z", passes: fresh })!.passes).toEqual(fresh);
    expect(storedList(undefined)).toBeUndefined();
  });
});
