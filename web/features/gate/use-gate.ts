import { useAtom, useAtomValue } from "jotai";
import { queryClientAtom } from "jotai-tanstack-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { itGate } from "../../i18n/it-gate";
import { ApiError } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { formatTime } from "../../lib/format";
import {
  checkLocally,
  dequeue,
  enqueue,
  loadList,
  loadQueue,
  saveList,
  type Direction,
  type OfflineList,
  type OfflinePass,
} from "./offline";
import { directionAtom, downloadPasses, gateEventIdAtom, onlineAtom, sendScan, SUMMARY_KEY, type GatePass, type ScanAnswer } from "./queries";
import { useSentCount } from "./use-sent-count";

type Result = ScanAnswer["result"];

/** What the full-screen answer shows, from the server's answer or from the phone's own check. */
export type Shown = {
  result: Result;
  direction: Direction;
  offline: boolean;
  scan: string;
  plate?: string;
  rateName?: string | null;
  customerName?: string;
  eventTitle?: string;
  checkedInAt?: string | null;
  overstayMinutes?: number | null;
  candidates?: { passHash: string; label: string; detail: string }[];
};

const SYNC_EVERY_MS = 15_000;
const SYNCED_SHOWN_MS = 8_000;
const RETRY_AFTER_DROP_MS = 1_000;
const REFRESH_LIST_EVERY_MS = 60_000;

const fromServer = (answer: ScanAnswer, direction: Direction, scan: string): Shown => {
  const b: GatePass | undefined = answer.booking;
  return {
    result: answer.result,
    direction,
    offline: false,
    scan,
    plate: b?.licensePlate,
    rateName: b?.rateName,
    customerName: b?.customerName,
    eventTitle: b?.eventTitle,
    checkedInAt: b?.checkedInAt,
    overstayMinutes: b?.overstayMinutes,
    candidates: answer.candidates?.map((c) => ({ passHash: c.passHash, label: itGate.pickPass(c.code), detail: [c.rateName, c.customerName].filter(Boolean).join(" · ") })),
  };
};

const fromPass = (result: Result, direction: Direction, scan: string, pass?: OfflinePass, overstayMinutes?: number | null): Shown => ({
  result,
  direction,
  offline: true,
  scan,
  plate: pass?.licensePlate,
  rateName: pass?.rateName,
  checkedInAt: pass?.checkedInAt,
  overstayMinutes,
});

/** Results the gate passes the car on: green (ok, reread) or amber (an exit never seen entering). */
export const passesCar = (result: Result) => result === "ok" || result === "reread" || result === "no_entry";

/** One buzz for green, two for amber, a long one for red, where the browser can vibrate. */
function buzz(result: Result) {
  const pattern = result === "ok" || result === "reread" ? [80] : result === "no_entry" || result === "ambiguous" ? [80, 80, 80] : [400];
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // Not allowed here (no user gesture yet, desktop): the screen alone says it.
  }
}

/** A fetch that never reached the server (offline, dropped connection), as opposed to an answer. */
const isNetworkFailure = (err: unknown) => !(err instanceof ApiError);

/**
 * The gate's state: the chosen event's offline list, online scans with an offline fallback, the
 * queue of offline scans in IndexedDB and its replay, and the report of what the replay refused.
 */
