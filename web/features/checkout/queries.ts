import { atom } from "jotai";
import { atomWithQuery } from "jotai-tanstack-query";
import { client, unwrap } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

export const checkoutBookingIdAtom = atom<string | null>(null);

/** The booking being paid, read by its unguessable id (the only public way to read one). */
export const checkoutBookingQueryAtom = atomWithQuery((get) => {
  const id = get(checkoutBookingIdAtom);
  return {
    queryKey: queryKeys.booking(id),
    queryFn: () => unwrap(client.api.bookings[":id"].$get({ param: { id: id! } })),
    enabled: id !== null,
  };
});
