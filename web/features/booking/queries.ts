import { atomWithMutation, queryClientAtom } from "jotai-tanstack-query";
import { client, unwrap } from "../../lib/api";
import type { BookingValues } from "./validation";

export type BookingRequest = BookingValues & { eventId: number; rateId: number; idempotencyKey: string };

export const createBookingAtom = atomWithMutation((get) => ({
  mutationKey: ["create-booking"],
  mutationFn: ({ idempotencyKey, ...json }: BookingRequest) =>
    unwrap(client.api.bookings.$post({ header: { "idempotency-key": idempotencyKey }, json })),
  // A hold changes the event's counters; a refusal (sold out) means our copy is stale.
  onSettled: () => get(queryClientAtom).invalidateQueries({ queryKey: ["events"] }),
}));
