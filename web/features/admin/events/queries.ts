import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import { client, unwrap } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import { invalidateData } from "../../../entities/staff/session";
import type { EventPayload } from "./event-draft";

export const adminEventsQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.admin.events,
  queryFn: () => unwrap(client.api.admin.events.$get()),
}));

export const saveEventAtom = atomWithMutation((get) => ({
  mutationFn: ({ id, payload }: { id: number | null; payload: EventPayload }) =>
    id === null
      ? unwrap(client.api.events.$post({ json: payload }))
      : unwrap(client.api.events[":id"].$put({ param: { id: String(id) }, json: payload })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));

export const setEventActiveAtom = atomWithMutation((get) => ({
  mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
    unwrap(client.api.events[":id"].$put({ param: { id: String(id) }, json: { event: { isActive } } })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));

export const deleteEventAtom = atomWithMutation((get) => ({
  mutationFn: (id: number) => unwrap(client.api.events[":id"].$delete({ param: { id: String(id) } })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));

export const reorderEventsAtom = atomWithMutation((get) => ({
  mutationFn: (orderedIds: number[]) =>
    // Spec §4: sortOrder is the position, starting at 1.
    unwrap(client.api["reorder-events"].$put({ json: { eventOrders: orderedIds.map((id, i) => ({ id, sortOrder: i + 1 })) } })),
  onSettled: () => invalidateData(get(queryClientAtom)),
}));

export const reorderRatesAtom = atomWithMutation((get) => ({
  mutationFn: ({ eventId, orderedRateIds }: { eventId: number; orderedRateIds: number[] }) =>
    unwrap(client.api.events[":id"].rates.reorder.$put({ param: { id: String(eventId) }, json: { orderedRateIds } })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));

export const setRateFlagAtom = atomWithMutation((get) => ({
  mutationFn: ({ rateId, field, value }: { rateId: number; field: "isVisible" | "isPayable"; value: boolean }) =>
    field === "isVisible"
      ? unwrap(client.api.rates[":id"].visibility.$put({ param: { id: String(rateId) }, json: { isVisible: value } }))
      : unwrap(client.api.rates[":id"].payability.$put({ param: { id: String(rateId) }, json: { isPayable: value } })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));
