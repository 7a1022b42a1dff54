import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { Button } from "../../../components/button";
import { Modal } from "../../../components/modal";
import { itAdmin } from "../../../i18n/it-admin";
import { ListState } from "../components/list-state";
import { EmailList } from "./email-list";
import { bookingEmailsQueryAtom, resendConfirmationAtom } from "./queries";
import { notifyOutcome } from "../../../lib/notify-outcome";

const t = itAdmin.emails;

/** One booking's messages, from the bookings tab, with "Reinvia la conferma". */
export function BookingEmailsDialog({ booking, onClose }: { booking: { id: string; customerName: string; status: string }; onClose: () => void }) {
  const emailsAtom = useMemo(() => bookingEmailsQueryAtom(booking.id), [booking.id]);
  const emails = useAtomValue(emailsAtom);
  const resend = useAtomValue(resendConfirmationAtom);
  return (
    <Modal
      open
      onClose={onClose}
      title={t.bookingTitle(booking.customerName)}
      size="xl"
      footer={
        <div className="flex justify-end gap-2">
          {booking.status === "paid" ? (
            <Button
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(booking.id, notifyOutcome(t.resent, t.resendFailed))
              }
            >
              {resend.isPending ? t.resending : t.sendConfirmation}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            {t.close}
          </Button>
        </div>
      }
    >
      <ListState query={emails} empty={t.empty}>
        {(rows) => <EmailList rows={rows} showBooking={false} />}
      </ListState>
    </Modal>
  );
}
