import type { InferResponseType } from "hono/client";
import { atom } from "jotai";
import { atomWithMutation, atomWithQuery } from "jotai-tanstack-query";
import type { RememberedBooking } from "./remembered";
import { client, unwrap } from "../../lib/api";

export type MyBooking = InferResponseType<(typeof client.api)["my-bookings"]["lookup"]["$post"], 200>["bookings"][number];

export type MySeason = InferResponseType<(typeof client.api)["my-bookings"]["lookup"]["$post"], 200>["seasons"][number];

export const lookupMyBookingsAtom = atomWithMutation(() => ({
  mutationFn: (json: { email: string; code: string }) => unwrap(client.api["my-bookings"].lookup.$post({ json })),
}));

const SPENT = new Set(["expired", "cancelled"]);

/**
 * The passes of every booking made on this device: one look-up per e-mail (it answers all that
 * e-mail's bookings), merged, newest first. Abandoned holds are left out; a failed look-up too.
 */
export async function lookupDevicePasses(entries: { email: string; code: string }[]): Promise<MyBooking[]> {
  const byEmail = new Map<string, string>();
  for (const e of entries) if (!byEmail.has(e.email.toLowerCase())) byEmail.set(e.email.toLowerCase(), e.code);
  const answers = await Promise.all(
    [...byEmail].map(([email, code]) => unwrap(client.api["my-bookings"].lookup.$post({ json: { email, code } })).catch(() => null)),
  );
  const all = new Map<string, MyBooking>();
  for (const answer of answers) for (const b of answer?.bookings ?? []) if (!SPENT.has(b.status)) all.set(b.code, b);
  return [...all.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The booking the home's pass banner is about (code and the e-mail this device booked it with). */
export const bannerEntryAtom = atom<RememberedBooking | null>(null);

/**
 * The banner's booking as the server sees it now: a pass remembered on the device may since have
 * been refunded, or its event cancelled. Null when the server no longer answers it.
 */
export const bannerBookingQueryAtom = atomWithQuery((get) => {
  const entry = get(bannerEntryAtom);
  return {
    queryKey: ["my-bookings", "banner", entry?.code ?? null],
    queryFn: async () => {
      const { bookings } = await unwrap(client.api["my-bookings"].lookup.$post({ json: { email: entry!.email, code: entry!.code } }));
      return bookings.find((b) => b.code === entry!.code) ?? null;
    },
    enabled: entry !== null,
    retry: false,
  };
});
