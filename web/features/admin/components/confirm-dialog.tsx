import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { itAdmin } from "../../../i18n/it-admin";
import { Button } from "./ui";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  tone?: "danger" | "primary";
  onConfirm: () => void;
  onCancel: () => void;
};

/** Confirmation before a destructive action, with the spec's texts as the message. */
export function ConfirmDialog({ open, title, message, confirmLabel = itAdmin.confirm.delete, busy = false, tone = "danger", onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={() => (busy ? undefined : onCancel())} className="fixed inset-0 z-50" role="alertdialog">
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-2xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          <Description className="mt-2 text-sm text-slate-600">{message}</Description>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              {itAdmin.confirm.cancel}
            </Button>
            <Button variant={tone} onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
