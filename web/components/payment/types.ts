import type { InferResponseType } from "hono/client";
import type { RefObject } from "react";
import type { client } from "../../lib/api";

export type PaymentIntentDto = InferResponseType<(typeof client.api)["create-payment-intent"]["$post"], 200>;

type CardOutcome = { ok: true } | { ok: false; message: string };

/** Confirms the card with the provider; the server confirmation comes after, from the caller. */
export type ConfirmCard = () => Promise<CardOutcome>;

/** What every provider's card form gets: the intent, where to put its confirm, and when paying is possible. */
export type CardFieldsProps = {
  intent: PaymentIntentDto;
  confirmRef: RefObject<ConfirmCard | null>;
  onReadyChange: (ready: boolean) => void;
};
