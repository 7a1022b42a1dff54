import { atom } from "jotai";
import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import type { BookingStatus } from "../../../../db/schema";
import { client, unwrap } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import { invalidateData } from "../queries";

export type BookingFilters = { eventId: string; status: BookingStatus | "" };

export const bookingFiltersAtom = atom<BookingFilters>({ eventId: "", status: "" });

function fetchBookings(filters: BookingFilters) {
  const query: { status?: BookingStatus; eventId?: string } = {};
  if (filters.status) query.status = filters.status;
  if (filters.eventId) query.eventId = filters.eventId;
  return unwrap(client.api.bookings.$get({ query }));
}

/** The bookings table, filtered by event and status (newest first, from the server). */
export const filteredBookingsQueryAtom = atomWithQuery((get) => {
  const filters = get(bookingFiltersAtom);
  return { queryKey: queryKeys.admin.bookings(filters), queryFn: () => fetchBookings(filters) };
});

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
