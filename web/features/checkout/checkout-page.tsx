import { useAtomValue, useSetAtom } from "jotai";
import { QRCodeSVG } from "qrcode.react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../components/alert";
import { AppLink } from "../../components/app-link";
import { Button, buttonClass } from "../../components/button";
import { cardClass } from "../../components/card";
import { ArrowLeftIcon, CheckCircleIcon, ClockIcon, LockIcon } from "../../components/icons";
import { notify } from "../../components/notify";
import { CardFields, PaymentNote } from "../../components/payment/card-fields";
import { confirmPaymentAtom, createIntentAtom, type BookingDto } from "../../components/payment/queries";
import type { ConfirmCard, PaymentIntentDto } from "../../components/payment/types";
import { BusyLabel } from "../../components/busy-label";
import { LoadingState } from "../../components/spinner";
import { Modal } from "../../components/modal";
import { BuyerForm } from "../../entities/document/buyer-form";
import { documentPath, passDocumentsQueryAtom, requestInvoiceAtom } from "../../entities/document/queries";
import { passSecretAtom } from "../../entities/pass/queries";
import { useT } from "../../i18n/lang";
import { ApiError, errorMessage, newIdempotencyKey } from "../../lib/api";
import { bookingCode, formatCountdown, formatLongDateTime } from "../../lib/format";
import { passUrl } from "../../lib/pass-url";
import { decimalToCentsExact } from "../../../shared/lifecycle/money";
import { useAppSearchParams } from "../../lib/search-params";
import { PublicLayout } from "../../components/layout/public-layout";
import { showPassBanner } from "../../entities/pass/remembered";
import { checkoutBookingIdAtom, checkoutBookingQueryAtom } from "./queries";
import { useNow } from "../../lib/use-now";

const REDIRECT_AFTER_SUCCESS_MS = 2000;

export function CheckoutPage() {
  const tr = useT();
  const c = tr.checkout;
  const [params] = useAppSearchParams();
  const bookingId = params.get("bookingId");
  const amount = params.get("amount");
  const wantsInvoice = params.get("fattura") === "1";
  const navigate = useNavigate();
  const missing = !bookingId || !amount;

  useEffect(() => {
    if (!missing) return;
    notify.error(c.errorTitle, c.missingParams);
    navigate("/", { replace: true });
  }, [missing, navigate]);

  return (
    <PublicLayout chat={false}>
      <div className="bg-gradient-to-b from-slate-950 to-slate-900 pt-10 pb-24 text-white">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <AppLink to="/" className="inline-flex items-center gap-2 rounded-lg text-sm font-medium text-slate-300 hover:text-white">
            <ArrowLeftIcon className="size-4" />
            {c.back}
          </AppLink>
          <h1 className="mt-4 text-3xl font-black tracking-tight sm:text-4xl">{c.title}</h1>
          <p className="mt-2 text-slate-300">{c.subtitle}</p>
        </div>
      </div>
      <div className="mx-auto -mt-16 max-w-5xl px-4 pb-16 sm:px-6 lg:px-8">
        {missing ? null : <Checkout bookingId={bookingId} wantsInvoice={wantsInvoice} />}
      </div>
    </PublicLayout>
  );
}

function Checkout({ bookingId, wantsInvoice }: { bookingId: string; wantsInvoice: boolean }) {
  const tr = useT();
  const c = tr.checkout;
  const setBookingId = useSetAtom(checkoutBookingIdAtom);
  useEffect(() => setBookingId(bookingId), [bookingId, setBookingId]);
  const booking = useAtomValue(checkoutBookingQueryAtom);
  const navigate = useNavigate();
  const current = booking.data?.id === bookingId ? booking.data : undefined;

  useEffect(() => {
    if (!booking.isError) return;
    notify.error(c.errorTitle, c.initFailed);
    navigate("/", { replace: true });
  }, [booking.isError, navigate]);

  if (!current) {
    return (
      <div className={`${cardClass} p-6`}>
        <LoadingState text={c.preparing} />
      </div>
    );
  }
  return <CheckoutFlow booking={current} wantsInvoice={wantsInvoice} />;
}

