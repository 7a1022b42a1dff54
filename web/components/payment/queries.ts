import type { InferResponseType } from "hono/client";
import { atomWithMutation, queryClientAtom } from "jotai-tanstack-query";
import { client, unwrap } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

type IntentRequest = ({ bookingId: string } | { eventId: number; type: "prevendita" }) & { idempotencyKey: string };

export const createIntentAtom = atomWithMutation(() => ({
  mutationFn: ({ idempotencyKey, ...json }: IntentRequest) =>
    unwrap(client.api["create-payment-intent"].$post({ header: { "idempotency-key": idempotencyKey }, json })),
}));

/** The server re-reads the intent from the provider and answers the booking as it now is. */
export type BookingDto = InferResponseType<(typeof client.api)["confirm-payment"]["$post"], 200>;

export const confirmPaymentAtom = atomWithMutation<BookingDto, string>((get) => ({
  mutationFn: (paymentIntentId: string) => unwrap(client.api["confirm-payment"].$post({ json: { paymentIntentId } })),
  onSuccess: async (booking: BookingDto) => {
    const queryClient = get(queryClientAtom);
    queryClient.setQueryData(queryKeys.booking(booking.id), booking);
    await Promise.all(
      [queryKeys.events, queryKeys.stats, queryKeys.admin.bookings(), queryKeys.liveActivity()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  },
}));
