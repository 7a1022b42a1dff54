import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Alert } from "../../../components/alert";
import { AppLink } from "../../../components/app-link";
import { Button, buttonClass } from "../../../components/button";
import { TextField } from "../../../components/field";
import { TicketIcon } from "../../../components/icons";
import { Modal } from "../../../components/modal";
import { notify } from "../../../components/notify";
import { CardFields, PaymentNote } from "../../../components/payment/card-fields";
import { confirmPaymentAtom, createIntentAtom } from "../../../components/payment/queries";
import type { ConfirmCard, PaymentIntentDto } from "../../../components/payment/types";
import { BusyLabel } from "../../../components/busy-label";
import { LoadingState } from "../../../components/spinner";
import { useT } from "../../../i18n/lang";
import { errorMessage, newIdempotencyKey } from "../../../lib/api";
import { bookingCode } from "../../../lib/format";
import { fieldBinder } from "../../../entities/customer/bind-field";
import { CallGarage } from "../booking/call-garage";
import { CarFields } from "../../../entities/customer/car-fields";
import { checkPresale, type PresaleValues } from "../../../entities/customer/validation";
import type { EventDto } from "../../../entities/event/types";
import { rememberBooking, showPassBanner } from "../../../entities/pass/remembered";
import { createPresaleAtom } from "./queries";

const empty: PresaleValues = { nome: "", cognome: "", email: "", telefono: "", targa: "", modelloAuto: "", note: "" };

export function PresaleDialog({ event, open, onClose }: { event: EventDto; open: boolean; onClose: () => void }) {
  const tr = useT();
  // A new session (and a new payment intent) each time the modal opens.
  const [session, setSession] = useState(0);
  const busy = useRef(false);
  useEffect(() => {
    if (open) setSession((n) => n + 1);
  }, [open]);
  const close = () => {
    if (!busy.current) onClose();
  };
  return (
    <Modal open={open} onClose={close} title={event.prevendita_title || tr.presale.title} description={event.title} size="lg">
      {session > 0 ? <PresaleFlow key={session} event={event} onClose={close} busy={busy} /> : null}
    </Modal>
  );
}

type FlowState =
  | { status: "preparing" }
  | { status: "failed"; detail?: string }
  | { status: "ready"; intent: PaymentIntentDto }
  | { status: "done"; code: string };

function PresaleFlow({ event, onClose, busy }: { event: EventDto; onClose: () => void; busy: { current: boolean } }) {
  const tr = useT();
  const payable = event.isPrevenditaPayable && event.prevendita_price !== null;
  const createIntent = useAtomValue(createIntentAtom).mutateAsync;
  const [intentKey] = useState(newIdempotencyKey);
  const [state, setState] = useState<FlowState>({ status: "preparing" });

  useEffect(() => {
    if (!payable) return;
    let alive = true;
    createIntent({ eventId: event.id, type: "prevendita", idempotencyKey: intentKey }).then(
      (intent) => alive && setState({ status: "ready", intent }),
      (err) => alive && setState({ status: "failed", detail: errorMessage(err, "") || undefined }),
    );
    return () => {
      alive = false;
    };
  }, [payable, createIntent, event.id, intentKey]);

  const about = (
    <div className="flex gap-3 rounded-2xl bg-gradient-to-br from-amber-50 to-orange-50 p-4 ring-1 ring-amber-200">
      <TicketIcon className="mt-0.5 size-6 shrink-0 text-amber-600" />
      <div className="min-w-0 text-sm">
        {event.prevendita_description ? <p className="text-slate-700">{event.prevendita_description}</p> : null}
        {event.prevendita_price ? <p className="mt-1 text-lg font-bold text-slate-900">{tr.money(event.prevendita_price)}</p> : null}
      </div>
    </div>
  );

  if (!payable) return <CallGarage summary={about} title={tr.booking.presaleNotAvailable} onClose={onClose} />;

  switch (state.status) {
    case "preparing":
      return <LoadingState text={tr.presale.preparing} />;
    case "failed":
      return (
        <div className="space-y-4">
          <Alert tone="error" role="alert" title={tr.presale.prepareFailed}>
            {state.detail}
          </Alert>
          <Button onClick={onClose} variant="secondary" size="lg" className="w-full">
            {tr.common.close}
          </Button>
        </div>
      );
    case "done":
      return (
        <div className="space-y-5 text-center">
          <Alert tone="success" role="status" title={tr.presale.success}>
            {tr.presale.successText}
          </Alert>
          <div className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <p className="text-sm text-slate-600">{tr.checkout.code}</p>
            <p className="mt-1 font-mono text-2xl font-bold tracking-widest text-slate-900">{state.code}</p>
            <p className="mt-2 text-xs text-slate-500">{tr.checkout.codeHint}</p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <AppLink to="/le-mie-prenotazioni" className={buttonClass("primary", "lg")}>
              {tr.layout.nav.myBookings}
            </AppLink>
            <Button onClick={onClose} variant="secondary" size="lg">
              {tr.common.close}
            </Button>
          </div>
        </div>
      );
    case "ready":
      return (
        <PresaleForm
          event={event}
          intent={state.intent}
          about={about}
          busy={busy}
          onDone={(code) => setState({ status: "done", code })}
        />
      );
  }
}

