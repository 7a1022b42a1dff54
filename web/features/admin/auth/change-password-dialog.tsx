import { useAtomValue } from "jotai";
import { useState, type FormEvent } from "react";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { Alert } from "../../../components/alert";
import { Modal } from "../../../components/modal";
import { notify } from "../../../components/notify";
import { Button } from "../../../components/button";
import { Field, inputClass } from "../../../components/field";
import { changePasswordAtom } from "../queries";

const t = itAdmin.password;

/** Any staff member's own password change (the current one is asked again). */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const change = useAtomValue(changePasswordAtom);
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");

  function submit(e: FormEvent) {
    e.preventDefault();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          notify.success(t.changed);
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      open
      onClose={() => (change.isPending ? undefined : onClose())}
      title={t.title}
      description={t.description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" form="change-password-form" disabled={change.isPending}>
            {t.save}
          </Button>
        </>
      }
    >
      <form id="change-password-form" onSubmit={submit} className="space-y-4">
        <Field label={t.current} htmlFor="current-password">
          <input
            id="current-password"
            type="password"
            required
            autoComplete="current-password"
            autoFocus
            className={inputClass}
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </Field>
        <Field label={t.next} htmlFor="new-password" hint={t.hint}>
          <input
            id="new-password"
            type="password"
            required
            minLength={10}
            autoComplete="new-password"
            className={inputClass}
            value={newPassword}
            onChange={(e) => setNew(e.target.value)}
          />
        </Field>
        {change.isError ? <Alert tone="error" role="alert">{errorMessage(change.error, t.failed)}</Alert> : null}
      </form>
    </Modal>
  );
}
