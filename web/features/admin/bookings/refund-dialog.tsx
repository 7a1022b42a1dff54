import { useAtomValue } from "jotai";
import { useMemo, useState } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { FormModal } from "../components/form-modal";
import { notify } from "../../../components/notify";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { formatShortDateTime } from "../../../lib/format";
import { centsToDecimal, decimalToCentsExact, formatEuro } from "../../../../shared/lifecycle/money";
import { bookingRefundsQueryAtom, refundBookingAtom, retryRefundAtom, type RefundRow } from "./queries";

const t = itAdmin.bookings;
const euro = (amount: string | number) => formatEuro(amount, "it");

export type RefundDialogBooking = { id: string; customerName: string; amount: string; refundedAmount: string; refundable: boolean };

const outcomeTone: Record<RefundRow["status"], string> = {
  succeeded: "bg-violet-50 text-violet-700 ring-violet-200",
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  failed: "bg-red-50 text-red-700 ring-red-200",
};

function RefundItem({ refund }: { refund: RefundRow }) {
  const retry = useAtomValue(retryRefundAtom);
  return (
    <li data-testid="refund-item" data-status={refund.status} className="space-y-1 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium tabular-nums text-slate-900">{t.refundRow(euro(refund.amount), formatShortDateTime(refund.createdAt))}</p>
        <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${outcomeTone[refund.status]}`}>{t.refundStatus[refund.status]}</span>
      </div>
      {refund.reason ? <p className="text-sm text-slate-600">{refund.reason}</p> : null}
      {refund.status === "failed" ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-red-800">{t.refundFailedReason(refund.failureReason ?? "—")}</p>
          <Button
            variant="secondary"
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(refund.id, {
                onSuccess: () => notify.success(t.refundRetried),
                onError: (err) => notify.error(errorMessage(err, t.refundRetryFailed)),
              })
            }
          >
            {retry.isPending ? t.refundRetrying : t.refundRetry}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The refunds of a booking with their real outcome (succeeded, in progress, failed with the
 * provider's reason and "Riprova"), and for a paid booking "Rimborsa": full (amount left empty) or
 * partial, with a reason; the server checks what is left.
 */
export function RefundDialog({ booking, onClose }: { booking: RefundDialogBooking; onClose: () => void }) {
  const refund = useAtomValue(refundBookingAtom);
  const refunds = useAtomValue(useMemo(() => bookingRefundsQueryAtom(booking.id), [booking.id]));
  const [amount, setAmount] = useState("");
  // What the server will still refund (it decides; this is the hint and the "leave empty" amount).
  const left = decimalToCentsExact(booking.amount) - decimalToCentsExact(booking.refundedAmount);
  const [reason, setReason] = useState("");

  function submit() {
    refund.mutate(
      { id: booking.id, amount, reason },
      {
        onSuccess: (result) => {
          notify.success(result.full ? t.refundedFull : t.refundedPartial(euro(result.refund.amount)));
          onClose();
        },
        onError: (err) => notify.error(errorMessage(err, t.refundFailed)),
      },
    );
  }

  return (
    <FormModal
      title={booking.refundable ? t.refundTitle(booking.customerName) : t.refundsTitle(booking.customerName)}
      description={booking.refundable ? t.refundIntro(euro(booking.amount), euro(left)) : t.refundsIntro(euro(booking.amount), euro(booking.refundedAmount))}
      submitLabel={booking.refundable ? (refund.isPending ? t.refunding : t.refundConfirm) : undefined}
      tone="danger"
      busy={refund.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {refunds.isError ? (
        <Alert tone="error" role="alert">
          {t.refundsLoadError}
        </Alert>
      ) : refunds.data && refunds.data.length > 0 ? (
        <section aria-label={t.refundsList}>
          <h3 className="text-xs font-semibold uppercase tracking-wider text-slate-600">{t.refundsList}</h3>
          <ul data-testid="refund-list" className="divide-y divide-slate-100">
            {refunds.data.map((r) => (
              <RefundItem key={r.id} refund={r} />
            ))}
          </ul>
        </section>
      ) : refunds.data && !booking.refundable ? (
        <p className="text-sm text-slate-600">{t.refundsEmpty}</p>
      ) : null}
      {booking.refundable ? (
        <>
          <TextField label={t.refundAmount} hint={t.refundAmountHint} value={amount} onChange={setAmount} inputMode="decimal" placeholder={centsToDecimal(left).replace(".", ",")} maxLength={12} />
          <TextField label={t.refundReason} value={reason} onChange={setReason} maxLength={300} />
        </>
      ) : null}
    </FormModal>
  );
}
