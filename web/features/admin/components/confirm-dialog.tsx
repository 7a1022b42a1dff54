import { useState } from "react";
import { Button } from "../../../components/button";
import { Modal } from "../../../components/modal";
import { itAdmin } from "../../../i18n/it-admin";
import { notifyOutcome } from "../../../lib/notify-outcome";

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

type Removal = { mutate: (id: number, callbacks: ReturnType<typeof notifyOutcome>) => void; isPending: boolean };

/** "Elimina" behind a confirmation: `ask(item)` opens it; confirming deletes and toasts the outcome. */
export function useConfirmedDelete<T extends { id: number }>(remove: Removal, texts: { deleteTitle: string; deleteConfirm: string; deleted: string; deleteFailed: string }) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      title={texts.deleteTitle}
      message={texts.deleteConfirm}
      busy={remove.isPending}
      onConfirm={() => deleting && remove.mutate(deleting.id, notifyOutcome(texts.deleted, texts.deleteFailed, () => setDeleting(null)))}
      onCancel={() => setDeleting(null)}
    />
  );
  return { ask: setDeleting, dialog };
}
