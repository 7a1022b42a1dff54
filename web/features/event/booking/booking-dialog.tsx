import { useAtomValue } from "jotai";
import { useEffect, useState, type FormEvent } from "react";
import { useAppNavigate } from "../../../app/app-location";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { BusyLabel } from "../../../components/busy-label";
import { Spinner } from "../../../components/spinner";
import { useT } from "../../../i18n/lang";
import { ApiError, errorMessage, newIdempotencyKey } from "../../../lib/api";
import { bookingCode } from "../../../lib/format";
import { eventWhen, unavailableMessage } from "../../../entities/event/format";
import type { EventDto, RateDto } from "../../../entities/event/types";
import { rememberBooking } from "../../../entities/pass/remembered";
import { CallGarage } from "./call-garage";
import { fieldBinder } from "../../../entities/customer/bind-field";
import { CarFields } from "../../../entities/customer/car-fields";
import { WaitlistForm } from "../waitlist/waitlist-dialog";
import { createBookingAtom } from "./queries";
import { checkBooking, normalisePlate, type BookingValues } from "../../../entities/customer/validation";

const empty: BookingValues = { customerName: "", customerEmail: "", licensePlate: "", carModel: "" };

export function BookingDialog({ event, rate, onClose }: { event: EventDto; rate: RateDto | null; onClose: () => void }) {
  const tr = useT();
  // Keep the last rate while the dialog animates out.
  const [shown, setShown] = useState<RateDto | null>(rate);
  useEffect(() => {
    if (rate) setShown(rate);
  }, [rate]);

  return (
    <Modal open={rate !== null} onClose={onClose} title={tr.booking.title} description={event.title}>
      {shown ? <BookingForm key={shown.id} event={event} rate={shown} onClose={onClose} /> : null}
    </Modal>
  );
}

function Summary({ event, rate }: { event: EventDto; rate: RateDto }) {
  const tr = useT();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-2xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200">
      <dt className="text-slate-500">{tr.eventCard.when}</dt>
      <dd className="font-medium text-slate-900 first-letter:uppercase">{eventWhen(event, tr)}</dd>
      <dt className="text-slate-500">{tr.booking.rate}</dt>
      <dd className="font-medium text-slate-900">{rate.name}</dd>
      <dt className="text-slate-500">{tr.booking.price}</dt>
      <dd className="text-base font-bold text-slate-900">{tr.money(rate.price)}</dd>
    </dl>
  );
}

