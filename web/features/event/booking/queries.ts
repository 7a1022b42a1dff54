import { atomWithMutation, queryClientAtom } from "jotai-tanstack-query";
import { catalogueAtom } from "../../../i18n/lang";
import { client, unwrap } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import type { BookingValues } from "../../../entities/customer/validation";

/** warnRepeatPlate: answer 409 repeat_plate instead of booking when the plate already has a spot for the event. */
type BookingRequest = BookingValues & { eventId: number; rateId: number; idempotencyKey: string; warnRepeatPlate: boolean; voucherCode?: string };

export const createBookingAtom = atomWithMutation((get) => ({
  mutationFn: ({ idempotencyKey, ...json }: BookingRequest) =>
    // The booking remembers the language it was made in (its e-mails are written in it).
    unwrap(client.api.bookings.$post({ header: { "idempotency-key": idempotencyKey }, json: { ...json, lang: get(catalogueAtom).lang } })),
  // A hold changes the event's counters; a refusal (sold out) means our copy is stale.
  onSettled: () => get(queryClientAtom).invalidateQueries({ queryKey: queryKeys.events }),
}));