export function useGate() {
  const queryClient = useAtomValue(queryClientAtom);
  const [eventId, setEventId] = useAtom(gateEventIdAtom);
  const direction = useAtomValue(directionAtom);
  const [online, setOnline] = useAtom(onlineAtom);
  const [list, setList] = useState<OfflineList | null>(null);
  const [queued, setQueued] = useState(0);
  const [syncing, setSyncing] = useState(false);
  /** The sync in progress (scans sent of those queued), then how many the last one sent, for a while. */
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // Held while scans still wait in the queue too: a signal that drops again mid-queue leaves the rest
  // for a later sync (a retry, or the 15-second one), which adds to the same count.
  const [synced, addSynced] = useSentCount(syncing || queued > 0, SYNCED_SHOWN_MS);
  const [reports, setReports] = useState<string[]>([]);
  const [shown, setShown] = useState<Shown | null>(null);
  const listRef = useRef<OfflineList | null>(null);
  const syncingRef = useRef(false);

  const keepList = useCallback(async (next: OfflineList) => {
    listRef.current = next;
    setList(next);
    await saveList(next);
  }, []);

  const refreshQueued = useCallback(async () => setQueued((await loadQueue()).length), []);

  const refreshList = useCallback(
    async (id: number) => {
      // Never overwrite local entries that queued scans have not yet told the server about.
      if ((await loadQueue()).some((s) => s.eventId === id)) return;
      try {
        const fresh = await downloadPasses(id);
        await keepList(fresh);
      } catch {
        // Offline or failing: keep the list the phone already has.
      }
    },
    [keepList],
  );

  // Choosing an event: the stored list at once, then a fresh download.
  useEffect(() => {
    listRef.current = null;
    setList(null);
    if (eventId === null) return;
    let live = true;
    void loadList(eventId).then((stored) => {
      if (live && stored && !listRef.current) {
        listRef.current = stored;
        setList(stored);
      }
    });
    void refreshList(eventId);
    const timer = setInterval(() => navigator.onLine && void refreshList(eventId), REFRESH_LIST_EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [eventId, refreshList]);

  const sync = useCallback(async () => {
    if (syncingRef.current || !navigator.onLine) return;
    syncingRef.current = true;
    setSyncing(true);
    const found: string[] = [];
    const queue = await loadQueue();
    let done = 0;
    let signalLost = false;
    if (queue.length) setProgress({ done, total: queue.length });
    try {
      for (const item of queue) {
        try {
          const { plate, ...json } = item;
          const answer = await sendScan(json);
          await dequeue(item.scanId);
          setProgress({ done: ++done, total: queue.length });
          if (passesCar(answer.result)) continue;
          if (answer.result === "already_in") {
            found.push(itGate.report.usedTwice(answer.booking?.licensePlate ?? plate, answer.booking?.checkedInAt ? formatTime(answer.booking.checkedInAt) : "—"));
          } else {
            found.push(itGate.report.refused(answer.booking?.licensePlate ?? plate, itGate.result[answer.result]));
          }
        } catch (err) {
          // No signal, or the session ended while offline: keep the queue for after the sign-in.
          if (isNetworkFailure(err) || (err as ApiError).status === 401) {
            if (!isNetworkFailure(err)) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
            signalLost = isNetworkFailure(err);
            break;
          }
          // Refused as a request (event no longer on today's list…): it will never pass, say so.
          await dequeue(item.scanId);
          setProgress({ done: ++done, total: queue.length });
          found.push(itGate.report.refused(item.plate, (err as ApiError).serverMessage ?? itGate.scanError));
        }
      }
    } finally {
      syncingRef.current = false;
      setSyncing(false);
      setProgress(null);
      addSynced(done);
      await refreshQueued();
      // The signal dropped mid-queue: try again in a moment, not at the next 15-second sync.
      if (signalLost && done > 0) setTimeout(() => void sync(), RETRY_AFTER_DROP_MS);
      if (found.length) setReports((r) => [...r, ...found]);
      if (eventId !== null) {
        void refreshList(eventId);
        void queryClient.invalidateQueries({ queryKey: SUMMARY_KEY(eventId) });
      }
    }
  }, [addSynced, eventId, queryClient, refreshList, refreshQueued]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    void refreshQueued().then(() => sync());
    const timer = setInterval(() => void sync(), SYNC_EVERY_MS);
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
      clearInterval(timer);
    };
  }, [setOnline, sync, refreshQueued]);

  const checkOffline = useCallback(
    async (scan: string, passHash?: string) => {
      const current = listRef.current;
      if (!current || eventId === null) return fromPass("unknown", direction, scan);
      const { answer, passes } = await checkLocally(current.passes, { scan, direction, passHash }, Date.now());
      if (answer.result === "ambiguous") {
        return {
          ...fromPass("ambiguous", direction, scan),
          candidates: answer.candidates.map((c) => ({ passHash: c.hash, label: itGate.pickPass(c.code), detail: c.rateName ?? c.licensePlate })),
        };
      }
      if (answer.result !== "ok" && answer.result !== "no_entry") return fromPass(answer.result, direction, scan, "pass" in answer ? answer.pass : undefined);
      await keepList({ ...current, passes });
      await enqueue({
        scanId: crypto.randomUUID(),
        eventId,
        scan,
        direction,
        scannedAt: Date.now(),
        passHash: answer.pass.hash,
        plate: answer.pass.licensePlate,
      });
      await refreshQueued();
      return fromPass(answer.result, direction, scan, answer.pass, answer.overstayMinutes);
    },
    [direction, eventId, keepList, refreshQueued],
  );

  const show = useCallback((next: Shown) => {
    buzz(next.result);
    setShown(next);
  }, []);

  const scan = useCallback(
    async (text: string, passHash?: string) => {
      const scanText = text.trim();
      if (!scanText || eventId === null) return;
      if (navigator.onLine) {
        try {
          const answer = await sendScan({ eventId, scan: scanText, direction, scanId: crypto.randomUUID(), passHash });
          show(fromServer(answer, direction, scanText));
          void queryClient.invalidateQueries({ queryKey: SUMMARY_KEY(eventId) });
          // Keep the offline list in step with what the server just recorded.
          const b = answer.booking;
          const current = listRef.current;
          if (current && b && (answer.result === "ok" || answer.result === "no_entry")) {
            const admittedHere = direction === "in" ? Date.now() : undefined;
            await keepList({
              ...current,
              passes: current.passes.map((p) => (p.hash === b.passHash ? { ...p, gateState: b.gateState, checkedInAt: b.checkedInAt, admittedHere } : p)),
            });
          }
          return;
        } catch (err) {
          if (!isNetworkFailure(err)) {
            show({ ...fromPass("unknown", direction, scanText), offline: false });
            return;
          }
        }
      }
      show(await checkOffline(scanText, passHash));
    },
    [checkOffline, direction, eventId, keepList, queryClient, show],
  );

  const dismiss = useCallback(() => setShown(null), []);
  const clearReports = useCallback(() => setReports([]), []);

  return {
    eventId,
    setEventId,
    online,
    list,
    queued,
    syncing,
    progress,
    synced,
    reports,
    clearReports,
    shown,
    dismiss,
    scan,
  };
}
