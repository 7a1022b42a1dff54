import { atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap } from "../../lib/api";

export const eventsQueryAtom = atomWithQuery(() => ({
  queryKey: ["events"],
  queryFn: () => unwrap(client.api.events.$get()),
}));

export const statsQueryAtom = atomWithQuery(() => ({
  queryKey: ["stats"],
  queryFn: () => unwrap(client.api.stats.$get()),
}));
