import { createStore, get, set, update } from "idb-keyval";
import { bookingCodeOfScan, overstayMinutesOf, passHash, REREAD_GRACE_MS, secretOfScan } from "../../../shared/gate";
import { normalisePlate } from "../../../shared/rules";

/**
 * One valid pass of the chosen event, as downloaded: the secret's SHA-256, never the secret.
 * `admittedHere` is set by this phone: when it let the car in (ms), for the re-read rule.
 */
export type OfflinePass = {
  hash: string;
  code: string;
  licensePlate: string;
  rateName: string | null;
  gateState: "inside" | "exited" | null;
  checkedInAt: string | null;
  leaveBy: string | null;
  admittedHere?: number;
};
export type OfflineList = { eventId: number; downloadedAt: string; passes: OfflinePass[] };

export type Direction = "in" | "out";

/** A scan decided on the phone while offline, waiting to be sent (`plate`: for the report only, never sent). */
type QueuedScan = { scanId: string; eventId: number; scan: string; direction: Direction; scannedAt: number; passHash?: string; plate: string };

type LocalAnswer =
  | { result: "ok" | "reread" | "no_entry" | "already_in"; pass: OfflinePass; overstayMinutes?: number | null }
  | { result: "unknown" }
  | { result: "ambiguous"; candidates: OfflinePass[] };

/**
 * The offline rule: only passes on the downloaded list (valid when downloaded) may enter, found by
 * QR, booking code or plate; a pass the phone already let in is "already inside" (unless it let it
 * in within REREAD_GRACE_MS: the same car, green again); anything else is unknown until the network
 * is back. Exits always pass ("no_entry" when the car was not seen entering). Returns the list with
 * the car's new state when the scan moved it (ok, no_entry).
 */
export async function checkLocally(
  passes: OfflinePass[],
  input: { scan: string; direction: Direction; passHash?: string },
  now: number,
): Promise<{ answer: LocalAnswer; passes: OfflinePass[] }> {
  const secret = secretOfScan(input.scan);
  const code = bookingCodeOfScan(input.scan);
  let matches: OfflinePass[] = [];
  if (input.passHash) matches = passes.filter((p) => p.hash === input.passHash);
  else if (secret) {
    const hash = await passHash(secret);
    matches = passes.filter((p) => p.hash === hash);
  }
  if (!input.passHash && !matches.length && code) matches = passes.filter((p) => p.code === code);
  if (!input.passHash && !secret && !matches.length) {
    const plate = normalisePlate(input.scan);
    matches = passes.filter((p) => p.licensePlate === plate);
  }
  if (matches.length === 0) return { answer: { result: "unknown" }, passes };
  if (matches.length > 1) return { answer: { result: "ambiguous", candidates: matches }, passes };
  const [pass] = matches;
  if (input.direction === "in" && pass.gateState === "inside") {
    const again = pass.admittedHere != null && now - pass.admittedHere >= 0 && now - pass.admittedHere <= REREAD_GRACE_MS;
    return { answer: { result: again ? "reread" : "already_in", pass }, passes };
  }
  const at = new Date(now).toISOString();
  const moved: OfflinePass =
    input.direction === "in" ? { ...pass, gateState: "inside", checkedInAt: at, admittedHere: now } : { ...pass, gateState: "exited", admittedHere: undefined };
  const result = input.direction === "out" && pass.gateState !== "inside" ? "no_entry" : "ok";
  const overstayMinutes = input.direction === "out" ? overstayMinutesOf(pass.leaveBy ? Date.parse(pass.leaveBy) : null, now) : null;
  return { answer: { result, pass: moved, overstayMinutes }, passes: passes.map((p) => (p.hash === pass.hash ? moved : p)) };
}

/** A list as a phone kept it: one saved before the plate took its wire name (issue #43) has it as `plate`. */
export function storedList(list: OfflineList | undefined): OfflineList | undefined {
  if (!list) return undefined;
  const passes = list.passes.map((saved) => {
    const { plate, ...pass } = saved as OfflinePass & { plate?: string };
    return { ...pass, licensePlate: pass.licensePlate ?? plate ?? "" };
  });
  return { ...list, passes };
}

export function countsOf(passes: OfflinePass[]) {
  return {
    expected: passes.length,
    inside: passes.filter((p) => p.gateState === "inside").length,
    exited: passes.filter((p) => p.gateState === "exited").length,
  };
}

// IndexedDB, so the list and the queue survive a reload or a closed tab while offline.
let store: ReturnType<typeof createStore> | null = null;
const db = () => (store ??= createStore("parcheggi-gate", "gate"));
const listKey = (eventId: number) => `passes:${eventId}`;
const QUEUE = "queue";

export const loadList = async (eventId: number) => storedList(await get<OfflineList>(listKey(eventId), db()));
export const saveList = (list: OfflineList) => set(listKey(list.eventId), list, db());
export const loadQueue = async () => (await get<QueuedScan[]>(QUEUE, db())) ?? [];
export const enqueue = (scan: QueuedScan) => update<QueuedScan[]>(QUEUE, (q) => [...(q ?? []), scan], db());
export const dequeue = (scanId: string) => update<QueuedScan[]>(QUEUE, (q) => (q ?? []).filter((s) => s.scanId !== scanId), db());
