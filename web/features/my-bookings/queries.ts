import type { InferResponseType } from "hono/client";
import { atomWithMutation } from "jotai-tanstack-query";
import { client, unwrap } from "../../lib/api";

export type MyBooking = InferResponseType<(typeof client.api)["my-bookings"]["lookup"]["$post"], 200>["bookings"][number];

export const lookupMyBookingsAtom = atomWithMutation(() => ({
  mutationKey: ["my-bookings"],
  mutationFn: (json: { email: string; code: string }) => unwrap(client.api["my-bookings"].lookup.$post({ json })),
}));
