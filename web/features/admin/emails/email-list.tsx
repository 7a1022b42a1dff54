import { useAtomValue } from "jotai";
import { useMemo, useState } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Modal } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { formatShortDateTime } from "../../../lib/format";
import { DataTable } from "../../../components/data-table";
import { emailPreviewQueryAtom, resendEmailAtom } from "./queries";
import { notifyOutcome } from "../../../lib/notify-outcome";

const t = itAdmin.emails;
const kindLabels = { ...t.kind, ...itAdmin.notices.emailKinds };

type EmailItem = {
  id: number;
  /** Null for a waiting-list message written before any booking exists. */
  bookingCode: string | null;
  kind: "confirmation" | "refund" | "event_postponed" | "notice" | "reminder" | "waitlist_offer" | "waitlist_joined" | "season_match_cancelled" | "invoice_copy";
  status: "queued" | "sending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  to: string;
  subject: string | null;
  eventTitle: string;
  createdAt: string;
  sentAt: string | null;
};

const tones: Record<EmailItem["status"], string> = {
  queued: "bg-amber-50 text-amber-900 ring-amber-300",
  sending: "bg-sky-50 text-sky-900 ring-sky-300",
  sent: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  failed: "bg-red-50 text-red-900 ring-red-300",
};

function EmailStatusBadge({ status }: { status: EmailItem["status"] }) {
  return <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tones[status]}`}>{t.status[status]}</span>;
}

/** The HTML as the customer gets it, in a frame that runs no script (sandbox without allow-scripts). */
function PreviewModal({ email, onClose }: { email: EmailItem; onClose: () => void }) {
  const previewAtom = useMemo(() => emailPreviewQueryAtom(email.id), [email.id]);
  const preview = useAtomValue(previewAtom);
  return (
    <Modal open onClose={onClose} title={email.bookingCode ? t.previewTitle(email.bookingCode) : t.kind[email.kind as "waitlist_joined"]} description={preview.data ? `${preview.data.subject} · ${preview.data.to}` : undefined} size="xl" footer={<Button variant="secondary" onClick={onClose}>{t.close}</Button>}>
      {preview.isPending ? (
        <LoadingState text={it.common.loading} />
      ) : preview.data ? (
        <iframe title={t.previewFrame} sandbox="" srcDoc={preview.data.html} className="h-[60vh] w-full rounded-lg border border-slate-200 bg-white" data-testid="email-preview" />
      ) : (
        <Alert tone="error" role="alert">
          {t.previewFailed}
        </Alert>
      )}
    </Modal>
  );
}

/** The outbox rows: status, attempts, last error, "Anteprima" and "Reinvia". */
export function EmailList({ rows, showBooking = true }: { rows: EmailItem[]; showBooking?: boolean }) {
  const resend = useAtomValue(resendEmailAtom);
  const [previewing, setPreviewing] = useState<EmailItem | null>(null);
  const [resendingId, setResendingId] = useState<number | null>(null);

  function onResend(id: number) {
    setResendingId(id);
    resend.mutate(id, notifyOutcome(t.resent, t.resendFailed, () => setResendingId(null)));
  }

  return (
    <>
      <DataTable
        rows={rows}
        rowKey={(e) => e.id}
        rowTestId="email-row"
        rowProps={(e) => ({ "data-booking-code": e.bookingCode ?? undefined })}
        columns={[
          {
            header: t.colMessage,
            cell: (e) => (
              <>
                <p className="font-medium text-slate-900">
                  {kindLabels[e.kind]}
                  {showBooking ? <span className="ml-2 font-mono text-xs text-slate-600">{e.bookingCode}</span> : null}
                </p>
                <p className="max-w-72 text-xs text-slate-600">{e.subject ?? e.eventTitle}</p>
              </>
            ),
          },
          { header: t.colTo, className: "text-slate-700", cell: (e) => e.to },
          {
            header: t.colStatus,
            cell: (e) => (
              <>
                <EmailStatusBadge status={e.status} />
                {e.sentAt ? <p className="mt-1 whitespace-nowrap text-xs text-slate-600">{t.sentAt(formatShortDateTime(e.sentAt))}</p> : null}
                {e.lastError ? <p className="mt-1 max-w-64 text-xs text-red-800">{t.lastError(e.lastError)}</p> : null}
              </>
            ),
          },
          { header: t.colAttempts, end: true, cell: (e) => e.attempts },
          { header: t.colCreated, className: "whitespace-nowrap tabular-nums text-slate-600", cell: (e) => formatShortDateTime(e.createdAt) },
        ]}
        actionsHeader={t.colAction}
        actions={(e) => (
          <>
            <Button size="sm" variant="secondary" onClick={() => setPreviewing(e)}>
              {t.preview}
            </Button>
            <Button size="sm" variant="secondary" disabled={e.status === "sending" || resendingId === e.id} onClick={() => onResend(e.id)}>
              {resendingId === e.id ? t.resending : t.resend}
            </Button>
          </>
        )}
      />
      {previewing ? <PreviewModal email={previewing} onClose={() => setPreviewing(null)} /> : null}
    </>
  );
}
