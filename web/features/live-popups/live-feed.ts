import { useAtomValue } from "jotai";
import { useEffect, useRef, useState } from "react";
import { injectedHomeDataAtom } from "../../app/query-layer";
import type { client, OkBody } from "../../lib/api";
import { readApi } from "../../lib/read-api";
import { activityEventId } from "./schedule";

type Answer<F extends (...args: never[]) => Promise<unknown>> = OkBody<Awaited<ReturnType<F>>>;
type LiveConfig = Answer<(typeof client.api)["live-notifications"]["config"]["$get"]>;
type LiveActivity = Answer<(typeof client.api)["live-activity"]["$get"]>;

// Spec §9: the configuration is refetched every 30 s (the one exception to "no refetch"), and the
// real recent bookings with it so new ones get announced.
export const LIVE_REFETCH_MS = 30_000;
const LIVE_CONFIG_PATH = "/api/live-notifications/config";

function liveActivityPath(config: LiveConfig): string {
  const eventId = activityEventId(config);
  return eventId === undefined ? "/api/live-activity" : `/api/live-activity?eventId=${eventId}`;
}

/**
 * What `path` answers, read again every 30 s; read at once unless `seed` already holds its answer.
 * Null `path`: nothing read. A failed read keeps the last answer (no retries, spec §9).
 */
export function usePolledRead<T>(path: string | null, seed?: { path: string; data: T }): T | undefined {
  const [held, setHeld] = useState<{ path: string; data: T } | null>(seed ?? null);
  const heldPath = useRef(held?.path);
  heldPath.current = held?.path;
  useEffect(() => {
    if (path === null) return;
    let live = true;
    const read = () =>
      void readApi<T>(path).then(
        (data) => live && setHeld({ path, data }),
        () => undefined,
      );
    if (heldPath.current !== path) read();
    const every = setInterval(read, LIVE_REFETCH_MS);
    return () => {
      live = false;
      clearInterval(every);
    };
  }, [path]);
  return held?.path === path ? held.data : undefined;
}

/** The live popups' configuration (the one the home arrived with, then its refetches) and, while on, the recent bookings. */
export function useLiveFeed(): { config: LiveConfig | undefined; activity: LiveActivity | undefined } {
  const injected = useAtomValue(injectedHomeDataAtom)?.liveConfig;
  const config = usePolledRead<LiveConfig>(LIVE_CONFIG_PATH, injected ? { path: LIVE_CONFIG_PATH, data: injected } : undefined);
  const activity = usePolledRead<LiveActivity>(config?.isEnabled === true ? liveActivityPath(config) : null);
  return { config, activity };
}
