import { useAtomValue } from "jotai";
import { useState } from "react";
import { itAdmin } from "../../../i18n/it-admin";
import { FormModal } from "../components/form-modal";
import { PasswordField } from "../components/password-field";
import { changePasswordAtom } from "../queries";
import { closeWith, useFormCheck } from "../components/form-check";
import { passwordChangeForm, PASSWORD_MIN_LENGTH } from "../../../../shared/forms/admin-forms";

const t = itAdmin.password;

/** Any staff member's own password change (the current one is asked again). */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const change = useAtomValue(changePasswordAtom);
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const { problem, check } = useFormCheck(change);

  function submit() {
    if (!check(passwordChangeForm(t.errors), { currentPassword, newPassword })) return;
    change.mutate({ currentPassword, newPassword }, closeWith(t.changed, onClose));
  }

  return (
    <FormModal
      title={t.title}
      description={t.description}
      size="sm"
      submitLabel={t.save}
      mutation={change}
      failed={t.failed}
      error={problem}
      onSubmit={submit}
      onClose={onClose}
    >
      <PasswordField id="current-password" label={t.current} autoComplete="current-password" autoFocus value={currentPassword} onChange={setCurrent} />
      <PasswordField id="new-password" label={t.next} hint={t.hint} minLength={PASSWORD_MIN_LENGTH} autoComplete="new-password" value={newPassword} onChange={setNew} />
    </FormModal>
  );
}
