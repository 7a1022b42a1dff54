export type ProviderName = "demo" | "stripe";

/** The part of a payment intent the app relies on, whichever provider holds it. */
export type PaymentIntentView = {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  /** Stripe's vocabulary: requires_payment_method, processing, succeeded, canceled, … */
  status: string;
  metadata: Record<string, string>;
};

export type CreateIntentInput = {
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  idempotencyKey?: string;
};

export type CancelResult = "canceled" | "not_cancelable" | "not_found";

/** A refund as the provider holds it: its id, amount and outcome, and our refund row's id when we asked for it. */
export type ProviderRefundView = {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  status: "pending" | "succeeded" | "failed";
  failureReason: string | null;
  /** metadata.refundRowId: the refunds row this refund was made for; null for one made elsewhere (Stripe Dashboard). */
  refundRowId: string | null;
};

/** The provider answered "no" (e.g. amount_too_large): asking again the same way will not help. */
export class RefundRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "RefundRefused";
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly publishableKey?: string;
  createIntent(input: CreateIntentInput): Promise<PaymentIntentView>;
  retrieveIntent(id: string): Promise<PaymentIntentView | null>;
  cancelIntent(id: string): Promise<CancelResult>;
  /** Refunds the whole intent. Safe to repeat: the same idempotency key never refunds twice. */
  refundIntent(id: string, idempotencyKey: string): Promise<void>;
  /**
   * Refunds `amountCents` of the intent (full or part); the same key never refunds twice. Throws
   * RefundRefused when the provider refuses it, any other error when it could not be asked.
   */
  refundAmount(id: string, amountCents: number, idempotencyKey: string, metadata: Record<string, string>): Promise<ProviderRefundView>;
  /** Every refund of the intent, wherever it was made: what reconciliation reads. */
  listRefunds(paymentIntentId: string): Promise<ProviderRefundView[]>;
}
