import { useAtomValue } from "jotai";
import { useState } from "react";
import { Button } from "../../components/button";
import { Modal } from "../../components/modal";
import { notify } from "../../components/notify";
import { useT } from "../../i18n/lang";
import { errorMessage } from "../../lib/api";
import { formatLongDateTime } from "../../lib/format";
import { cancelPassAtom } from "./queries";

/**
 * "Annulla prenotazione" (full automatic refund): the pass page and Le Mie Prenotazioni show it
 * when the server says the customer may still cancel, with the deadline the server gave.
 */
export function CancelBooking({ secret, deadline, onCancelled }: { secret: string; deadline: string | null; onCancelled?: () => void }) {
  const tr = useT();
  const m = tr.pass.manage;
  const cancel = useAtomValue(cancelPassAtom);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{deadline ? m.cancelUntil(formatLongDateTime(deadline, tr.dates)) : m.cancelAnytime}</p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {m.cancel}
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        title={m.confirmTitle}
        footer={
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {m.keep}
            </Button>
            <Button
              variant="danger"
              disabled={cancel.isPending}
              onClick={async () => {
                // Awaited rather than mutate()'s callbacks: the refetched pass replaces this button
                // (a void pass cannot be cancelled), and the result must still be said.
                try {
                  const r = await cancel.mutateAsync(secret);
                  notify.success(m.cancelled(tr.money(r.refund.amount)));
                  onCancelled?.();
                } catch (err) {
                  notify.error(errorMessage(err, m.cancelFailed));
                } finally {
                  setConfirming(false);
                }
              }}
            >
              {cancel.isPending ? m.cancelling : m.confirm}
            </Button>
          </div>
        }
      >
        <p className="text-sm text-slate-700">{m.confirmText}</p>
      </Modal>
    </div>
  );
}
