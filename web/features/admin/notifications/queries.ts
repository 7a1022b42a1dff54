import { atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

// The live popups' configuration as the admin edits it; the popups poll it themselves (live-feed.ts),
// and this read follows it every 30 s as they do (spec §9).
export const liveConfigQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.liveConfig,
  queryFn: () => unwrap(client.api["live-notifications"].config.$get()),
  refetchInterval: 30_000,
}));
