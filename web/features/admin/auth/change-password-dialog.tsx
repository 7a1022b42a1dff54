import { useAtomValue } from "jotai";
import { useState } from "react";
import { notify } from "../../../components/notify";
import { itAdmin } from "../../../i18n/it-admin";
import { FormModal } from "../components/form-modal";
import { PasswordField } from "../components/password-field";
import { changePasswordAtom } from "../queries";

const t = itAdmin.password;

/** Any staff member's own password change (the current one is asked again). */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const change = useAtomValue(changePasswordAtom);
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");

  function submit() {
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
    <FormModal
      title={t.title}
      description={t.description}
      size="sm"
      submitLabel={t.save}
      mutation={change}
      failed={t.failed}
      onSubmit={submit}
      onClose={onClose}
    >
      <PasswordField id="current-password" label={t.current} autoComplete="current-password" autoFocus value={currentPassword} onChange={setCurrent} />
      <PasswordField id="new-password" label={t.next} hint={t.hint} minLength={10} autoComplete="new-password" value={newPassword} onChange={setNew} />
    </FormModal>
  );
}