type Phase =
  | { kind: "preparing" }
  | { kind: "ready"; intent: PaymentIntentDto }
  | { kind: "lapsed"; message?: string }
  | { kind: "paid"; justNow: boolean };

function CheckoutFlow({ booking, wantsInvoice }: { booking: BookingDto; wantsInvoice: boolean }) {
  const tr = useT();
  const c = tr.checkout;
  const navigate = useNavigate();
  const createIntent = useAtomValue(createIntentAtom).mutateAsync;
  const [key] = useState(newIdempotencyKey);
  const initial: Phase =
    booking.status === "paid" ? { kind: "paid", justNow: false } : booking.status === "pending" ? { kind: "preparing" } : { kind: "lapsed" };
  const [phase, setPhase] = useState<Phase>(initial);
  const holdEndsAt = Date.parse(booking.holdExpiresAt);
  const now = useNow(1000, phase.kind === "ready" || phase.kind === "preparing");
  const remaining = holdEndsAt - now;

  useEffect(() => {
    if (initial.kind !== "preparing") return;
    let alive = true;
    createIntent({ bookingId: booking.id, idempotencyKey: key }).then(
      (intent) => alive && setPhase({ kind: "ready", intent }),
      (err) => {
        if (!alive) return;
        if (err instanceof ApiError && err.status === 409) {
          setPhase({ kind: "lapsed", message: err.serverMessage });
          return;
        }
        notify.error(c.errorTitle, c.initFailed);
        navigate("/", { replace: true });
      },
    );
    return () => {
      alive = false;
    };
    // One intent per booking: the server answers the same one however often asked.
  }, [booking.id]);

  const lapsed = phase.kind === "lapsed" || ((phase.kind === "ready" || phase.kind === "preparing") && remaining <= 0);

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[1fr_1.15fr]">
      <Summary booking={booking} />
      <section aria-labelledby="pay-title" className={`${cardClass} p-5 sm:p-7`}>
        <h2 id="pay-title" className="text-lg font-bold text-slate-900">
          {c.payTitle}
        </h2>
        <div className="mt-4">
          {phase.kind === "paid" ? (
            <Success booking={booking} justNow={phase.justNow} wantsInvoice={wantsInvoice} />
          ) : lapsed ? (
            <div className="space-y-4">
              <Alert tone="warning" role="alert" title={c.holdLapsedTitle}>
                {phase.kind === "lapsed" && phase.message ? phase.message : c.holdLapsed}
              </Alert>
              <AppLink to="/" className={`${buttonClass("primary", "lg")} w-full`}>
                {c.back}
              </AppLink>
            </div>
          ) : phase.kind === "preparing" ? (
            <LoadingState text={c.preparing} />
          ) : (
            <PaymentForm
              booking={booking}
              intent={phase.intent}
              remaining={remaining}
              onPaid={() => {
                setPhase({ kind: "paid", justNow: true });
                // Asked for an invoice: the page stays, with the invoice's form open.
                if (!wantsInvoice) setTimeout(() => navigate("/"), REDIRECT_AFTER_SUCCESS_MS);
              }}
            />
          )}
        </div>
      </section>
    </div>
  );
}

