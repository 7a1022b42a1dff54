import { atom } from "jotai";

// What the lazily loaded query layer (query-client.ts) hands back to the eager side (query-layer.ts,
// the home's reads): kept apart so the two never import each other.

/** The app's query atoms (web/lib/queries.ts); their module brings TanStack Query with it. */
export type QueryAtoms = typeof import("../lib/queries");

/** The query atoms once the query layer is attached to the store; null before. */
export const queryAtomsAtom = atom<QueryAtoms | null>(null);

let markReady: () => void = () => undefined;
/** Resolves once a store has its query client and query atoms. */
export const queryLayerReady = new Promise<void>((resolve) => {
  markReady = resolve;
});
export const markQueryLayerReady = () => markReady();