function BookingForm({ event, rate, onClose }: { event: EventDto; rate: RateDto; onClose: () => void }) {
  const tr = useT();
  const navigate = useAppNavigate();
  const { mutateAsync, isPending } = useAtomValue(createBookingAtom);
  const [values, setValues] = useState(empty);
  const [voucherCode, setVoucherCode] = useState("");
  // "Mi serve la fattura": the checkout asks for the invoice's details once paid (an invoice is of a payment).
  const [wantsInvoice, setWantsInvoice] = useState(false);
  // A field's problem (from checkBooking) or the server's refusal, which carries the spec's title "Errore".
  const [problem, setProblem] = useState<(NonNullable<ReturnType<typeof checkBooking>> & { title?: string }) | null>(null);
  // The plate the server said already has a spot for this event: the customer may continue on purpose.
  const [repeatedPlate, setRepeatedPlate] = useState<string | null>(null);
  // The last spot went while the form was open: the same dialog offers the waiting list instead.
  const [joinList, setJoinList] = useState(false);
  const field = fieldBinder(values, setValues, problem?.fields);
  const plate = normalisePlate(values.licensePlate);
  const warned = repeatedPlate !== null && repeatedPlate === plate;

  if (!rate.isPayable) return <CallGarage summary={<Summary event={event} rate={rate} />} title={unavailableMessage(rate, tr)} onClose={onClose} />;

  const book = async (continueRepeat: boolean) => {
    if (isPending) return;
    const found = checkBooking(values, tr);
    setProblem(found);
    if (found) return;
    try {
      const booking = await mutateAsync({
        ...values,
        eventId: event.id,
        rateId: rate.id,
        idempotencyKey: newIdempotencyKey(),
        warnRepeatPlate: !continueRepeat,
        ...(voucherCode.trim() ? { voucherCode: voucherCode.trim() } : {}),
      });
      rememberBooking({ email: values.customerEmail.trim(), code: bookingCode(booking.id) });
      onClose();
      // A free-spot voucher: paid already, straight to the pass.
      if (booking.status === "paid" && booking.passSecret) navigate(`/p/${booking.passSecret}`);
      else navigate(`/checkout?${new URLSearchParams({ bookingId: booking.id, amount: booking.amount, ...(wantsInvoice ? { fattura: "1" } : {}) })}`);
    } catch (err) {
      if (err instanceof ApiError && err.code === "repeat_plate") {
        setRepeatedPlate(plate);
        return;
      }
      if (err instanceof ApiError && err.code === "sold_out") setJoinList(true);
      // Said once, inside the dialog (a voucher refused, a card declined…): a toast would repeat it
      // outside the focus trap, where a keyboard or screen-reader user cannot reach it (issue #48).
      setProblem({ title: tr.booking.errorTitle, message: errorMessage(err, tr.booking.errorFallback), fields: [] });
    }
  };

  if (joinList) {
    return (
      <div className="space-y-4">
        <Alert tone="error" role="alert" title={tr.eventCard.soldOut}>
          {tr.eventCard.soldOutHint}
        </Alert>
        <WaitlistForm event={event} onClose={onClose} prefill={{ email: values.customerEmail, licensePlate: values.licensePlate, rateId: rate.id }} />
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void book(false);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Summary event={event} rate={rate} />
      {problem ? (
        <Alert tone="error" role="alert" title={problem.title}>
          {problem.message}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField className="sm:col-span-2" label={tr.booking.customerName} autoComplete="name" placeholder={tr.booking.placeholders.customerName} maxLength={100} {...field("customerName")} />
        <TextField
          className="sm:col-span-2"
          label={tr.booking.customerEmail}
          type="email"
          autoComplete="email"
          placeholder={tr.booking.placeholders.customerEmail}
          maxLength={254}
          {...field("customerEmail")}
        />
        <CarFields plate={field("licensePlate")} carModel={field("carModel")} plateLabel={tr.booking.licensePlate} carModelLabel={tr.booking.carModel} />
        <TextField label={tr.season.voucher} name="voucherCode" autoCapitalize="characters" maxLength={32} value={voucherCode} onChange={(v) => setVoucherCode(v.toUpperCase())} />
      </div>
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input type="checkbox" name="wantsInvoice" className="mt-0.5 size-4 accent-blue-600" checked={wantsInvoice} onChange={(e) => setWantsInvoice(e.target.checked)} />
        <span>
          <span className="font-medium">{tr.booking.wantsInvoice}</span>
          <span className="block text-xs text-slate-500">{tr.booking.wantsInvoiceHint}</span>
        </span>
      </label>
      <p className="text-xs text-slate-500">
        {tr.booking.holdNote} {tr.booking.privacy}
      </p>
      {warned ? (
        <div className="space-y-3">
          <Alert tone="warning" role="alert" title={tr.booking.repeatPlate}>
            {tr.booking.repeatPlateHint}
          </Alert>
          <Button type="button" disabled={isPending} size="lg" className="w-full" onClick={() => void book(true)}>
            {isPending ? <Spinner className="size-5" /> : null}
            {tr.booking.repeatPlateContinue}
          </Button>
        </div>
      ) : (
        <Button type="submit" disabled={isPending} size="lg" className="w-full">
          <BusyLabel busy={isPending} busyText={tr.booking.submitting}>
            {tr.booking.submit(tr.money(rate.price))}
          </BusyLabel>
        </Button>
      )}
    </form>
  );
}
