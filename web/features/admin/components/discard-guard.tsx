import { useState } from "react";
import { itAdmin } from "../../../i18n/it-admin";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * Asks "Scartare le modifiche?" before a form with unsaved changes is closed by Escape, a click
 * outside or the close button. `requestClose` is what those call; an explicit "Annulla" may call
 * `discard` directly.
 */
export function useDiscardGuard(isDirty: () => boolean, discard: () => void) {
  const [asking, setAsking] = useState(false);
  // Opened once the Escape or click that asked has finished, so that same event does not also
  // reach the new dialog and close it again.
  const requestClose = () => (isDirty() ? setTimeout(() => setAsking(true)) : discard());
  // Mounted only while asking: a closed dialog left mounted would still take the next Escape.
  const dialog = asking ? (
    <ConfirmDialog
      open
      title={itAdmin.discard.title}
      message={itAdmin.discard.message}
      confirmLabel={itAdmin.discard.confirm}
      cancelLabel={itAdmin.discard.keepEditing}
      onConfirm={() => {
        setAsking(false);
        discard();
      }}
      onCancel={() => setAsking(false)}
    />
  ) : null;
  return { requestClose, dialog };
}
