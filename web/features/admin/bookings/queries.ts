import type { InferRequestType } from "hono/client";
import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import { client, unwrap, type OkBody } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import { invalidateData } from "../../../entities/staff/session";
import { pagedSearchAtom } from "../components/paged-search";

/** A booking's status as the list's filter takes it (the API's type, never db/). */
export type BookingStatus = NonNullable<InferRequestType<typeof client.api.bookings.$get>["query"]["status"]>;

export type AdminBooking = OkBody<Awaited<ReturnType<typeof client.api.bookings.$get>>>[number];

function fetchBookings(filters: { eventId: string; status: BookingStatus | "" }) {
  const query: { status?: BookingStatus; eventId?: string } = {};
  if (filters.status) query.status = filters.status;
  if (filters.eventId) query.eventId = filters.eventId;
  return unwrap(client.api.bookings.$get({ query }));
}

/** The Prenotazioni tab's search, as its URL carries it (empty: no filter). */
export type BookingSearch = { q: string; eventId: string; status: BookingStatus | ""; from: string; to: string };

/** One search's pages, newest first, from GET /api/admin/bookings. */
export const bookingSearchQueryAtom = (search: BookingSearch) =>
  pagedSearchAtom(queryKeys.admin.bookings({ search }), search, (query) => unwrap(client.api.admin.bookings.$get({ query })));

/** Every booking, unfiltered: recent activity and the calendar. */
export const allBookingsQueryAtom = atomWithQuery(() => ({
  queryKey: queryKeys.admin.bookings({ eventId: "", status: "" }),
  queryFn: () => fetchBookings({ eventId: "", status: "" }),
}));

export const freeBookingAtom = atomWithMutation((get) => ({
  mutationFn: (id: string) => unwrap(client.api.admin.bookings[":id"].free.$put({ param: { id } })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));

export const refundBookingAtom = atomWithMutation((get) => ({
  mutationFn: ({ id, amount, reason }: { id: string; amount: string; reason: string }) =>
    unwrap(client.api.admin.bookings[":id"].refunds.$post({ param: { id }, json: { amount, reason } })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));

/** A refund as GET /api/admin/bookings/:id/refunds answers it, with its real outcome at the provider. */
export type RefundRow = OkBody<Awaited<ReturnType<(typeof client.api.admin.bookings)[":id"]["refunds"]["$get"]>>>[number];

/** The refunds of one booking, oldest first (one atom per open dialog: make it with useMemo). */
export const bookingRefundsQueryAtom = (bookingId: string) =>
  atomWithQuery(() => ({
    queryKey: [...queryKeys.admin.bookings(), "refunds", bookingId],
    queryFn: () => unwrap(client.api.admin.bookings[":id"].refunds.$get({ param: { id: bookingId } })),
    // A pending refund settles on its own (webhook, cron): the dialog follows it while it is open.
    refetchInterval: (q: { state: { data?: RefundRow[] } }) => (q.state.data?.some((r) => r.status === "pending") ? 3000 : false),
  }));

/** "Riprova": asks the provider again for a refund it refused. */
export const retryRefundAtom = atomWithMutation((get) => ({
  mutationFn: (refundId: string) => unwrap(client.api.admin.refunds[":id"].retry.$post({ param: { id: refundId } })),
  onSettled: () => invalidateData(get(queryClientAtom)),
}));
