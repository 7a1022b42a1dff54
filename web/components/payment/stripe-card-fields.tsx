import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState, type RefObject } from "react";
import { useLang, useT } from "../../i18n/lang";
import { Alert } from "../alert";
import { LoadingState } from "../spinner";
import type { CardFieldsProps, ConfirmCard } from "./types";

// This module is imported lazily: Stripe.js is fetched only on checkout and in the presale modal.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
    promise.catch(() => loaded.delete(publishableKey));
  }
  return promise;
}

function ConfirmBinder({ confirmRef, onReady }: { confirmRef: RefObject<ConfirmCard | null>; onReady: () => void }) {
  const tr = useT();
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    confirmRef.current = async () => {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/?payment=success` },
        redirect: "if_required",
      });
      if (error) return { ok: false, message: error.message ?? tr.presale.paymentException };
      return paymentIntent?.status === "succeeded" ? { ok: true } : { ok: false, message: tr.payment.notCompleted };
    };
    return () => {
      confirmRef.current = null;
    };
  }, [stripe, elements, confirmRef]);
  return <PaymentElement options={{ layout: "tabs" }} onReady={onReady} />;
}

export default function StripeCardFields({
  intent,
  confirmRef,
  onReadyChange,
}: CardFieldsProps) {
  const tr = useT();
  const lang = useLang();
  const [stripe, setStripe] = useState<Stripe | "loading" | "failed">("loading");

  useEffect(() => {
    let alive = true;
    if (!intent.publishableKey) {
      setStripe("failed");
      return;
    }
    stripeFor(intent.publishableKey).then(
      (s) => alive && setStripe(s ?? "failed"),
      () => alive && setStripe("failed"),
    );
    return () => {
      alive = false;
    };
  }, [intent.publishableKey]);

  if (stripe === "loading") return <LoadingState text={tr.payment.stripeLoading} />;
  if (stripe === "failed")
    return (
      <Alert tone="error" role="alert">
        {tr.payment.stripeLoadFailed}
      </Alert>
    );
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret: intent.clientSecret,
        locale: lang,
        appearance: { theme: "stripe", variables: { colorPrimary: "#2563eb", borderRadius: "12px", fontFamily: "system-ui, sans-serif" } },
      }}
    >
      <ConfirmBinder confirmRef={confirmRef} onReady={() => onReadyChange(true)} />
    </Elements>
  );
}
