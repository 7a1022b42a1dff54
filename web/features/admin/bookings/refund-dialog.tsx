import { useAtomValue } from "jotai";
import { useState } from "react";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { notify } from "../../../components/notify";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { formatEuroCompact } from "../../../lib/format";
import { refundBookingAtom } from "./queries";

const t = itAdmin.bookings;

/** "Rimborsa": full (amount left empty) or partial, with a reason; the server checks what is left. */
export function RefundDialog({ booking, onClose }: { booking: { id: string; customerName: string; amount: string }; onClose: () => void }) {
  const refund = useAtomValue(refundBookingAtom);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");

  function submit() {
    refund.mutate(
      { id: booking.id, amount, reason },
      {
        onSuccess: (result) => {
          notify.success(result.full ? t.refundedFull : t.refundedPartial(formatEuroCompact(result.refund.amount)));
          onClose();
        },
        onError: (err) => notify.error(errorMessage(err, t.refundFailed)),
      },
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t.refundTitle(booking.customerName)}
      description={t.refundIntro(formatEuroCompact(booking.amount))}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {itAdmin.confirm.cancel}
          </Button>
          <Button variant="danger" disabled={refund.isPending} onClick={submit}>
            {refund.isPending ? t.refunding : t.refundConfirm}
          </Button>
        </div>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField label={t.refundAmount} hint={t.refundAmountHint} value={amount} onChange={setAmount} inputMode="decimal" placeholder={booking.amount.replace(".", ",")} maxLength={12} />
        <TextField label={t.refundReason} value={reason} onChange={setReason} maxLength={300} />
      </form>
    </Modal>
  );
}
