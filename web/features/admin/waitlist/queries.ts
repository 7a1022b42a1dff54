import type { InferResponseType } from "hono/client";
import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import { client, unwrap } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import { pagedSearchAtom } from "../components/paged-search";

export type WaitlistSummary = InferResponseType<typeof client.api.admin.waitlists.$get, 200>[number];
export type AdminWaitlist = InferResponseType<(typeof client.api.admin.events)[":id"]["waitlist"]["$get"], 200>;

export const waitlistsQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.admin.waitlists,
  queryFn: () => unwrap(client.api.admin.waitlists.$get()),
  refetchInterval: 30_000,
}));

export const waitlistQueryAtom = (eventId: number) =>
  atomWithQuery(() => ({
    queryKey: queryKeys.admin.waitlist(eventId),
    queryFn: () => unwrap(client.api.admin.events[":id"].waitlist.$get({ param: { id: String(eventId) } })),
  }));

export const waitlistSettingsQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.admin.waitlistSettings,
  queryFn: () => unwrap(client.api.admin["waitlist-settings"].$get()),
}));

export const saveWaitlistSettingsAtom = atomWithMutation((get) => ({
  mutationFn: (offerMinutes: number) => unwrap(client.api.admin["waitlist-settings"].$put({ json: { offerMinutes } })),
  onSuccess: () => get(queryClientAtom).invalidateQueries({ queryKey: queryKeys.admin.waitlistSettings }),
}));

/** The entries card's filters as the URL carries them (?tab=lista-attesa&event=…&q=…&inLine=1). */
export type WaitlistEntrySearch = { eventId: string; q: string; inLine: "" | "1" };
export type WaitlistEntriesPage = InferResponseType<typeof client.api.admin["waitlist-entries"]["$get"], 200>;
export type WaitlistPageEntry = WaitlistEntriesPage["entries"][number];

/** One search's pages, newest entry first. */
export const waitlistEntriesQueryAtom = (search: WaitlistEntrySearch) =>
  pagedSearchAtom(queryKeys.admin.waitlistEntries(search), search, (query) => unwrap(client.api.admin["waitlist-entries"].$get({ query })));
