import { atom } from "jotai";
import { queryOfParam } from "../../lib/query-of-param";
import { client, unwrap } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

export const checkoutBookingIdAtom = atom<string | null>(null);

/** The booking being paid, read by its unguessable id (the only public way to read one). */
export const checkoutBookingQueryAtom = queryOfParam(checkoutBookingIdAtom, queryKeys.booking, (id) => unwrap(client.api.bookings[":id"].$get({ param: { id } })));
