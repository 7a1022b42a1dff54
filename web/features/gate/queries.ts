import type { InferResponseType } from "hono/client";
import { atom } from "jotai";
import { atomWithStorage, createJSONStorage } from "jotai/utils";
import { atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap } from "../../lib/api";
import type { Direction } from "./offline";

type GateEvent = InferResponseType<typeof client.api.gate.events.$get, 200>["events"][number];
export type ScanAnswer = InferResponseType<typeof client.api.gate.scan.$post, 200>;
export type GatePass = NonNullable<ScanAnswer["booking"]>;

// Both kept on the phone: after a reload (without signal too) the gate opens on its event.
const stored = <T>(key: string, initial: T) =>
  atomWithStorage<T>(key, initial, createJSONStorage<T>(() => localStorage), { getOnInit: true });
export const gateEventIdAtom = stored<number | null>("pe-gate-event", null);
/** The last list of events the server gave, to name the chosen event when the phone is offline. */
export const knownEventsAtom = stored<GateEvent[]>("pe-gate-events", []);
export const directionAtom = atom<Direction>("in");
export const onlineAtom = atom(typeof navigator === "undefined" ? true : navigator.onLine);

export const gateEventsQueryAtom = atomWithQuery(() => ({
  queryKey: ["gate", "events"],
  queryFn: () => unwrap(client.api.gate.events.$get()),
}));

export const SUMMARY_KEY = (eventId: number | null) => ["gate", "summary", eventId] as const;

export const gateSummaryQueryAtom = atomWithQuery((get) => {
  const eventId = get(gateEventIdAtom);
  const online = get(onlineAtom);
  return {
    queryKey: SUMMARY_KEY(eventId),
    queryFn: () => unwrap(client.api.gate.events[":id"].summary.$get({ param: { id: String(eventId) } })),
    enabled: eventId !== null && online,
    // Other gates scan too: the counts follow them.
    refetchInterval: 5_000,
  };
});

export const downloadPasses = (eventId: number) => unwrap(client.api.gate.events[":id"].passes.$get({ param: { id: String(eventId) } }));

export const sendScan = (json: { eventId: number; scan: string; direction: Direction; scanId: string; scannedAt?: number; passHash?: string }) =>
  unwrap(client.api.gate.scan.$post({ json }));
