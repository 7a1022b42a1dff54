import type { InferResponseType } from "hono/client";
import type { client } from "../../lib/api";

export type PaymentIntentDto = InferResponseType<(typeof client.api)["create-payment-intent"]["$post"], 200>;

export type CardOutcome = { ok: true } | { ok: false; message: string };

/** Confirms the card with the provider; the server confirmation comes after, from the caller. */
export type ConfirmCard = () => Promise<CardOutcome>;
