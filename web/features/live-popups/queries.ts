import { atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { activityEventId } from "./schedule";

const LIVE_REFETCH_MS = 30_000;

// Spec §9: the configuration is refetched every 30 s (the one exception to "no refetch").
export const liveConfigQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.liveConfig,
  queryFn: () => unwrap(client.api["live-notifications"].config.$get()),
  refetchInterval: LIVE_REFETCH_MS,
}));

// Real recent bookings, polled with the configuration so new ones get announced.
export const liveActivityQueryAtom = atomWithQuery((get) => {
  const config = get(liveConfigQueryAtom).data;
  const eventId = config ? activityEventId(config) : undefined;
  return {
    queryKey: queryKeys.liveActivity(eventId ?? "all"),
    queryFn: () => unwrap(client.api["live-activity"].$get({ query: eventId === undefined ? {} : { eventId: String(eventId) } })),
    enabled: config?.isEnabled === true,
    refetchInterval: LIVE_REFETCH_MS,
  };
});
