import { useEffect, useState, type RefObject } from "react";
import { useT } from "../../i18n/lang";
import { ApiError, client, unwrap } from "../../lib/api";
import { TextField } from "../field";
import type { ConfirmCard, PaymentIntentDto } from "./types";

const groups = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

/** The demo provider's card form: only the card number matters, the server decides the outcome. */
export function DemoCardFields({ intent, confirmRef, disabled }: { intent: PaymentIntentDto; confirmRef: RefObject<ConfirmCard | null>; disabled?: boolean }) {
  const tr = useT();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    confirmRef.current = async () => {
      const digits = number.replace(/\D/g, "");
      if (digits.length !== 16) {
        setInvalid(true);
        return { ok: false, message: tr.payment.cardIncomplete };
      }
      setInvalid(false);
      try {
        await unwrap(client.api.demo.confirm.$post({ json: { paymentIntentId: intent.paymentIntentId, cardNumber: digits } }));
        return { ok: true };
      } catch (err) {
        // A declined or unknown card is the provider's answer, not a failure of the app.
        if (err instanceof ApiError && err.serverMessage && [400, 402, 409].includes(err.status)) return { ok: false, message: err.serverMessage };
        throw err;
      }
    };
    return () => {
      confirmRef.current = null;
    };
  }, [confirmRef, intent.paymentIntentId, number]);

  // What the three card fields share: digits only, a browser's autofill name, disabled together.
  const numeric = (name: string, autoComplete: string, placeholder: string, maxLength: number) => ({ name, autoComplete, placeholder, maxLength, inputMode: "numeric" as const, disabled });

  return (
    <div className="space-y-4 rounded-2xl border border-dashed border-amber-300 bg-amber-50/60 p-4">
      <div>
        <p className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold text-amber-900 ring-1 ring-amber-300">
          {tr.payment.demoBadge}
        </p>
        <p className="mt-2 text-xs leading-5 text-amber-900">{tr.payment.demoHint}</p>
      </div>
      <TextField
        label={tr.payment.cardNumber}
        {...numeric("cardnumber", "cc-number", "4242 4242 4242 4242", 19)}
        value={number}
        invalid={invalid}
        onChange={(v) => setNumber(groups(v.replace(/\D/g, "").slice(0, 16)))}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={tr.payment.expiry}
          {...numeric("cc-exp", "cc-exp", "12/30", 5)}
          value={expiry}
          onChange={(v) => {
            const d = v.replace(/\D/g, "").slice(0, 4);
            setExpiry(d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d);
          }}
        />
        <TextField label={tr.payment.cvc} {...numeric("cvc", "cc-csc", "123", 4)} value={cvc} onChange={(v) => setCvc(v.replace(/\D/g, "").slice(0, 4))} />
      </div>
    </div>
  );
}
