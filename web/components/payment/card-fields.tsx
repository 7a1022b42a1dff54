import { lazy, Suspense, useEffect } from "react";
import { useT } from "../../i18n/lang";
import { LoadingState } from "../spinner";
import { DemoCardFields } from "./demo-card-fields";
import type { CardFieldsProps, PaymentIntentDto } from "./types";

const StripeCardFields = lazy(() => import("./stripe-card-fields"));

/**
 * The card form of whichever provider created the intent. The parent's submit calls
 * `confirmRef.current()`; `onReadyChange` tells it when paying is possible.
 */
export function CardFields({
  intent,
  confirmRef,
  onReadyChange,
  disabled,
}: CardFieldsProps & { disabled?: boolean }) {
  const tr = useT();
  const demo = intent.provider === "demo";
  useEffect(() => {
    onReadyChange(demo);
  }, [demo, onReadyChange]);

  if (demo) return <DemoCardFields intent={intent} confirmRef={confirmRef} disabled={disabled} />;
  return (
    <Suspense fallback={<LoadingState text={tr.payment.stripeLoading} />}>
      <StripeCardFields intent={intent} confirmRef={confirmRef} onReadyChange={onReadyChange} />
    </Suspense>
  );
}

/** The footer note under every card form: who processes the payment. */
export function PaymentNote({ provider }: { provider: PaymentIntentDto["provider"] }) {
  const tr = useT();
  return <p className="text-xs leading-5 text-slate-500">{provider === "stripe" ? tr.payment.secureNoteStripe : tr.payment.secureNoteDemo}</p>;
}
