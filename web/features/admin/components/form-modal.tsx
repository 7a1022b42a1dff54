import { useId, type ReactNode } from "react";
import { Alert } from "../../../components/alert";
import { Button, type ButtonVariant } from "../../../components/button";
import { Modal } from "../../../components/modal";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";

/**
 * An admin dialog around one form: Enter submits it (the footer's button belongs to the form by
 * its id), "Annulla" closes it unless a save is running, and a failure shows under the fields.
 */
export function FormModal({
  title,
  description,
  size,
  submitLabel,
  tone = "primary",
  busy: busyProp = false,
  canSubmit = true,
  mutation,
  failed = "",
  error: errorProp,
  onSubmit,
  onClose,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  size?: "sm" | "md";
  /** Without one the dialog only shows (no submit button). */
  submitLabel?: string;
  tone?: ButtonVariant;
  busy?: boolean;
  canSubmit?: boolean;
  /** The save's mutation: while it runs the dialog is busy; its failure shows (the server's message, else `failed`). */
  mutation?: { isPending: boolean; error: unknown };
  failed?: string;
  error?: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const formId = useId();
  const busy = mutation?.isPending ?? busyProp;
  const error = mutation?.error ? errorMessage(mutation.error, failed) : errorProp;
  return (
    <Modal
      open
      onClose={() => (busy ? undefined : onClose())}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {itAdmin.confirm.cancel}
          </Button>
          {submitLabel ? (
            <Button variant={tone} type="submit" form={formId} disabled={busy || !canSubmit}>
              {submitLabel}
            </Button>
          ) : null}
        </>
      }
    >
      <form
        id={formId}
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (submitLabel && !busy && canSubmit) onSubmit();
        }}
      >
        {children}
        {error ? (
          <Alert tone="error" role="alert">
            {error}
          </Alert>
        ) : null}
      </form>
    </Modal>
  );
}