export function Summary({ booking }: { booking: BookingDto }) {
  const tr = useT();
  const c = tr.checkout;
  const rows: [string, string][] = [
    [c.event, booking.event.title],
    [c.when, booking.event.datetime ? formatLongDateTime(booking.event.datetime, tr.dates) : tr.eventCard.alwaysActive],
    [c.rate, booking.rate?.name ?? (booking.kind === "prevendita" ? c.presale : "—")],
    [c.customer, booking.customerName],
    [c.plate, booking.licensePlate],
  ];
  return (
    <section aria-labelledby="summary-title" className={`${cardClass} overflow-hidden`}>
      <div className="border-b border-slate-100 bg-slate-50 px-5 py-4 sm:px-7">
        <h2 id="summary-title" className="text-lg font-bold text-slate-900">
          {c.summaryTitle}
        </h2>
      </div>
      <dl className="divide-y divide-slate-100 px-5 sm:px-7">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-3 text-sm">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-right font-medium text-slate-900 first-letter:uppercase">{value}</dd>
          </div>
        ))}
        {booking.voucher ? (
          <>
            <div className="flex justify-between gap-4 py-3 text-sm" data-testid="checkout-price">
              <dt className="text-slate-500">{c.price}</dt>
              <dd className="text-right font-medium text-slate-900">{tr.money(decimalToCentsExact(booking.amount) + decimalToCentsExact(booking.voucher.discount))}</dd>
            </div>
            <div className="flex justify-between gap-4 py-3 text-sm" data-testid="checkout-discount">
              <dt className="text-slate-500">{c.discount(booking.voucher.code)}</dt>
              <dd className="text-right font-semibold text-emerald-700">− {tr.money(booking.voucher.discount)}</dd>
            </div>
          </>
        ) : null}
        <div className="flex items-baseline justify-between gap-4 py-4">
          <dt className="font-semibold text-slate-900">{c.total}</dt>
          <dd className="text-2xl font-black text-slate-900">{tr.money(booking.amount)}</dd>
        </div>
      </dl>
    </section>
  );
}