function PresaleForm({
  event,
  intent,
  about,
  busy,
  onDone,
}: {
  event: EventDto;
  intent: PaymentIntentDto;
  about: React.ReactNode;
  busy: { current: boolean };
  onDone: (code: string) => void;
}) {
  const tr = useT();
  const createPresale = useAtomValue(createPresaleAtom).mutateAsync;
  const confirmPayment = useAtomValue(confirmPaymentAtom).mutateAsync;
  const confirmRef = useRef<ConfirmCard | null>(null);
  const [cardReady, setCardReady] = useState(false);
  const onReadyChange = useCallback((ready: boolean) => setCardReady(ready), []);
  const [values, setValues] = useState(empty);
  const [problem, setProblem] = useState<{ title?: string; message: string; fields: (keyof PresaleValues)[] } | null>(null);
  // Errors show once, inside the dialog where focus is (docs/decisions/052), with the spec's titles.
  const fail = (title: string, message: string) => setProblem({ title, message, fields: [] });
  const [processing, setProcessing] = useState(false);
  const field = fieldBinder(values, setValues, problem?.fields);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (processing) return;
    const found = checkPresale(values, tr);
    setProblem(found);
    if (found) return;
    setProcessing(true);
    busy.current = true;
    try {
      let booking;
      try {
        booking = await createPresale({
          eventId: event.id,
          paymentIntentId: intent.paymentIntentId,
          nome: values.nome,
          cognome: values.cognome,
          email: values.email,
          telefono: values.telefono || undefined,
          targa: values.targa,
          modelloAuto: values.modelloAuto,
          note: values.note || undefined,
        });
      } catch (err) {
        fail(tr.booking.errorTitle, errorMessage(err, tr.presale.paymentException));
        return;
      }
      const card = await confirmRef.current?.();
      if (!card) return;
      if (!card.ok) {
        fail(tr.presale.paymentErrorTitle, card.message);
        return;
      }
      const paid = await confirmPayment(intent.paymentIntentId);
      if (paid.status !== "paid") throw new Error(`presale ended as ${paid.status}`);
      const code = bookingCode(booking.id);
      rememberBooking({ email: values.email.trim(), code });
      showPassBanner({ code, eventTitle: event.title });
      notify.success(tr.presale.success);
      onDone(code);
    } catch (err) {
      fail(tr.presale.paymentErrorTitle, errorMessage(err, tr.presale.paymentException));
    } finally {
      busy.current = false;
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {about}
      <fieldset disabled={processing} className="grid gap-4 sm:grid-cols-2">
        <TextField label={tr.presale.nome} autoComplete="given-name" maxLength={100} {...field("nome")} />
        <TextField label={tr.presale.cognome} autoComplete="family-name" maxLength={100} {...field("cognome")} />
        <TextField label={tr.presale.email} type="email" autoComplete="email" maxLength={254} {...field("email")} />
        <TextField label={tr.presale.telefono} type="tel" autoComplete="tel" maxLength={30} {...field("telefono")} />
        <CarFields plate={field("targa")} carModel={field("modelloAuto")} plateLabel={tr.presale.targa} carModelLabel={tr.presale.modelloAuto} />
        <TextField className="sm:col-span-2" multiline label={tr.presale.note} maxLength={500} {...field("note")} />
      </fieldset>
      <CardFields intent={intent} confirmRef={confirmRef} onReadyChange={onReadyChange} disabled={processing} />
      {problem ? (
        <Alert tone="error" role="alert" title={problem.title}>
          {problem.message}
        </Alert>
      ) : null}
      <Button type="submit" disabled={processing || !cardReady} variant="accent" size="lg" className="w-full">
        <BusyLabel busy={processing} busyText={tr.presale.processing}>
          {tr.presale.submit(tr.money(intent.amount))}
        </BusyLabel>
      </Button>
      <PaymentNote provider={intent.provider} />
    </form>
  );
}
