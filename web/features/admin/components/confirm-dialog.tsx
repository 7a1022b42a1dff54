import { Button } from "../../../components/button";
import { Modal } from "../../../components/modal";
import { itAdmin } from "../../../i18n/it-admin";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  tone?: "danger" | "primary";
  onConfirm: () => void;
  onCancel: () => void;
};

/** Confirmation before a destructive action, with the spec's texts as the message. */
export function ConfirmDialog({ open, title, message, confirmLabel = itAdmin.confirm.delete, cancelLabel = itAdmin.confirm.cancel, busy = false, tone = "danger", onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={() => (busy ? undefined : onCancel())}
      title={title}
      size="sm"
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">{message}</p>
    </Modal>
  );
}