function PaymentForm({ booking, intent, remaining, onPaid }: { booking: BookingDto; intent: PaymentIntentDto; remaining: number; onPaid: () => void }) {
  const tr = useT();
  const c = tr.checkout;
  const confirmPayment = useAtomValue(confirmPaymentAtom).mutateAsync;
  const confirmRef = useRef<ConfirmCard | null>(null);
  const [cardReady, setCardReady] = useState(false);
  const onReadyChange = useCallback((ready: boolean) => setCardReady(ready), []);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const total = tr.money(intent.amount);

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    if (processing || !confirmRef.current) return;
    setProcessing(true);
    setFailure(null);
    try {
      const outcome = await confirmRef.current();
      if (!outcome.ok) {
        // Said once, beside the card fields (docs/decisions/052): no toast repeating it.
        setFailure(outcome.message);
        return;
      }
      let paid: BookingDto;
      try {
        paid = await confirmPayment(intent.paymentIntentId);
      } catch (err) {
        notify.error(c.confirmErrorTitle, errorMessage(err, c.confirmErrorFallback));
        return;
      }
      if (paid.status !== "paid") {
        notify.error(c.confirmErrorTitle, c.confirmErrorFallback);
        return;
      }
      notify.success(c.successTitle, `${c.code}: ${bookingCode(booking.id)}`);
      showPassBanner({ code: bookingCode(booking.id), eventTitle: booking.event.title });
      onPaid();
    } catch {
      notify.error(c.errorTitle, c.unexpected);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={pay} noValidate className="space-y-5">
      <div className="flex items-center justify-between gap-4 rounded-2xl bg-blue-50 px-4 py-3 ring-1 ring-blue-100">
        <span className="text-sm font-medium text-blue-900">{c.totalToPay}</span>
        <span className="text-2xl font-black text-blue-950">{total}</span>
      </div>
      <p className="flex items-center gap-2 text-sm text-slate-600" role="timer" aria-live="off">
        <ClockIcon className="size-4 text-amber-600" />
        {c.holdRemaining} <strong className="font-mono text-slate-900 tabular-nums">{formatCountdown(remaining)}</strong>
      </p>
      <CardFields intent={intent} confirmRef={confirmRef} onReadyChange={onReadyChange} disabled={processing} />
      {failure ? (
        <Alert tone="error" role="alert" title={c.failedTitle}>
          {failure}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <AppLink to="/" className={`${buttonClass("secondary", "lg")} whitespace-nowrap sm:flex-1`}>
          {c.back}
        </AppLink>
        <Button type="submit" disabled={processing || !cardReady} size="lg" className="sm:flex-[1.4]">
          <BusyLabel busy={processing} busyText={c.processing} icon={<LockIcon className="size-5" />}>
            {c.pay(total)}
          </BusyLabel>
        </Button>
      </div>
      <PaymentNote provider={intent.provider} />
    </form>
  );
}

/**
 * "Richiedi fattura" right after paying: the pass page's form, open at once when the booking dialog
 * asked for it; the invoice's link once issued; the pass page's words when the garage issues none.
 */
function CheckoutInvoice({ secret, autoOpen }: { secret: string; autoOpen: boolean }) {
  const tr = useT();
  const d = tr.documents;
  const setSecret = useSetAtom(passSecretAtom);
  useEffect(() => setSecret(secret), [secret, setSecret]);
  const docs = useAtomValue(passDocumentsQueryAtom).data;
  const request = useAtomValue(requestInvoiceAtom);
  const [open, setOpen] = useState(autoOpen);
  if (!docs) return null;
  if (!docs.invoice && !docs.invoicesEnabled) return autoOpen ? <p className="mt-4 text-sm text-slate-600">{d.notConfigured}</p> : null;
  return (
    <div data-testid="checkout-invoice" className="mt-4 w-full space-y-2 rounded-2xl bg-white p-4 text-left ring-1 ring-slate-200">
      {docs.invoice ? (
        <AppLink to={documentPath(docs.invoice.id)} className="text-sm font-semibold text-blue-700 underline-offset-2 hover:underline">
          {d.openInvoice(docs.invoice.number)}
        </AppLink>
      ) : (
        <>
          <p className="text-sm text-slate-600">{tr.checkout.invoiceAsk}</p>
          <Button type="button" variant="secondary" className="w-full" onClick={() => setOpen(true)}>
            {d.requestInvoice}
          </Button>
        </>
      )}
      <Modal open={open && !docs.invoice} onClose={() => setOpen(false)} title={d.form.title}>
        <BuyerForm
          testId="invoice-form"
          intro={d.form.intro}
          submitLabel={d.form.submit}
          pending={request.isPending}
          onSubmit={async (buyer) => {
            const r = await request.mutateAsync({ secret, buyer });
            notify.success(r.already ? d.form.already(r.invoice.number) : d.form.issued(r.invoice.number));
            setOpen(false);
          }}
        />
      </Modal>
    </div>
  );
}

function Success({ booking, justNow, wantsInvoice }: { booking: BookingDto; justNow: boolean; wantsInvoice: boolean }) {
  const tr = useT();
  const c = tr.checkout;
  return (
    <div role="status" className="flex flex-col items-center py-4 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-emerald-100 text-emerald-600">
        <CheckCircleIcon className="size-10" />
      </span>
      <h3 className="mt-4 text-2xl font-black text-slate-900">{justNow ? c.successTitle : c.alreadyPaid}</h3>
      {justNow ? <p className="mt-2 text-slate-600">{c.successText}</p> : null}
      <div className="mt-6 w-full rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <p className="text-sm text-slate-600">{c.code}</p>
        <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-slate-900">{bookingCode(booking.id)}</p>
        <p className="mt-2 text-xs text-slate-500">{c.codeHint}</p>
      </div>
      {booking.passSecret ? (
        <div className="mt-4 flex w-full flex-col items-center gap-2 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <QRCodeSVG value={passUrl(booking.passSecret)} size={160} marginSize={2} role="img" aria-label={c.passQrLabel} className="rounded-lg bg-white" />
          <p className="text-sm text-slate-600">{c.passHint}</p>
          <AppLink to={`/p/${booking.passSecret}`} className="text-sm font-semibold text-blue-700 underline-offset-2 hover:underline">
            {c.openPass}
          </AppLink>
        </div>
      ) : null}
      {booking.passSecret ? <CheckoutInvoice secret={booking.passSecret} autoOpen={wantsInvoice && justNow} /> : null}
      {justNow && !wantsInvoice ? (
        <p className="mt-4 text-sm text-slate-500">{c.redirecting}</p>
      ) : (
        <AppLink to="/le-mie-prenotazioni" className={`${buttonClass("primary", "lg")} mt-6 w-full`}>
          {tr.layout.nav.myBookings}
        </AppLink>
      )}
    </div>
  );
}
